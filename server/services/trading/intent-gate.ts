// The first step of every trading intent (ARCHITECTURE.md, "A real broker is never called inside a database
// transaction"), shared by single calls (order-pipeline.ts) and paced intents (paced-intent.ts): one short
// transaction that locks the account's row (the row the kill switch writes), claims the Idempotency-Key with
// the tag the intent's orders will carry, refuses an entry while the kill switch is armed and checks the
// portfolio. Anything thrown inside rolls the claim back with it, so the key stays free.
import type { Database, Queryable } from '../../db/database.ts';
import { killSwitchRefusal, type BrokerOrder, type BrokerTrading, type TradingAccount } from '../brokers/broker-trading.ts';
import { checkPortfolio } from '../portfolios/portfolio-check.ts';
import type { ClaimOutcome, Idempotency } from './idempotency.ts';

/** Tests only: a crash injected on either side of a broker call (the intent's key is given). */
export type PipelineHooks = {
  beforeBrokerCall?: (key: string) => Promise<void> | void;
  afterBrokerCall?: (key: string) => Promise<void> | void;
  /**
   * Tests only: the paper broker places outside the pacing step's transaction, as a live broker does, so the
   * tests of crashes between a broker call and its answer, and of late kills, run on it.
   */
  placeAsLive?: boolean;
};

/** What every intent names: whose, which key and body, which broker, and whether it opens risk. */
export type IntentCall = {
  userId: number;
  key: string;
  /** requestHash of the operation and its body. */
  hash: string;
  account: TradingAccount;
  broker: BrokerTrading;
  /** Opens risk: refused while the kill switch is armed, and closed at once if it armed during the call. */
  entry: boolean;
  portfolioId: number | null;
  /** What the orders carry; a retry that takes the claim over looks it up at the broker. */
  tag: string;
  /** The answer stored on the key; `note` says what the kill switch closed meanwhile, if anything. */
  answer: (orders: readonly BrokerOrder[], note: string | null) => { status: number; body: unknown };
};

/**
 * Since when the account's kill switch is armed (null: it is not); `lock` takes the account's row lock. Every
 * trading lock of the account is FOR NO KEY UPDATE: they exclude one another as FOR UPDATE would, but not the
 * key-share locks that an insert of a row naming the account takes (an alert, an order), which FOR UPDATE
 * made every order of the account wait behind (issue 37: the alert watcher's transactions held them).
 */
export async function armedAt(q: Queryable, accountId: number, lock: boolean): Promise<Date | null> {
  const { rows } = await q.query<{ kill_switch_armed_at: Date | null }>(
    `SELECT kill_switch_armed_at FROM broker_accounts WHERE id = $1${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [accountId],
  );
  const armed = rows[0]?.kill_switch_armed_at ?? null;
  return armed === null ? null : new Date(armed);
}

export type Gated = ClaimOutcome & { armed: Date | null };

/**
 * Claims the intent's key, or finds its stored answer or a claim to take over. `fresh`: what else a new
 * claim must pass in this transaction (a single call's rate limit).
 */
export function claimIntent(db: Database, idempotency: Idempotency, call: IntentCall, fresh?: (tx: Queryable) => Promise<void>): Promise<Gated> {
  return db.transaction(async (tx) => {
    const armed = await armedAt(tx, call.account.id, true);
    const outcome = await idempotency.claim(tx, call.userId, call.key, call.hash, { accountId: call.account.id, tag: call.tag });
    if ('stored' in outcome || outcome.reconcile) return { ...outcome, armed };
    if (call.entry && armed !== null) throw killSwitchRefusal(call.account.accountNumber, armed);
    await checkPortfolio(tx, call.account.id, call.portfolioId);
    await fresh?.(tx);
    return { ...outcome, armed };
  });
}
