// The numbered orders of an intent as they were sent to Kite (kite_sends, migration 019), written before
// each place call. Kite's place answer is the only place its order id comes from; when that answer is lost,
// the order may still be in Kite's book, carrying the intent's tag but not its number. Adopting it from the
// book (mirror.ts sync) matches it here to the lowest number of the same contract, side and quantity still
// without an order: orders of an intent go out one at a time and in order, so that is the one sent.
import type { Queryable } from '../../../db/database.ts';
import type { OrderBot, OrderIntent } from '../broker-trading.ts';
import type { Attribution } from './mirror.ts';

/** An order's place in its intent: the intent's reference and the order's number in its plan. */
export type IntentNumber = { ref: string; slice: number };

type SendRow = { intent_ref: string; intent_slice: number; portfolio_id: number | null; bot_kind: OrderBot['kind'] | null; bot_id: number | null; purpose: Attribution['purpose'] };

export async function recordSend(q: Queryable, accountId: number, tag: string, number: IntentNumber, intent: OrderIntent, who: Attribution, now: Date): Promise<void> {
  await q.query(
    `INSERT INTO kite_sends (broker_account_id, intent_ref, intent_slice, tag, exchange, tradingsymbol, transaction_type, quantity, portfolio_id, bot_kind,
       bot_id, purpose, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (broker_account_id, intent_ref, intent_slice) DO UPDATE SET sent_at = EXCLUDED.sent_at`,
    [accountId, number.ref, number.slice, tag, intent.exchange, intent.tradingsymbol, intent.side, intent.quantity, who.portfolioId, who.bot?.kind ?? null, who.bot?.id ?? null, who.purpose, now],
  );
}

/** Marks a numbered send as booked at Kite under `orderId`. */
export async function markSent(q: Queryable, accountId: number, number: IntentNumber, orderId: string): Promise<void> {
  await q.query('UPDATE kite_sends SET order_id = $4 WHERE broker_account_id = $1 AND intent_ref = $2 AND intent_slice = $3', [accountId, number.ref, number.slice, orderId]);
}

/** The send an order found in Kite's book by its tag alone was: its number and whose it is (null: none left). */
export async function claimSend(
  q: Queryable,
  accountId: number,
  order: { order_id: string; tag: string; exchange: string; tradingsymbol: string; transaction_type: string; quantity: number },
): Promise<{ number: IntentNumber; who: Attribution } | null> {
  const { rows } = await q.query<SendRow>(
    `UPDATE kite_sends SET order_id = $2 WHERE (broker_account_id, intent_ref, intent_slice) = (
       SELECT broker_account_id, intent_ref, intent_slice FROM kite_sends
       WHERE broker_account_id = $1 AND tag = $3 AND order_id IS NULL AND exchange = $4 AND tradingsymbol = $5 AND transaction_type = $6 AND quantity = $7
       ORDER BY sent_at, intent_slice LIMIT 1 FOR UPDATE)
     RETURNING intent_ref, intent_slice, portfolio_id, bot_kind, bot_id, purpose`,
    [accountId, order.order_id, order.tag, order.exchange, order.tradingsymbol, order.transaction_type, order.quantity],
  );
  const row = rows[0];
  if (row === undefined) return null;
  const bot = row.bot_kind === null || row.bot_id === null ? null : { kind: row.bot_kind, id: Number(row.bot_id) };
  return { number: { ref: row.intent_ref, slice: Number(row.intent_slice) }, who: { portfolioId: row.portfolio_id, bot, purpose: row.purpose, ocoGroup: null } };
}

/** A send Kite refused at the door: nothing was booked, and nothing found later may be taken for it. */
export async function dropSend(q: Queryable, accountId: number, number: IntentNumber): Promise<void> {
  await q.query('DELETE FROM kite_sends WHERE broker_account_id = $1 AND intent_ref = $2 AND intent_slice = $3 AND order_id IS NULL', [accountId, number.ref, number.slice]);
}
