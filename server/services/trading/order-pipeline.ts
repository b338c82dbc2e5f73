// The order pipeline, the same for every broker (ARCHITECTURE.md, "A real broker is never called inside a
// database transaction"):
//   1. gate, one short transaction: the account's row locked (the row the kill switch writes), an entry
//      refused while the switch is armed, the portfolio checked, the Idempotency-Key claimed with the tag
//      the intent's orders will carry;
//   2. the broker call, outside any transaction;
//   3. record: the answer stored on the key. An entry claimed before the switch armed and acknowledged
//      after it is closed at once (a live broker's flatten cannot see an order still on its way).
// A refusal (a DomainError from the broker) placed nothing: the key is released. Any other failure leaves
// the key claimed: its retry, once the claim's lease is over, looks the tag up at the broker first, and
// places the intent only when no order carries it.
import type { Database, Queryable } from '../../db/database.ts';
import { killSwitchRefusal, type BrokerOrder, type BrokerTrading, type TradingAccount } from '../brokers/broker-trading.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { checkPortfolio } from '../portfolios/portfolio-check.ts';
import { createIdempotency, type StoredAnswer } from './idempotency.ts';

/** Tests only: a crash injected on either side of the broker call (the intent's key is given). */
export type PipelineHooks = {
  beforeBrokerCall?: (key: string) => Promise<void> | void;
  afterBrokerCall?: (key: string) => Promise<void> | void;
};

export type OrderIntentCall = {
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
  place: (tag: string) => Promise<BrokerOrder[]>;
  /** The answer stored on the key; `note` says what the kill switch closed meanwhile, if anything. */
  answer: (orders: readonly BrokerOrder[], note: string | null) => { status: number; body: unknown };
};

/** The exits of an entry the kill switch closed after acknowledging it: found by this tag in the order book. */
export const lateKillSwitchTag = 'KILL-SWITCH';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

async function armedAt(q: Queryable, accountId: number, lock: boolean): Promise<Date | null> {
  const { rows } = await q.query<{ kill_switch_armed_at: Date | null }>(
    `SELECT kill_switch_armed_at FROM broker_accounts WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [accountId],
  );
  const armed = rows[0]?.kill_switch_armed_at ?? null;
  return armed === null ? null : new Date(armed);
}

export function createOrderPipeline({ db, clock, hooks = {} }: { db: Database; clock: Clock; hooks?: PipelineHooks | undefined }) {
  const idempotency = createIdempotency({ db, clock });

  async function gate(intent: OrderIntentCall) {
    return db.transaction(async (tx) => {
      const armed = await armedAt(tx, intent.account.id, true);
      const outcome = await idempotency.claim(tx, intent.userId, intent.key, intent.hash, { accountId: intent.account.id, tag: intent.tag });
      if ('stored' in outcome || outcome.reconcile) return { ...outcome, armed };
      // Thrown inside the gate: the claim is rolled back with it, and the key stays free.
      if (intent.entry && armed !== null) throw killSwitchRefusal(intent.account.accountNumber, armed);
      await checkPortfolio(tx, intent.account.id, intent.portfolioId);
      return { ...outcome, armed };
    });
  }

  /** Places what the intent asks, once per key, whatever fails between the steps. */
  async function run(intent: OrderIntentCall): Promise<StoredAnswer> {
    const gated = await gate(intent);
    if ('stored' in gated) return gated.stored;
    const { claim } = gated;
    let orders = gated.reconcile ? await intent.broker.ordersByTag(intent.account, claim.tag, claim.createdAt) : [];
    if (orders.length === 0) {
      try {
        if (intent.entry && gated.armed !== null) throw killSwitchRefusal(intent.account.accountNumber, gated.armed);
        await hooks.beforeBrokerCall?.(intent.key);
        orders = await intent.place(claim.tag);
      } catch (error) {
        // A refusal placed nothing: the key is free again. A live broker's "outcome unknown" may have placed
        // something: the claim stays, so the retry reconciles by the tag once the lease is over.
        if (error instanceof DomainError && error.code !== 'broker_outcome_unknown') await idempotency.release(claim);
        throw error;
      }
    }
    await hooks.afterBrokerCall?.(intent.key);
    const late = intent.entry ? await closeIfKilled(intent, orders) : null;
    if (late !== null) orders = await intent.broker.ordersByTag(intent.account, claim.tag, claim.createdAt);
    return idempotency.complete(db, claim, intent.answer(orders, late));
  }

  /**
   * An entry the kill switch armed against while it was on its way: its arming committed after this entry's
   * gate, and its flatten may have run before the broker had the order. The switch's work is done again
   * (harmless when there is nothing left); answers what it did, or null when the switch is off.
   */
  async function closeIfKilled(intent: OrderIntentCall, orders: readonly BrokerOrder[]): Promise<string | null> {
    if (orders.every((order) => order.status === 'REJECTED' || order.status === 'CANCELLED')) return null;
    if ((await armedAt(db, intent.account.id, false)) === null) return null;
    const { cancelled, exits } = await intent.broker.flattenAccount(intent.account, lateKillSwitchTag);
    const filled = exits.filter((order) => order.status === 'COMPLETE').length;
    const parts = [`${plural(cancelled.length, 'working order', 'working orders')} cancelled`, `${plural(filled, 'exit', 'exits')} filled`];
    if (filled < exits.length) parts.push(`${plural(exits.length - filled, 'exit', 'exits')} not filled: close what is left yourself`);
    return `the kill switch was turned on while this was being placed, so everything was closed at once: ${parts.join(', ')}`;
  }

  return { run };
}

export type OrderPipeline = ReturnType<typeof createOrderPipeline>;
