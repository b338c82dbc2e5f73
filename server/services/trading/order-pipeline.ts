// The order pipeline for a single broker call (a stop-loss, a target, a modification, a cancellation), the
// same for every broker (ARCHITECTURE.md, "A real broker is never called inside a database transaction"):
//   1. gate, one short transaction (intent-gate.ts): the account's row locked, an entry refused while the
//      kill switch is armed, the portfolio checked, the Idempotency-Key claimed with the tag the intent's
//      orders will carry, and the orders it sends counted against the rate limits (order-rate.ts) at the
//      instant they are admitted, which the paper broker stamps them with;
//   2. the broker call, outside any transaction;
//   3. record: the answer stored on the key. An entry claimed before the switch armed and acknowledged
//      after it is closed at once (late-kill.ts storeAnswer, which reads the switch as it stores the answer).
// Intents that place orders from a plan (baskets, sliced orders, square-offs) go out paced over as many
// seconds as the rate limits need: paced-intent.ts, built on the same gate.
// A refusal (a DomainError from the broker) placed nothing: the key is released. Any other failure leaves
// the key claimed: its retry, once the claim's lease is over, looks the tag up at the broker first, and
// makes the call only when no order carries it.
import type { Database, Queryable } from '../../db/database.ts';
import { killSwitchRefusal, type BrokerOrder } from '../brokers/broker-trading.ts';
import { timerWait, type Clock, type Wait } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import type { Execution } from '../execution/execution.ts';
import { createIdempotency, type StoredAnswer } from './idempotency.ts';
import { claimIntent, type IntentCall, type PipelineHooks } from './intent-gate.ts';
import { armedAt } from './intent-gate.ts';
import { storeAnswer } from './late-kill.ts';
import { checkRateLimits, recordSends, secondWindow, type RateLimits } from './order-rate.ts';
import { createUnknownOutcomeClaims } from './unknown-outcome-claims.ts';

export type OrderCall = IntentCall & {
  /**
   * Orders the call sends, counted in its gate (0: refused only when the second is already over its limit;
   * null: never refused). A call whose count the broker must first work out (a stop-loss on the account's
   * position: one order per share it is split over) passes its plan, run once the key is claimed and counted
   * in a short transaction of its own before the broker call; its refusal places nothing and frees the key.
   */
  sends: number | null | (() => Promise<number>);
  /**
   * The broker call. `retry`: the claim was taken over from a request that never finished and no order
   * carries the tag, so the first attempt's call may or may not have reached the broker (a modification
   * carries no tag: see trading-service.ts modifyOrder). `sentAt`: when its orders were admitted (absent on
   * a retry that took a claim over). `note` joins the answer's message.
   */
  place: (tag: string, retry: boolean, sentAt: Date | undefined) => Promise<{ orders: BrokerOrder[]; note?: string | null }>;
};

/** `wait`: how a late kill's paced exits wait for the account's next free second. */
/** `execution`: prices the exits of an entry the kill switch closes on its way (late-kill.ts). */
type PipelineOptions = { db: Database; clock: Clock; limits: RateLimits; wait?: Wait | undefined; hooks?: PipelineHooks | undefined; execution?: Execution | undefined };

export function createOrderPipeline({ db, clock, limits, wait = timerWait, hooks = {}, execution }: PipelineOptions) {
  const idempotency = createIdempotency({ db, clock });
  const unknowns = createUnknownOutcomeClaims({ db, clock });

  /** Makes the call once per key, whatever fails between the steps. */
  async function run(call: OrderCall): Promise<StoredAnswer> {
    // Counted under the account's row lock (the gate's, or its own for a planned count), at the instant read
    // once the lock is held, so sends are admitted in the order of their instants.
    let sentAt: Date | undefined;
    const count = async (tx: Queryable, sends: number) => {
      const now = clock();
      await checkRateLimits(tx, call.account.id, sends, now, limits, secondWindow(limits, call.broker.rateMarginMs));
      await recordSends(tx, call.account.id, sends, now);
      sentAt = now;
    };
    const gated = await claimIntent(db, idempotency, call, async (tx) => {
      if (typeof call.sends === 'number') await count(tx, call.sends);
    });
    if ('stored' in gated) return gated.stored;
    const { claim } = gated;
    // An early takeover (a request gone with its outcome unknown, within its lease) finding no order: the claim goes back, 409.
    const giveBack = async () => (gated.early === undefined ? undefined : unknowns.giveBack(claim, gated.early));
    let orders = gated.reconcile
      ? await call.broker.ordersByTag(call.account, claim.tag, claim.createdAt).catch(async (error: unknown) => {
          await giveBack();
          throw error;
        })
      : [];
    if (orders.length === 0) await giveBack();
    let note: string | null = null;
    if (orders.length === 0) {
      try {
        if (call.entry && gated.armed !== null) throw killSwitchRefusal(call.account.accountNumber, gated.armed);
        if (typeof call.sends === 'function') {
          const sends = await call.sends();
          // A retry that took the claim over counts nothing again: its first attempt was counted.
          if (!gated.reconcile) {
            await db.transaction(async (tx) => {
              await armedAt(tx, call.account.id, true);
              await count(tx, sends);
            });
          }
        }
        await hooks.beforeBrokerCall?.(call.key);
        const placed = await call.place(claim.tag, gated.reconcile, sentAt);
        orders = placed.orders;
        note = placed.note ?? null;
      } catch (error) {
        // A refusal placed nothing: the key is free again. A live broker's "outcome unknown" may have placed
        // something: the claim stays, so the retry reconciles by the tag once the lease is over.
        if (error instanceof DomainError && error.code !== 'broker_outcome_unknown') await idempotency.release(claim);
        else if (error instanceof DomainError) await unknowns.leftUnknown(claim);
        throw error;
      }
    }
    await hooks.afterBrokerCall?.(call.key);
    const reread = () => call.broker.ordersByTag(call.account, claim.tag, claim.createdAt);
    return storeAnswer({ db, clock, limits, wait, idempotency, execution }, call, claim, orders, orders, reread, note);
  }

  return { run };
}

export type OrderPipeline = ReturnType<typeof createOrderPipeline>;
