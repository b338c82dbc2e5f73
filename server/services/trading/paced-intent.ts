// A trader's intent that places orders from a plan (a basket of up to 20 orders, an order the broker slices
// into up to 20 at the freeze quantity, a square-off), for every broker. A broker takes 10 orders a second
// per account (Kite, and the paper broker as strict): refusing such an intent with a 429 would refuse it for
// ever, and a 422 would make the trader split by hand what Kite's own basket and autoslice place in one go.
// So the order pipeline paces it:
//   1. claim: a new key in one statement (no transaction: the first step checks the kill switch and the
//      portfolio under the account's lock before anything goes out); a key seen before through the gate
//      (intent-gate.ts), which also answers a stored answer, 409 or 422. An entry whose broker plans and
//      places in this database (the paper broker: runInOneTransaction) claims its key in the first step's
//      own transaction instead, as its first statement, with the account's lock: the claim, the plan, the
//      orders and the answer then commit together, or nothing of them does;
//   2. plan: the broker says what the intent goes out as (sliced, checked), placing nothing;
//   3. steps, until every order is out: a short transaction (pacing-step.ts) takes what the current second
//      allows, counts it against the rate limits and stores the plan and progress on the key; one broker call
//      sends those orders, numbered in the intent; the pipeline waits for the next second (`wait`, injected:
//      tests move their clock). Each order is in the book as it goes out;
//   4. record: the intent's orders, read back by its tag, stored as the key's answer.
// Exactly once: a retry while a step runs answers 409; once the holder is gone (no step for 10 s between two
// steps, or a broker call older than the 30 s lease: idempotency.ts), the retry takes the key over, finds
// by the tag and the orders' numbers what reached the broker, and sends only the rest. The kill switch armed
// mid-way stops the remaining entries (in the book as not sent), and an entry acknowledged after it armed is
// closed at once (late-kill.ts).
import { orderTexts } from '../texts/order-texts.ts';
import { words, type Said } from '../texts/said.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { IntentStopped, type BrokerOrder, type BrokerTrading, type IntentPlan, type IntentRef, type TradingAccount, type TransactionPlacer } from '../brokers/broker-trading.ts';
import { timerWait, type Clock, type Wait } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import type { Execution } from '../execution/execution.ts';
import { createIdempotency, type Claim, type ClaimOutcome, type StoredAnswer } from './idempotency.ts';
import { claimIntent, type IntentCall, type PipelineHooks } from './intent-gate.ts';
import { closeIfKilled, lateKillNote, storeAnswer } from './late-kill.ts';
import type { RateLimits } from './order-rate.ts';
import { takeStep, type Step } from './pacing-step.ts';
import { createUnknownOutcomeClaims } from './unknown-outcome-claims.ts';

export type PacedCall = IntentCall & {
  /**
   * The broker's plan of the intent (outside any transaction, or in `tx`: runInOneTransaction); a refusal
   * places nothing and frees the key.
   */
  plan: (tx?: Queryable) => Promise<IntentPlan>;
};

/**
 * What the first statement of runInOneTransaction found: the call for the account it read and locked, the
 * key claimed new for it (else null: the key has a row already), and the kill switch as read under the lock.
 */
export type Opened = { call: PacedCall; claimed: ClaimOutcome | null; armed: Date | null };

/** An intent's first step, taken in the transaction that claimed its key (runInOneTransaction). */
type FirstStep = { plan: IntentPlan; placer: TransactionPlacer; step: Exclude<Step, { refusal: DomainError }> };

/** `execution`: prices the exits of an entry the kill switch closes on its way (late-kill.ts). */
type PacedOptions = { db: Database; clock: Clock; limits: RateLimits; wait?: Wait | undefined; hooks?: PipelineHooks | undefined; execution?: Execution | undefined };

const byNumber = (a: BrokerOrder, b: BrokerOrder) => (a.intent_slice ?? 0) - (b.intent_slice ?? 0);

export function createPacedIntents({ db, clock, limits, wait = timerWait, hooks = {}, execution }: PacedOptions) {
  const idempotency = createIdempotency({ db, clock });
  const unknowns = createUnknownOutcomeClaims({ db, clock });

  /** The intent's orders at the broker (sent or recorded as not sent), by their number in the plan. */
  async function ordersOf(call: PacedCall, intent: IntentRef, since: Date): Promise<BrokerOrder[]> {
    const tagged = await call.broker.ordersByTag(call.account, intent.tag, since);
    return tagged.filter((order) => order.intent_ref === intent.ref && order.intent_slice !== null).sort(byNumber);
  }

  /** The key and when it was claimed: a key used again after it expired names another intent. */
  const intentOf = (key: string, claim: Claim): IntentRef => ({ ref: `${key}@${claim.createdAt.toISOString()}`, tag: claim.tag });

  /**
   * Whether an entry on the account goes out in one transaction, its key's claim included
   * (runInOneTransaction): its broker plans and places in this database for that account.
   */
  const placesInOne = (broker: BrokerTrading, account: TradingAccount): boolean =>
    hooks.placeAsLive !== true && broker.placerInTransaction !== undefined && broker.plansInTransaction?.(account) === true;

  /**
   * Places the intent once per key, over as many seconds as the rate limits need. `claimedNew`: its key,
   * claimed new as its account was read (trading-accounts.ts claimingAccount); null when the key has a row
   * already: a replay, a retry or a takeover goes through the gate's transaction. `first`: the intent's
   * first step, taken already in the transaction that claimed the key (runInOneTransaction).
   */
  async function run(call: PacedCall, claimedNew: ClaimOutcome | null, first?: FirstStep): Promise<StoredAnswer> {
    const gated = claimedNew ?? (await claimIntent(db, idempotency, call));
    if ('stored' in gated) return gated.stored;
    let claim = gated.claim;
    const intent = intentOf(call.key, claim);
    const done = new Map<number, BrokerOrder>();
    if (gated.reconcile && gated.progress > 0) {
      // An early takeover (a request gone with its outcome unknown, within its lease) goes on only with every
      // order that request sent found in the broker's book: else the claim goes back, and this answers 409.
      const giveBack = async () => (gated.early === undefined ? undefined : unknowns.giveBack(claim, gated.early));
      const found = await ordersOf(call, intent, claim.createdAt).catch(async (error: unknown) => {
        await giveBack();
        throw error;
      });
      for (const order of found) done.set(order.intent_slice!, order);
      if (done.size < gated.progress) await giveBack();
    }
    let plan = first?.plan ?? (gated.plan as IntentPlan | null);
    try {
      plan ??= await call.plan();
    } catch (error) {
      if (error instanceof DomainError) await idempotency.release(claim);
      throw error;
    }
    let progress = gated.progress;
    let stop: Said | null = null;
    let note: string | null = null;
    let steps = 0;
    let last: BrokerOrder[];
    // A broker whose exchange is this database places in the step's transaction (cancels first go alone).
    const placer = first?.placer ?? (plan.cancel.length === 0 && hooks.placeAsLive !== true ? await call.broker.placerInTransaction?.(call.account) : undefined);
    // A key claimed new by this call names an intent of which nothing can be at the broker but what this call sends.
    const placing = placer === undefined ? undefined : { placer, intent, claimedNew: claimedNew !== null };
    for (;;) {
      steps += 1;
      const taken = steps === 1 ? first?.step : undefined;
      // Tests' crash before the broker call, which places inside the step.
      if (taken === undefined && placer !== undefined && done.size < plan.orders.length) await hooks.beforeBrokerCall?.(call.key);
      const step =
        taken ??
        (await db
          .transaction((tx) => takeStep(tx, { call, idempotency, limits, clock, placing }, { claim, plan: plan!, progress, done, stop }))
          .catch(async (error: unknown) => {
            // Its placement was rolled back with it: refused before anything went out, the key is free again.
            if (placer !== undefined && error instanceof DomainError && done.size === 0) await idempotency.release(claim);
            throw error;
          }));
      if ('refusal' in step) {
        // Nothing of the intent reached the broker: refused as a single order would be, and the key is free.
        await idempotency.release(claim);
        throw step.refusal;
      }
      ({ claim, progress } = step);
      if (step.placed !== null) {
        placer!.placed();
        await hooks.afterBrokerCall?.(call.key);
        if (step.answer !== null) return step.answer;
      }
      const answered: BrokerOrder[] = [...(step.placed ?? [])];
      if (step.placed === null && step.send.length > 0) {
        try {
          await hooks.beforeBrokerCall?.(call.key);
          if (done.size === 0 && plan.cancel.length > 0) await call.broker.cancelOrders(call.account, plan.cancel, orderTexts.cancelledBeforeSquareOff);
          answered.push(...(await call.broker.placeOrders(call.account, intent, step.send, step.at)));
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          // The broker may have placed it: the claim stays, and its retry reads the book by the tag first.
          if (error.code === 'broker_outcome_unknown') {
            await unknowns.leftUnknown(claim);
            throw error;
          }
          if (error instanceof IntentStopped) {
            // A live broker stopped the intent after placing part of this call: nothing more goes out.
            answered.push(...error.answered);
            stop = words(error.message);
          } else if (done.size === 0) {
            await idempotency.release(claim);
            throw error;
          } else {
            // The broker refused mid-way (the paper broker: the kill switch, read under its lock): the rest is not sent.
            stop = words(error.message);
            step.unsent.push(...step.send.map((order) => ({ ...order, reason: words(error.message) })));
          }
        }
        await hooks.afterBrokerCall?.(call.key);
      }
      if (step.unsent.length > 0) answered.push(...(await call.broker.recordUnsent(call.account, intent, step.unsent)));
      for (const order of answered) if (order.intent_slice !== null) done.set(order.intent_slice, order);
      // The last step's entries: the switch is read as the answer is stored (storeAnswer, below).
      if (step.remaining === 0) {
        last = answered;
        break;
      }
      if (call.entry) {
        const late = await closeIfKilled({ db, clock, limits, wait, execution }, call.broker, call.account, answered);
        if (late !== null) note = lateKillNote(late);
      }
      await idempotency.stepped(claim);
      await wait(step.waitMs);
    }
    // Sent in one step, every order of the intent is in `done` as the broker has just answered it, unless a
    // late kill closed some. Over several seconds, a fill or the kill switch may have changed the first ones.
    const reread = () => ordersOf(call, intent, claim.createdAt);
    const orders = note === null && steps === 1 ? [...done.values()].sort(byNumber) : await reread();
    return storeAnswer({ db, clock, limits, wait, idempotency, execution }, call, claim, last, orders, reread, note);
  }

  /**
   * An entry whose key is claimed in its first step's transaction (issue 37: a round trip an order fewer, and
   * no claim committed on its own). `open` makes the transaction's first statement: the account read under
   * its lock with a new key's claim (trading-accounts.ts claimingAccount with `tx`), sent with BEGIN. Then,
   * under that lock, the plan, and the first step with the broker's placement (pacing-step.ts): when that is
   * the whole intent its answer is stored there too, and the claim, the orders, the sends and the answer
   * commit together. Anything that fails or refuses in between rolls the claim back with the rest: the key is
   * free again, and no order is ever kept without its key. A concurrent request with the same key waits for
   * the account's lock (taken before the claim, as the gate takes it: no deadlock between the two), then
   * finds the key answered, or free. An intent that needs more steps goes on as run() goes, its plan and
   * progress committed with the first. A key seen before, or an account this cannot serve (placesInOne),
   * goes the way run() takes it: the first statement's claim, if it made one, committed on its own first.
   */
  async function runInOneTransaction(open: (tx: Queryable) => Promise<Opened>): Promise<StoredAnswer> {
    const opened = await db.transaction(async (tx): Promise<{ call: PacedCall; claimed: ClaimOutcome | null; first?: FirstStep }> => {
      const { call, claimed, armed } = await open(tx);
      if (claimed === null || 'stored' in claimed || claimed.reconcile || !call.entry || !placesInOne(call.broker, call.account)) return { call, claimed };
      const plan = await call.plan(tx);
      // An entry's plan cancels nothing; were it to, the cancels go first, alone, after this commits.
      if (plan.cancel.length > 0) return { call, claimed: { ...claimed, plan } };
      const placer = await call.broker.placerInTransaction!(call.account);
      const placing = { placer, intent: intentOf(call.key, claimed.claim), claimedNew: true };
      // Tests' crash before the broker's placement: this transaction, the claim with it, is rolled back.
      await hooks.beforeBrokerCall?.(call.key);
      const state = { claim: claimed.claim, plan, progress: 0, done: new Map<number, BrokerOrder>(), stop: null };
      const step = await takeStep(tx, { call, idempotency, limits, clock, placing, locked: { armed } }, state);
      // Refused before anything went out, as a single order would be: the claim goes with the transaction.
      if ('refusal' in step) throw step.refusal;
      return { call, claimed, first: { plan, placer, step } };
    });
    return run(opened.call, opened.claimed, opened.first);
  }

  return { run, runInOneTransaction, placesInOne };
}

export type PacedIntents = ReturnType<typeof createPacedIntents>;
