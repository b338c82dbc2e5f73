// The Noren test server's demat holdings (Holdings with prd C, NorenRestApiPy "get_holdings"): the stocks a test
// sets for a user, answered in Noren's shape, every number as text: `exch_tsym` the stock's listings (NSE's
// RELIANCE-EQ and, when given, BSE's), `holdqty` held, `btstqty` bought not yet delivered, `usedqty` what the day's
// CNC sells took, `upldprc` the average price; none is Not_Ok "no data". Each NSE listing is tradeable as CNC.
export type HoldingSeed = {
  /** NSE's trading symbol, with its series: RELIANCE-EQ. */
  tsym: string;
  token: string;
  isin: string;
  /** The stock's BSE listing too (scrip code), as Noren lists a stock held on both. */
  bseToken?: string;
  holdqty: number;
  btstqty?: number;
  upldprc: number;
  last: number;
};

/** A stock the book can trade: its NSE listing. */
export type ListedStock = { token: string; tsym: string };

const two = (n: number) => n.toFixed(2);

export function createHoldings() {
  const byUser = new Map<string, HoldingSeed[]>();
  const stocks = new Map<string, ListedStock>();
  return {
    set(uid: string, rows: readonly HoldingSeed[]): void {
      byUser.set(uid, [...rows]);
      for (const row of rows) stocks.set(row.tsym, { token: row.token, tsym: row.tsym });
    },
    stockOfTsym: (tsym: string) => stocks.get(tsym),
    /** A held stock by its NSE token (GetQuotes on NSE). */
    stockOfToken: (token: string) => [...stocks.values()].find((stock) => stock.token === token),
    /** `soldToday`: the shares of a stock (by its NSE token) the user's CNC sells took today. */
    json: (uid: string, soldToday: (token: string) => number) =>
      (byUser.get(uid) ?? []).map((row) => {
        const nse = { exch: 'NSE', token: row.token, tsym: row.tsym, pp: '2', ti: '0.05', ls: '1', isin: row.isin };
        const bse = row.bseToken === undefined ? [] : [{ exch: 'BSE', token: row.bseToken, tsym: row.tsym.replace(/-EQ$/, ''), pp: '2', ti: '0.05', ls: '1', isin: row.isin }];
        return {
          stat: 'Ok',
          // BSE first where both are listed: the adapter must take the NSE listing.
          exch_tsym: [...bse, nse],
          holdqty: String(row.holdqty),
          dpqty: '0',
          npoadqty: '0',
          btstqty: String(row.btstqty ?? 0),
          benqty: '0',
          unplgdqty: '0',
          brkcolqty: '0',
          usedqty: String(soldToday(row.token)),
          upldprc: two(row.upldprc),
          s_prdt_ali: 'CNC',
          prd: 'C',
        };
      }),
  };
}

export type Holdings = ReturnType<typeof createHoldings>;
