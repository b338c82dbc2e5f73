// The Dhan test server's contracts and prices: NIFTY options under Dhan's security ids, served as Dhan's scrip
// master CSV (https://images.dhan.co/api-data/api-scrip-master.csv: the SEM_* columns, one row a contract; its
// derivatives in segment D, index options OPTIDX, the trading symbol NIFTY-Jan2026-26000-CE, the expiry
// "2026-01-27 14:30:00"), and each contract's last price, which orders fill at.
export type ServerContract = {
  securityId: string;
  underlying: string;
  /** IST date. */
  expiry: string;
  strike: number;
  kind: 'CE' | 'PE';
  lot: number;
};

export const defaultContracts: ServerContract[] = [
  { securityId: '43919', underlying: 'NIFTY', expiry: '2026-01-27', strike: 26000, kind: 'CE', lot: 65 },
  { securityId: '43920', underlying: 'NIFTY', expiry: '2026-01-27', strike: 26000, kind: 'PE', lot: 65 },
  { securityId: '43921', underlying: 'NIFTY', expiry: '2026-01-27', strike: 25900, kind: 'PE', lot: 65 },
  { securityId: '43801', underlying: 'NIFTY', expiry: '2026-01-20', strike: 26000, kind: 'CE', lot: 65 },
];

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function dhanSymbol(contract: ServerContract): string {
  const [year, month] = contract.expiry.split('-');
  return `${contract.underlying}-${months[Number(month) - 1]}${year}-${contract.strike}-${contract.kind}`;
}

const header = 'SEM_EXM_EXCH_ID,SEM_SEGMENT,SEM_SMST_SECURITY_ID,SEM_INSTRUMENT_NAME,SEM_EXPIRY_CODE,SEM_TRADING_SYMBOL,SEM_LOT_UNITS,SEM_CUSTOM_SYMBOL,SEM_EXPIRY_DATE,SEM_STRIKE_PRICE,SEM_OPTION_TYPE,SEM_TICK_SIZE,SEM_EXPIRY_FLAG,SEM_EXCH_INSTRUMENT_TYPE,SEM_SERIES,SM_SYMBOL_NAME';

/** An index as the scrip master lists it (segment I): its trading symbol and security id. */
export type ServerIndex = { symbol: string; securityId: string; name: string };

/** NIFTY 13 (Dhan's option chain page); the others as scrip master rows quoted in public Dhan clients show them. */
export const defaultIndices: ServerIndex[] = [
  { symbol: 'NIFTY', securityId: '13', name: 'Nifty 50' },
  { symbol: 'BANKNIFTY', securityId: '25', name: 'Nifty Bank' },
  { symbol: 'FINNIFTY', securityId: '27', name: 'Nifty Fin Service' },
  { symbol: 'MIDCPNIFTY', securityId: '442', name: 'NIFTY MID SELECT' },
];

export function scripMaster(contracts: readonly ServerContract[], indices: readonly ServerIndex[] = defaultIndices): string {
  // M: the month's last expiry of the underlying listed; W: a weekly one (SEM_EXPIRY_FLAG).
  const monthly = (c: ServerContract) => !contracts.some((o) => o.underlying === c.underlying && o.expiry.slice(0, 7) === c.expiry.slice(0, 7) && o.expiry > c.expiry);
  const rows = contracts.map((c) => {
    const day = c.expiry.slice(8);
    const custom = `${c.underlying} ${day} ${months[Number(c.expiry.slice(5, 7)) - 1]!.toUpperCase()} ${c.strike} ${c.kind === 'CE' ? 'CALL' : 'PUT'}`;
    return ['NSE', 'D', c.securityId, 'OPTIDX', '0', dhanSymbol(c), `${c.lot}.0`, custom, `${c.expiry} 14:30:00`, `${c.strike}.00000`, c.kind, '5.0000', monthly(c) ? 'M' : 'W', 'OP', 'NA', ''].join(',');
  });
  // The indices themselves, as the file lists them (segment I): rows no option mapping should take.
  const indexRows = indices.map((index) => `NSE,I,${index.securityId},INDEX,,${index.symbol},1.0,${index.name},,,,0.0000,,INDEX,,${index.symbol}`);
  return [header, ...indexRows, ...rows].join('\n') + '\n';
}

/** What the feed tells of an instrument beside its last price (Dhan's full packet; an index has only its level and previous close). */
export type FeedFacts = { volume: number; oi: number; prevClose: number; prevOi: number };

/** The indices the feed serves, by their security id in segment IDX_I (NIFTY is 13), at their opening level. */
export const indexLevels: Readonly<Record<string, number>> = { '13': 26_000 };

export function createMarket(contracts: readonly ServerContract[]) {
  const listed = new Map(contracts.map((c) => [c.securityId, c]));
  const indices = new Map(defaultIndices.map((index) => [index.symbol, index]));
  const last = new Map<string, number>([...contracts.map((c) => [c.securityId, 100] as const), ...Object.entries(indexLevels)]);
  const facts = new Map<string, FeedFacts>();
  const listeners: Array<(securityId: string) => void> = [];
  const opening = (securityId: string): FeedFacts => ({ volume: 0, oi: 0, prevClose: Math.round((indexLevels[securityId] ?? 100) * 0.995 * 100) / 100, prevOi: 0 });
  return {
    contract: (securityId: string) => listed.get(securityId),
    contracts: () => [...listed.values()],
    indices: () => [...indices.values()],
    /** Lists an index under another security id (the scrip master's word, which the adapter follows). */
    listIndex: (index: ServerIndex) => void indices.set(index.symbol, index),
    /** Lists more contracts (a browser test lists the desk's), each at 100 until a price is set. */
    list(more: readonly ServerContract[]): void {
      for (const contract of more) {
        listed.set(contract.securityId, contract);
        if (!last.has(contract.securityId)) last.set(contract.securityId, 100);
      }
    },
    last: (securityId: string) => last.get(securityId) ?? 0,
    setLast(securityId: string, price: number): void {
      last.set(securityId, price);
      for (const listener of listeners) listener(securityId);
    },
    /** Volume and OI since the session opened, and yesterday's close (the opening level less 0.5 % unless set). */
    facts: (securityId: string): FeedFacts => facts.get(securityId) ?? opening(securityId),
    setFacts: (securityId: string, changed: Partial<FeedFacts>) => void facts.set(securityId, { ...(facts.get(securityId) ?? opening(securityId)), ...changed }),
    onChange: (listener: (securityId: string) => void) => void listeners.push(listener),
  };
}

export type Market = ReturnType<typeof createMarket>;
