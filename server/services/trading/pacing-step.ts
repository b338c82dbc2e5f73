// One step of a paced intent (paced-intent.ts), in one short transaction under the account's row lock: which
// of the plan's orders not yet at the broker go out now (as many as the second has room for, in order),
// which will never go out and why (the kill switch armed, the minute's or the day's limit used up by other
// orders since the intent began, a portfolio deleted, the broker's refusal mid-way), the orders sent counted
// against the rate limits, and the plan and progress stored on the claimed key. Before anything of the
// intent reached the broker, what would stop it refuses the whole intent instead, as for a single order:
// 403 (kill switch), 400 (portfolio), 422 (more orders than a minute takes) or 429 (a full second or minute).
// A broker whose exchange is this database (the paper broker: BrokerTrading.placerInTransaction) places the
// step's orders in the step's own transaction, under the same lock; when they are the whole intent, its answer
// is stored there too, in place of the progress. One transaction then does what a real broker needs three for.
import { killSwitchText, orderTexts } from '../texts/order-texts.ts';
import type { Said } from '../texts/said.ts';
import type { Queryable } from '../../db/database.ts';
import { killSwitchRefusal, type BrokerOrder, type IntentPlan, type IntentRef, type NumberedOrder, type TransactionPlacer } from '../brokers/broker-trading.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { checkPortfolio } from '../portfolios/portfolio-check.ts';
import type { Claim, Idempotency, StoredAnswer } from './idempotency.ts';
import { armedAt, type IntentCall } from './intent-gate.ts';
import { checkIntentRoom, perSecondRefusal, rateState, roomNow, secondWindow, sendsRecord, type RateLimits } from './order-rate.ts';
import { earliestFit, roomAt, withSends } from './send-windows.ts';

/**
 * `placing`: a broker's placer (BrokerTrading.placerInTransaction), the intent it places under, and whether
 * this call claimed the intent's key new (then nothing of it is at the broker before its first step).
 * `locked`: the transaction took the account's lock already (its first statement, which claimed the key:
 * paced-intent.ts runInOneTransaction), reading the kill switch under it; absent, the step takes it.
 */
export type StepDeps = {
  call: IntentCall;
  idempotency: Idempotency;
  limits: RateLimits;
  clock: Clock;
  placing?: { placer: TransactionPlacer; intent: IntentRef; claimedNew: boolean } | undefined;
  locked?: { armed: Date | null } | undefined;
};

/** Where the intent stands: its holder's claim, plan and progress, the orders the broker has (by number), and why the rest cannot go out, if it cannot. */
export type StepState = { claim: Claim; plan: IntentPlan; progress: number; done: ReadonlyMap<number, BrokerOrder>; stop: Said | null };

export type Step =
  | { refusal: DomainError }
  | {
      claim: Claim;
      progress: number;
      /** Admitted at `at`, the instant the broker's stamps count them at (the paper broker's placed_at). */
      send: NumberedOrder[];
      at: Date;
      unsent: Array<NumberedOrder & { reason: Said }>;
      remaining: number;
      waitMs: number;
      /** The orders placed in this step's transaction (a placer's), else null: the caller sends `send`. */
      placed: BrokerOrder[] | null;
      /** Stored with them when they were the whole intent. */
      answer: StoredAnswer | null;
    };

export async function takeStep(tx: Queryable, { call, idempotency, limits, clock, placing, locked }: StepDeps, state: StepState): Promise<Step> {
  const { account } = call;
  const armed = locked === undefined ? await armedAt(tx, account.id, true) : locked.armed;
  // Read once the account's lock is held, so sends are admitted in the order of their instants.
  const now = clock();
  const todo = state.plan.orders.flatMap((order, slice) => (state.done.has(slice) ? [] : [{ ...order, slice }]));
  if (todo.length === 0) return { claim: state.claim, progress: state.progress, send: [], at: now, unsent: [], remaining: 0, waitMs: 0, placed: null, answer: null };
  const begun = state.done.size > 0;
  const window = secondWindow(limits, call.broker.rateMarginMs);
  const rates = rateState(tx, account.id, now, window);
  // A placer's read (the paper broker's book, for its margin checks) goes out behind the counts without
  // waiting for them: one round trip for both. Read under the lock like the counts, after them.
  placing?.placer.readAhead?.(tx);
  const { counts, times } = await rates;
  if (!begun) {
    try {
      if (call.entry && armed !== null) throw killSwitchRefusal(account.accountNumber, armed);
      await checkPortfolio(tx, account.id, call.portfolioId);
      await checkIntentRoom(tx, account.id, todo.length, now, limits, counts);
    } catch (error) {
      if (error instanceof DomainError) return { refusal: error };
      throw error;
    }
  }
  const { room, stop: limitReached } = roomNow(counts, limits, roomAt(times, todo.length, now.getTime(), window));
  // Before anything went out, a minute or day used up was refused above (checkIntentRoom): room 0 is the second's.
  // A trader's entries are refused for it (429, try in a second); an exit (a square-off) must not fail for want
  // of a free second, so it waits for the next one as its later orders would.
  if (!begun && room === 0 && call.entry) return { refusal: perSecondRefusal(limits) };
  // The orders' portfolios still there (none to read when no order names one).
  const named = [...new Set(todo.flatMap((order) => (order.portfolioId === null ? [] : [order.portfolioId])))];
  const { rows: live } =
    named.length === 0 ? { rows: [] } : await tx.query<{ id: number }>('SELECT id FROM portfolios WHERE broker_account_id = $1 AND id = ANY($2::int[]) FOR KEY SHARE', [account.id, named]);
  const kept = new Set(live.map((row) => Number(row.id)));
  const killed = call.entry && armed !== null ? killSwitchText(account.accountNumber, armed) : null;
  const send: NumberedOrder[] = [];
  const unsent: Array<NumberedOrder & { reason: Said }> = [];
  // A leg's slices that go to the broker as one call (Kite's autoslice) go in the same step or wait together:
  // the call's children are counted before it, within the second's room.
  const neededAt = (index: number) => {
    const group = todo[index]!.sliceGroup;
    if (group === undefined || (index > 0 && todo[index - 1]!.sliceGroup === group)) return 1;
    let end = index;
    while (end + 1 < todo.length && todo[end + 1]!.sliceGroup === group) end += 1;
    return Math.min(end - index + 1, limits.perSecond);
  };
  // What the next step needs room for: the first order left, with the rest of its autoslice call.
  let next = 0;
  for (const [index, order] of todo.entries()) {
    const gone = order.portfolioId !== null && !kept.has(order.portfolioId);
    const reason = state.stop ?? killed ?? limitReached ?? (gone ? orderTexts.portfolioDeleted : null);
    if (reason === null && send.length + neededAt(index) > room) {
      next = neededAt(index);
      break;
    }
    if (reason === null) send.push(order);
    else unsent.push({ ...order, reason });
  }
  // Written by the statement that ends the step (its key's progress or answer): nothing below reads them.
  const sends = sendsRecord(account.id, send.length, now);
  const progress = state.progress + send.length + unsent.length;
  const remaining = todo.length - send.length - unsent.length;
  // The wait until the account's sends (this step's too) leave room for it.
  const waitMs = next === 0 ? 0 : Math.max(1, earliestFit(withSends(times, send.length, now.getTime()), next, now.getTime(), window) - now.getTime());
  const placed = placing !== undefined && send.length > 0 ? await placing.placer.place(tx, placing.intent, send, now, placing.claimedNew && state.done.size === 0) : null;
  if (placed !== null && state.done.size === 0 && remaining === 0 && unsent.length === 0) {
    // Under this step's lock the kill switch could not arm since it was read: nothing is left to close.
    const answer = await idempotency.finish(tx, state.claim, call.answer(placed, null), sends);
    return { claim: state.claim, progress, send, at: now, unsent, remaining, waitMs, placed, answer };
  }
  const claim = await idempotency.step(tx, state.claim, { plan: state.plan, progress }, sends);
  return { claim, progress, send, at: now, unsent, remaining, waitMs, placed, answer: null };
}
