// The orders the re-pricing executor works and their steps (082-execution-policies.sql), read and written in
// short statements of their own: the broker is never called while one is open (repricer.ts).
import type { Queryable } from '../../db/database.ts';
import type { BrokerOrder, OrderBot } from '../brokers/broker-trading.ts';
import type { Quote } from '../brokers/paper/order-rules.ts';
import type { Policy } from './execution-policy.ts';

export type RepricingState = 'working' | 'filled' | 'cancelled' | 'market' | 'ended';
export type StepReason = 'placed' | 'repriced' | 'held' | 'replaced' | 'filled' | 'cancelled' | 'market' | 'over_limit';

export type RepricingRow = {
  id: number;
  accountId: number;
  orderId: string;
  tag: string | null;
  intentRef: string;
  intentSlice: number;
  exit: boolean;
  exchange: string;
  tradingsymbol: string;
  side: 'BUY' | 'SELL';
  product: string;
  quantity: number;
  pricePaise: number;
  portfolioId: number | null;
  purpose: string;
  bot: OrderBot | null;
  replacingOrderId: string | null;
  policy: Policy;
  tries: number;
  replacements: number;
  state: RepricingState;
  overLimitAt: Date | null;
  startedAt: Date;
};

type Row = {
  id: string;
  broker_account_id: number;
  order_id: string;
  tag: string | null;
  intent_ref: string;
  intent_slice: number;
  exit: boolean;
  exchange: string;
  tradingsymbol: string;
  side: 'BUY' | 'SELL';
  product: string;
  quantity: number;
  price_paise: string;
  portfolio_id: number | null;
  purpose: string;
  bot_kind: 'trading' | 'daily' | null;
  bot_id: number | null;
  replacing_order_id: string | null;
  policy: Policy | string;
  tries: number;
  replacements: number;
  state: RepricingState;
  over_limit_at: Date | null;
  started_at: Date;
};

export const repricingColumns = `id, broker_account_id, order_id, tag, intent_ref, intent_slice, exit, exchange, tradingsymbol, side, product, quantity, price_paise,
  portfolio_id, purpose, bot_kind, bot_id, replacing_order_id, policy, tries, replacements, state, over_limit_at, started_at`;

export function toRepricing(row: Row): RepricingRow {
  return {
    id: Number(row.id),
    accountId: Number(row.broker_account_id),
    orderId: row.order_id,
    tag: row.tag,
    intentRef: row.intent_ref,
    intentSlice: Number(row.intent_slice),
    exit: row.exit,
    exchange: row.exchange,
    tradingsymbol: row.tradingsymbol,
    side: row.side,
    product: row.product,
    quantity: Number(row.quantity),
    pricePaise: Number(row.price_paise),
    portfolioId: row.portfolio_id === null ? null : Number(row.portfolio_id),
    purpose: row.purpose,
    bot: row.bot_kind === null || row.bot_id === null ? null : { kind: row.bot_kind, id: Number(row.bot_id) },
    replacingOrderId: row.replacing_order_id,
    policy: typeof row.policy === 'string' ? (JSON.parse(row.policy) as Policy) : row.policy,
    tries: Number(row.tries),
    replacements: Number(row.replacements),
    state: row.state,
    overLimitAt: row.over_limit_at === null ? null : new Date(row.over_limit_at),
    startedAt: new Date(row.started_at),
  };
}

export type StepRecord = { reason: StepReason; orderId: string; oldPaise: number | null; newPaise: number | null; quote: Quote | null };

export async function insertSteps(q: Queryable, repricingId: number, tries: number, steps: readonly StepRecord[], at: Date): Promise<void> {
  for (const step of steps) {
    await q.query(
      `INSERT INTO repricing_steps (repricing_id, at, try, reason, order_id, old_price_paise, new_price_paise, bid_paise, ask_paise, last_paise)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [repricingId, at, tries, step.reason, step.orderId, step.oldPaise, step.newPaise, step.quote?.bidPaise ?? null, step.quote?.askPaise ?? null, step.quote?.lastPaise ?? null],
    );
  }
}

/** What a newly placed order is followed as. */
export type Followed = { order: BrokerOrder; exit: boolean; bot: OrderBot | null; quote: Quote; policy: Policy };

export const stateOfPlaced = (order: BrokerOrder): RepricingState =>
  order.status === 'COMPLETE' ? 'filled' : order.status === 'OPEN' || order.status === 'TRIGGER PENDING' ? 'working' : 'cancelled';

/** Records placed orders for re-pricing, once per intent and number (a repeated call records nothing again). */
export async function insertFollowed(q: Queryable, accountId: number, followed: readonly Followed[], now: Date): Promise<void> {
  for (const { order, exit, bot, quote, policy } of followed) {
    if (order.intent_ref === null || order.intent_slice === null) continue;
    const state = stateOfPlaced(order);
    const price = Number(order.price_paise);
    const { rows } = await q.query<{ id: string }>(
      `INSERT INTO repricing_orders (broker_account_id, order_id, tag, intent_ref, intent_slice, exit, exchange, tradingsymbol, side, product, quantity, price_paise,
         portfolio_id, purpose, bot_kind, bot_id, policy, state, started_at, next_at, ended_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
       ON CONFLICT (broker_account_id, intent_ref, intent_slice) DO NOTHING RETURNING id`,
      [
        accountId, order.order_id, order.tag, order.intent_ref, order.intent_slice, exit, order.exchange, order.tradingsymbol, order.transaction_type, order.product,
        order.quantity, price, order.portfolio_id, order.purpose, bot?.kind ?? null, bot?.id ?? null, JSON.stringify(policy), state, now,
        new Date(now.getTime() + policy.intervalSeconds * 1000), state === 'working' ? null : now,
      ],
    );
    const id = rows[0]?.id;
    if (id === undefined) continue;
    const steps: StepRecord[] = [{ reason: 'placed', orderId: order.order_id, oldPaise: null, newPaise: price, quote }];
    // A buffer that covered the spread filled at once: the step says at what (the fill, not the limit).
    const average = order.filled_quantity > 0 ? Math.round(Number(order.filled_value_paise) / order.filled_quantity) : null;
    if (state !== 'working') steps.push({ reason: state === 'filled' ? 'filled' : 'cancelled', orderId: order.order_id, oldPaise: price, newPaise: state === 'filled' ? average : null, quote });
    await insertSteps(q, Number(id), 1, steps, now);
  }
}

/** The orders of `orderIds` the executor is still working (the bot engine leaves those to it). */
export async function workingOf(q: Queryable, accountId: number, orderIds: readonly string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const { rows } = await q.query<{ order_id: string }>(
    `SELECT order_id FROM repricing_orders WHERE broker_account_id = $1 AND state = 'working' AND (order_id = ANY($2::text[]) OR replacing_order_id = ANY($2::text[]))`,
    [accountId, orderIds],
  );
  return new Set(rows.map((row) => row.order_id));
}

/**
 * An action's orders as their outcome reads (the bot engine's completion): an order the re-pricer cancelled to
 * place again at the broker's modification cap is not a refusal, only what it filled before (none: left out);
 * its replacement, with the same tag, is in the list too.
 */
export function withoutReplaced(orders: readonly BrokerOrder[]): BrokerOrder[] {
  return orders.flatMap((order) => {
    if (order.status !== 'CANCELLED' || order.status_message_i18n?.code !== 'order.cancelled_replaced') return [order];
    return order.filled_quantity === 0 ? [] : [{ ...order, status: 'COMPLETE' as const, quantity: order.filled_quantity, cancelled_quantity: 0 }];
  });
}
