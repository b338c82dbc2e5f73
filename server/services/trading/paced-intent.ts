// A trader's intent the broker cannot take in one second goes out over several, as Kite's own basket and
// autoslice do. Kite takes 10 orders a second per account; a basket holds up to 20 orders and an order above
// the freeze quantity slices into up to 20: refusing those with a 429 would refuse them for ever (they never
// fit in a second), and a 422 would make the trader split by hand what Kite places in one go. So the request
// places what the second has room for now, waits for the next second to open (`wait`, injected: tests move
// their clock instead of sleeping) and places the rest, one transaction a step: each order is in the book,
// and in the trader's order book, as it goes out. The answer, every order of the intent, comes once the last
// is placed (a few seconds at most: 400 orders, a minute's worth, is the most one request may make).
//
// Exactly once: the first step claims the Idempotency-Key and plans the intent (every check, every slice)
// in one transaction; if orders remain, the plan is committed with the key. Each order names its intent (the
// key and when it was claimed: a key used again after it expired is another intent) and slice number, unique
// per account, and each step places only slices not yet in the book, under the account's lock. A request with the key while the intent runs answers 409; a retry after the server running it died
// (no step for 10 s) resumes it with the stored plan and places only what is missing.
import type { Database, Queryable } from '../../db/database.ts';
import type { OrderRow, PaperTrading, PlannedSlice, TradingAccount } from '../brokers/paper/paper-trading.ts';
import type { Idempotency, StoredAnswer } from './idempotency.ts';

/** Waits `ms` milliseconds (a timer in production; tests advance their manual clock). */
export type Wait = (ms: number) => Promise<void>;

export const timerWait: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long to wait when another request is in a step of the same intent right now. */
const busyWaitMs = 200;

export type PacedIntent = {
  userId: number;
  key: string;
  hash: string;
  account: TradingAccount;
  broker: PaperTrading;
  /** Checks and slices the intent inside the claiming transaction; a refusal (thrown) places and stores nothing. */
  plan: (tx: Queryable) => Promise<PlannedSlice[]>;
  /** The answer's body for the intent's orders. */
  answer: (orders: OrderRow[]) => unknown;
};

type Step = StoredAnswer | { waitMs: number };

export function createPacedIntents({ db, idempotency, wait }: { db: Database; idempotency: Idempotency; wait: Wait }) {
  async function step(tx: Queryable, intent: PacedIntent, ref: string, plan: readonly PlannedSlice[], mustStart: boolean): Promise<Step> {
    const progress = await intent.broker.placePlanned(tx, intent.account, ref, plan, { mustStart });
    if (progress.remaining > 0) {
      await idempotency.pacing(tx, intent.userId, intent.key, plan);
      return { waitMs: progress.waitMs };
    }
    const answer = { status: 200, body: intent.answer(await intent.broker.intentOrders(tx, intent.account, ref)) };
    await idempotency.complete(tx, intent.userId, intent.key, answer);
    return { ...answer, replayed: false };
  }

  /** Places the intent once per key, over as many seconds as the broker's rate limit needs. */
  async function run(intent: PacedIntent): Promise<StoredAnswer> {
    let plan: readonly PlannedSlice[] = [];
    let ref = '';
    let outcome: Step = await db.transaction(async (tx) => {
      const claim = await idempotency.claim(tx, intent.userId, intent.key, intent.hash);
      if (claim.kind === 'stored') return claim.answer;
      ref = `${intent.key}@${claim.since.toISOString()}`;
      plan = claim.kind === 'resume' ? (claim.plan as PlannedSlice[]) : await intent.plan(tx);
      return step(tx, intent, ref, plan, claim.kind === 'claimed');
    });
    while ('waitMs' in outcome) {
      await wait(outcome.waitMs);
      outcome = await db.transaction(async (tx): Promise<Step> => {
        const found = await idempotency.resumeStep(tx, intent.userId, intent.key);
        if (found === 'busy') return { waitMs: busyWaitMs };
        if (found !== 'running') return found;
        return step(tx, intent, ref, plan, false);
      });
    }
    return outcome;
  }

  return { run };
}

export type PacedIntents = ReturnType<typeof createPacedIntents>;
