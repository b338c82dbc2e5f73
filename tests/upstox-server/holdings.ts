// The Upstox test server's demat holdings (GET /v2/portfolio/long-term-holdings,
// https://upstox.com/developer/api-documentation/get-holdings): the stocks a test sets for a user, in Upstox's shape
// (isin, cnc_used_quantity, product D, quantity, t1_quantity, trading_symbol, last_price, close_price, pnl,
// instrument_token NSE_EQ|<ISIN>, average_price, exchange), `cnc_used_quantity` the shares the day's delivery (D)
// sells took. Each stock is listed in the market under its instrument key, so a D order on it trades.
import type { Fill } from './order-book.ts';
import type { Market, ServerInstrument } from './market.ts';

export type HoldingSeed = { isin: string; trading_symbol: string; company_name?: string; quantity: number; t1_quantity?: number; average_price: number; last: number };

/** A stock on NSE's cash segment as the instrument file lists it: in shares, on a 5-paise tick, no freeze quantity. */
export const stockInstrument = (seed: HoldingSeed): ServerInstrument => ({
  instrument_key: `NSE_EQ|${seed.isin}`,
  trading_symbol: seed.trading_symbol,
  exchange: 'NSE',
  segment: 'NSE_EQ',
  lot_size: 1,
  tick_size: 0.05,
  freeze_quantity: Number.MAX_SAFE_INTEGER,
  index: false,
  option: null,
});

export function createHoldings(market: Market) {
  const byUser = new Map<string, HoldingSeed[]>();
  return {
    set(userId: string, rows: readonly HoldingSeed[]): void {
      byUser.set(userId, [...rows]);
      market.list(rows.map(stockInstrument));
      for (const row of rows) market.setQuote(stockInstrument(row).instrument_key, { last: row.last, close: row.last });
    },
    json: (userId: string, fills: readonly Fill[]) =>
      (byUser.get(userId) ?? []).map((row) => {
        const key = stockInstrument(row).instrument_key;
        const used = fills.filter((fill) => fill.order.instrument_token === key && fill.order.product === 'D' && fill.order.transaction_type === 'SELL').reduce((total, fill) => total + fill.quantity, 0);
        const last = market.quote(key)?.last ?? row.last;
        const t1 = row.t1_quantity ?? 0;
        return {
          isin: row.isin,
          cnc_used_quantity: used,
          collateral_type: 'WC',
          company_name: row.company_name ?? row.trading_symbol,
          haircut: 0.2,
          product: 'D',
          quantity: row.quantity,
          trading_symbol: row.trading_symbol,
          tradingsymbol: row.trading_symbol,
          last_price: last,
          close_price: market.quote(key)?.close ?? last,
          pnl: Math.round((row.quantity + t1) * (last - row.average_price) * 100) / 100,
          day_change: 0,
          day_change_percentage: 0,
          instrument_token: key,
          average_price: row.average_price,
          collateral_quantity: 0,
          collateral_update_quantity: 0,
          t1_quantity: t1,
          exchange: 'NSE',
        };
      }),
  };
}

export type Holdings = ReturnType<typeof createHoldings>;
