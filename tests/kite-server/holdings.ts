// Demat holdings (GET /portfolio/holdings), shaped as Zerodha's kiteconnect-mocks holdings.json: the stocks a test
// sets for a user, each with what was sold of it today as a CNC sale (`used_quantity`, from the book's trades) and its
// last price from the market when the market lists it.
import type { KiteTrade } from '../../server/services/brokers/kite/kite-order-types.ts';
import type { Market } from './market.ts';

export type HoldingSeed = {
  tradingsymbol: string;
  exchange: 'NSE' | 'BSE';
  instrument_token: number;
  isin: string;
  quantity: number;
  t1_quantity?: number;
  average_price: number;
  last_price?: number;
  close_price?: number;
};

type TradeRow = { trade: KiteTrade; product: string };

export function createHoldings() {
  const byUser = new Map<string, HoldingSeed[]>();

  function json(userId: string, trades: readonly TradeRow[], market: Market) {
    return (byUser.get(userId) ?? []).map((seed) => {
      const used = trades
        .filter((row) => row.product === 'CNC' && row.trade.transaction_type === 'SELL' && row.trade.tradingsymbol === seed.tradingsymbol && row.trade.exchange === seed.exchange)
        .reduce((total, row) => total + row.trade.quantity, 0);
      const listed = market.find(`${seed.exchange}:${seed.tradingsymbol}`);
      const last = listed === undefined ? (seed.last_price ?? seed.average_price) : market.lastPaise(listed.instrument_token) / 100;
      const t1 = seed.t1_quantity ?? 0;
      return {
        tradingsymbol: seed.tradingsymbol,
        exchange: seed.exchange,
        instrument_token: seed.instrument_token,
        isin: seed.isin,
        product: 'CNC',
        price: 0,
        quantity: seed.quantity,
        used_quantity: used,
        t1_quantity: t1,
        realised_quantity: seed.quantity,
        authorised_quantity: 0,
        authorised_date: '2026-01-01 00:00:00',
        opening_quantity: seed.quantity + t1,
        collateral_quantity: 0,
        collateral_type: '',
        discrepancy: false,
        average_price: seed.average_price,
        last_price: last,
        close_price: seed.close_price ?? last,
        pnl: Math.round((seed.quantity + t1) * (last - seed.average_price) * 100) / 100,
        day_change: 0,
        day_change_percentage: 0,
      };
    });
  }

  return { set: (userId: string, rows: readonly HoldingSeed[]) => void byUser.set(userId, [...rows]), json };
}

export type Holdings = ReturnType<typeof createHoldings>;
