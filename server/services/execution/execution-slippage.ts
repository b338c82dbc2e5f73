// What the execution policy cost, as a backtest's (and a replay's) report says it (issue 60): for each order the
// policy placed as LIMIT and that filled, its fill against the mid of the touch it was first priced on (the last
// price when a side of the book was empty), times its quantity; positive is a cost. A buffer that covers the
// spread fills at the touch, so the cost is about half the spread; a re-priced order's cost includes how far
// the market moved while it rested.
import type { Queryable } from '../../db/database.ts';

export type PricedFill = { side: 'BUY' | 'SELL'; quantity: number; fillPaise: number; bidPaise: number; askPaise: number; lastPaise: number };

/** The reference an order is measured against: the touch's mid, or the last price when one side was empty. */
export const referenceOf = (fill: Pick<PricedFill, 'bidPaise' | 'askPaise' | 'lastPaise'>) =>
  fill.bidPaise > 0 && fill.askPaise > 0 ? (fill.bidPaise + fill.askPaise) / 2 : fill.lastPaise;

/** The policy's cost in paise over `fills` (rounded to the paisa once, at the end). */
export function slippagePaise(fills: readonly PricedFill[]): number {
  const total = fills.reduce((sum, fill) => sum + (fill.side === 'BUY' ? 1 : -1) * (fill.fillPaise - referenceOf(fill)) * fill.quantity, 0);
  return Math.round(total);
}

/** The priced fills of an account's re-priced orders, read from their first and filled steps. */
export async function pricedFills(q: Queryable, accountId: number): Promise<PricedFill[]> {
  const { rows } = await q.query<{ side: 'BUY' | 'SELL'; quantity: number; fill: string; bid: string | null; ask: string | null; last: string | null }>(
    `SELECT r.side, r.quantity, f.new_price_paise AS fill, p.bid_paise AS bid, p.ask_paise AS ask, p.last_paise AS last
     FROM repricing_orders r
     JOIN LATERAL (SELECT * FROM repricing_steps WHERE repricing_id = r.id AND reason = 'placed' ORDER BY id LIMIT 1) p ON true
     JOIN LATERAL (SELECT * FROM repricing_steps WHERE repricing_id = r.id AND reason = 'filled' AND new_price_paise IS NOT NULL ORDER BY id DESC LIMIT 1) f ON true
     WHERE r.broker_account_id = $1 AND r.state = 'filled'`,
    [accountId],
  );
  return rows.map((row) => ({
    side: row.side,
    quantity: Number(row.quantity),
    fillPaise: Number(row.fill),
    bidPaise: Number(row.bid ?? 0),
    askPaise: Number(row.ask ?? 0),
    lastPaise: Number(row.last ?? 0),
  }));
}
