// The numbered orders of an intent as they were sent to a live broker (kite_sends, migration 019), written
// before each place call. The broker's place answer is the only place its order id comes from; when that
// answer is lost, the order may still be in the broker's book, carrying the intent's tag but not its number.
// Adopting it from the book (mirror.ts sync) matches it here to the lowest number of the same contract, side
// and quantity still without an order: orders of an intent go out one at a time and in order, so that is the
// one sent.
//
// A leg above the freeze quantity goes out as one sliced call (order-placing.ts): each of its slices is
// written here under its own number, all before that call, marked with the call's first number. Kite answers
// the call with a parent id and one child order per slice, each child tagged "autoslice:<parent>" besides the
// intent's tag; such a child is matched within the call that parent went out as, whatever its quantity (the
// broker's freeze quantity may differ from StrikeDesk's). Upstox's children name no parent: one is matched
// within the oldest call of its tag, contract and side that still has a slice free. Once a call is known to
// be answered (`parent_order_id`: its parent, or its first child found), its slices are never sent again: a
// slice without a child is one the broker did not place.
import type { Queryable } from '../../../db/database.ts';
import type { OrderBot, OrderIntent } from '../broker-trading.ts';
import type { Attribution } from './mirror.ts';

/** An order's place in its intent: the intent's reference and the order's number in its plan. */
export type IntentNumber = { ref: string; slice: number };

type SendRow = { intent_ref: string; intent_slice: number; portfolio_id: number | null; bot_kind: OrderBot['kind'] | null; bot_id: number | null; purpose: Attribution['purpose'] };

/** Writes a numbered send before its call; `autosliceFirst`: the first number of the autoslice call it goes in (null: sent on its own). */
export async function recordSend(
  q: Queryable,
  accountId: number,
  tag: string,
  number: IntentNumber,
  intent: OrderIntent,
  who: Attribution,
  now: Date,
  autosliceFirst: number | null = null,
): Promise<void> {
  await q.query(
    `INSERT INTO kite_sends (broker_account_id, intent_ref, intent_slice, tag, exchange, tradingsymbol, transaction_type, quantity, portfolio_id, bot_kind,
       bot_id, purpose, sent_at, autoslice_first)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (broker_account_id, intent_ref, intent_slice) DO UPDATE SET sent_at = EXCLUDED.sent_at, autoslice_first = EXCLUDED.autoslice_first`,
    [
      accountId, number.ref, number.slice, tag, intent.exchange, intent.tradingsymbol, intent.side, intent.quantity, who.portfolioId, who.bot?.kind ?? null,
      who.bot?.id ?? null, who.purpose, now, autosliceFirst,
    ],
  );
}

/** The broker answered a sliced call (or one of its children was found): its slices are that call's. */
export async function markParent(q: Queryable, accountId: number, ref: string, slices: readonly number[], parentOrderId: string): Promise<void> {
  await q.query('UPDATE kite_sends SET parent_order_id = $4 WHERE broker_account_id = $1 AND intent_ref = $2 AND intent_slice = ANY($3::int[])', [
    accountId,
    ref,
    slices,
    parentOrderId,
  ]);
}

/** Of these numbers, those sent in a sliced call the broker is known to have taken: never to be sent again. */
export async function slicesOfAnsweredCalls(q: Queryable, accountId: number, ref: string, slices: readonly number[]): Promise<Set<number>> {
  const { rows } = await q.query<{ intent_slice: number }>(
    'SELECT intent_slice FROM kite_sends WHERE broker_account_id = $1 AND intent_ref = $2 AND intent_slice = ANY($3::int[]) AND parent_order_id IS NOT NULL',
    [accountId, ref, slices],
  );
  return new Set(rows.map((row) => Number(row.intent_slice)));
}

const whoOfRow = (row: SendRow): Attribution => ({
  portfolioId: row.portfolio_id,
  bot: row.bot_kind === null || row.bot_id === null ? null : { kind: row.bot_kind, id: Number(row.bot_id) },
  purpose: row.purpose,
  ocoGroup: null,
});

/**
 * The slice an autoslice child found by its tags alone is: within the call its parent went out as (the
 * lowest call of the tag, contract and side not yet given a parent takes it), the first slice without an
 * order of the child's quantity, else the first without an order. `number` is null when the call has no
 * slice left (Kite cut it into more children than planned): the child is still the call's.
 */
export async function claimAutosliceChild(
  q: Queryable,
  accountId: number,
  child: { order_id: string; parent: string; tag: string; exchange: string; tradingsymbol: string; transaction_type: string; quantity: number },
): Promise<{ number: IntentNumber | null; who: Attribution } | null> {
  const runOf = async () =>
    (
      await q.query<{ intent_ref: string; autoslice_first: number }>(
        'SELECT intent_ref, autoslice_first FROM kite_sends WHERE broker_account_id = $1 AND tag = $2 AND parent_order_id = $3 LIMIT 1',
        [accountId, child.tag, child.parent],
      )
    ).rows[0];
  let run = await runOf();
  if (run === undefined) {
    await q.query(
      `UPDATE kite_sends SET parent_order_id = $6 WHERE broker_account_id = $1 AND parent_order_id IS NULL AND (intent_ref, autoslice_first) = (
         SELECT intent_ref, autoslice_first FROM kite_sends
         WHERE broker_account_id = $1 AND tag = $2 AND autoslice_first IS NOT NULL AND parent_order_id IS NULL AND exchange = $3 AND tradingsymbol = $4
           AND transaction_type = $5
         GROUP BY intent_ref, autoslice_first HAVING bool_and(order_id IS NULL) ORDER BY min(sent_at), autoslice_first LIMIT 1)`,
      [accountId, child.tag, child.exchange, child.tradingsymbol, child.transaction_type, child.parent],
    );
    run = await runOf();
  }
  if (run === undefined) return null;
  const claimed = await claimSliceOfCall(q, accountId, run, child);
  if (claimed !== null) return claimed;
  const { rows: callRows } = await q.query<SendRow>(
    'SELECT intent_ref, intent_slice, portfolio_id, bot_kind, bot_id, purpose FROM kite_sends WHERE broker_account_id = $1 AND intent_ref = $2 AND autoslice_first = $3 LIMIT 1',
    [accountId, run.intent_ref, run.autoslice_first],
  );
  return callRows[0] === undefined ? null : { number: null, who: whoOfRow(callRows[0]) };
}

/**
 * The slice a child that names no parent (Upstox's) is: within the oldest sliced call of its tag, contract
 * and side with a slice still free, that slice of the child's quantity first, else the first free. The call
 * is marked answered (named after this child unless already named), so its slices are never sent again.
 */
export async function claimUnnamedChild(
  q: Queryable,
  accountId: number,
  child: { order_id: string; tag: string; exchange: string; tradingsymbol: string; transaction_type: string; quantity: number },
): Promise<{ number: IntentNumber; who: Attribution } | null> {
  const { rows: calls } = await q.query<{ intent_ref: string; autoslice_first: number }>(
    `SELECT intent_ref, autoslice_first FROM kite_sends
     WHERE broker_account_id = $1 AND tag = $2 AND autoslice_first IS NOT NULL AND order_id IS NULL AND exchange = $3 AND tradingsymbol = $4 AND transaction_type = $5
     GROUP BY intent_ref, autoslice_first ORDER BY min(sent_at), autoslice_first LIMIT 1`,
    [accountId, child.tag, child.exchange, child.tradingsymbol, child.transaction_type],
  );
  const call = calls[0];
  if (call === undefined) return null;
  await q.query('UPDATE kite_sends SET parent_order_id = coalesce(parent_order_id, $4) WHERE broker_account_id = $1 AND intent_ref = $2 AND autoslice_first = $3', [
    accountId,
    call.intent_ref,
    call.autoslice_first,
    child.order_id,
  ]);
  return claimSliceOfCall(q, accountId, call, child);
}

/** The first slice of the call without an order, of the child's quantity first, given to the child (null: none left). */
async function claimSliceOfCall(
  q: Queryable,
  accountId: number,
  call: { intent_ref: string; autoslice_first: number },
  child: { order_id: string; quantity: number },
): Promise<{ number: IntentNumber; who: Attribution } | null> {
  const { rows } = await q.query<SendRow>(
    `UPDATE kite_sends SET order_id = $4 WHERE (broker_account_id, intent_ref, intent_slice) = (
       SELECT broker_account_id, intent_ref, intent_slice FROM kite_sends
       WHERE broker_account_id = $1 AND intent_ref = $2 AND autoslice_first = $3 AND order_id IS NULL
       ORDER BY (quantity = $5) DESC, intent_slice LIMIT 1 FOR UPDATE)
     RETURNING intent_ref, intent_slice, portfolio_id, bot_kind, bot_id, purpose`,
    [accountId, call.intent_ref, call.autoslice_first, child.order_id, child.quantity],
  );
  const row = rows[0];
  return row === undefined ? null : { number: { ref: row.intent_ref, slice: Number(row.intent_slice) }, who: whoOfRow(row) };
}

/** Marks a numbered send as booked at the broker under `orderId`. */
export async function markSent(q: Queryable, accountId: number, number: IntentNumber, orderId: string): Promise<void> {
  await q.query('UPDATE kite_sends SET order_id = $4 WHERE broker_account_id = $1 AND intent_ref = $2 AND intent_slice = $3', [accountId, number.ref, number.slice, orderId]);
}

/** The send an order found in the broker's book by its tag alone was: its number and whose it is (null: none left). */
export async function claimSend(
  q: Queryable,
  accountId: number,
  order: { order_id: string; tag: string; exchange: string; tradingsymbol: string; transaction_type: string; quantity: number },
): Promise<{ number: IntentNumber; who: Attribution } | null> {
  const { rows } = await q.query<SendRow>(
    `UPDATE kite_sends SET order_id = $2 WHERE (broker_account_id, intent_ref, intent_slice) = (
       SELECT broker_account_id, intent_ref, intent_slice FROM kite_sends
       WHERE broker_account_id = $1 AND tag = $3 AND order_id IS NULL AND autoslice_first IS NULL AND exchange = $4 AND tradingsymbol = $5
         AND transaction_type = $6 AND quantity = $7
       ORDER BY sent_at, intent_slice LIMIT 1 FOR UPDATE)
     RETURNING intent_ref, intent_slice, portfolio_id, bot_kind, bot_id, purpose`,
    [accountId, order.order_id, order.tag, order.exchange, order.tradingsymbol, order.transaction_type, order.quantity],
  );
  const row = rows[0];
  if (row === undefined) return null;
  return { number: { ref: row.intent_ref, slice: Number(row.intent_slice) }, who: whoOfRow(row) };
}

/** A send the broker refused at the door: nothing was booked, and nothing found later may be taken for it. */
export async function dropSend(q: Queryable, accountId: number, number: IntentNumber): Promise<void> {
  await q.query('DELETE FROM kite_sends WHERE broker_account_id = $1 AND intent_ref = $2 AND intent_slice = $3 AND order_id IS NULL', [accountId, number.ref, number.slice]);
}
