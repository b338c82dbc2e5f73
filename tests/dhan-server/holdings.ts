// The Dhan test server's demat holdings (GET /v2/holdings, https://dhanhq.co/docs/v2/portfolio/, "Holdings"): the
// stocks a test sets for a client, in Dhan's shape (exchange, tradingSymbol, securityId, isin, totalQty, dpQty,
// t1Qty, availableQty, collateralQty, avgCostPrice, lastTradedPrice), `availableQty` less what the day's CNC sells
// took; a client holding nothing is answered DH-1111 "No holdings available", as Dhan does. Each stock is listed on its
// equity segment (NSE_EQ unless BSE) under its security id, so a CNC order names it.
import { DhanRefusal } from './http-util.ts';

export type HoldingSeed = {
  securityId: string;
  tradingSymbol: string;
  isin: string;
  exchange?: 'NSE' | 'BSE' | 'ALL';
  totalQty: number;
  t1Qty?: number;
  avgCostPrice: number;
  lastTradedPrice: number;
};

/** A stock the order book can trade: its equity segment and symbol. */
export type ListedStock = { securityId: string; segment: 'NSE_EQ' | 'BSE_EQ'; tradingSymbol: string };

export function createHoldings() {
  const byClient = new Map<string, HoldingSeed[]>();
  const stocks = new Map<string, ListedStock>();
  return {
    set(clientId: string, rows: readonly HoldingSeed[]): void {
      byClient.set(clientId, [...rows]);
      for (const row of rows) stocks.set(row.securityId, { securityId: row.securityId, segment: row.exchange === 'BSE' ? 'BSE_EQ' : 'NSE_EQ', tradingSymbol: row.tradingSymbol });
    },
    stock: (securityId: string) => stocks.get(securityId),
    /** `soldToday`: the shares of a stock the client's CNC sells took today. */
    json(clientId: string, soldToday: (securityId: string) => number, last: (securityId: string) => number) {
      const held = byClient.get(clientId) ?? [];
      if (held.length === 0) throw new DhanRefusal(400, 'Data_Error', 'DH-1111', 'No holdings available');
      return held.map((row) => {
        const t1 = row.t1Qty ?? 0;
        return {
          exchange: row.exchange ?? 'ALL',
          tradingSymbol: row.tradingSymbol,
          securityId: row.securityId,
          isin: row.isin,
          totalQty: row.totalQty,
          dpQty: row.totalQty - t1,
          t1Qty: t1,
          availableQty: Math.max(0, row.totalQty - soldToday(row.securityId)),
          collateralQty: 0,
          avgCostPrice: row.avgCostPrice,
          lastTradedPrice: last(row.securityId),
        };
      });
    },
  };
}

export type Holdings = ReturnType<typeof createHoldings>;
