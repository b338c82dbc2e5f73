// An entry the kill switch armed against while it was on its way to the broker: the arming committed after
// the entry's gate, and its flatten may have run before the broker had the order (a live broker's book does
// not show an order still on its way). Whoever placed the entry (the order pipeline, the bot engine) does the
// switch's work again once the broker acknowledged it: harmless when there is nothing left to close.
import type { BrokerOrder, BrokerTrading, TradingAccount } from '../brokers/broker-trading.ts';
import { flattenPaced, type PacingDeps } from './flatten.ts';
import type { Claim, Idempotency, StoredAnswer } from './idempotency.ts';
import { armedAt, type IntentCall } from './intent-gate.ts';
import { lateKillText } from '../texts/order-texts.ts';
import type { Said } from '../texts/said.ts';

/** The exits of an entry the kill switch closed after acknowledging it: found by this tag in the order book. */
export const lateKillSwitchTag = 'KILL-SWITCH';

/** The late close as the API answer's message tells it, after "; " (its English, as a clause). */
export function lateKillNote(closed: Said): string {
  return `${closed.text.charAt(0).toLowerCase()}${closed.text.slice(1).replace(/\.$/, '')}`;
}

/** Whether any of an entry's orders may hold or open a position: else the switch has nothing of it to close. */
const mayHoldPosition = (orders: readonly BrokerOrder[]) => orders.some((order) => order.status !== 'REJECTED' && order.status !== 'CANCELLED');

/** Does the armed switch's work for an entry acknowledged after it armed, answering what it did, for the trader. */
async function closeKilled(deps: PacingDeps, broker: BrokerTrading, account: TradingAccount): Promise<Said> {
  // Paced like the switch's own exits, and never past flat, so closing what it already closed is harmless.
  const { cancelled, exits } = await flattenPaced(deps, broker, account, lateKillSwitchTag);
  const filled = exits.filter((order) => order.status === 'COMPLETE').length;
  return lateKillText({ cancelled: cancelled.length, filled, unfilled: exits.length - filled });
}

/**
 * Flattens the account when the switch is armed and any of the entry's orders may hold or open a position.
 * Answers what it did, for the trader, or null when the switch is off (or nothing of the entry is live).
 */
export async function closeIfKilled(deps: PacingDeps, broker: BrokerTrading, account: TradingAccount, orders: readonly BrokerOrder[]): Promise<Said | null> {
  if (!mayHoldPosition(orders)) return null;
  if ((await armedAt(deps.db, account.id, false)) === null) return null;
  return closeKilled(deps, broker, account);
}

/** An intent as its answer is stored: whether it is an entry, its account and broker, and its answer. */
type Answering = Pick<IntentCall, 'entry' | 'broker' | 'account' | 'answer'>;

/**
 * Stores an intent's answer on its key. For an entry whose last broker call left orders that may hold a
 * position, the kill switch is read in the statement that stores the answer (completeUnlessArmed: one round
 * trip, not a read and then the store); armed, the account is closed first (closeIfKilled) and the answer,
 * its orders read again by `reread`, says so. `note`: what the answer says otherwise (an earlier late close).
 */
export async function storeAnswer(
  deps: PacingDeps & { idempotency: Idempotency },
  call: Answering,
  claim: Claim,
  last: readonly BrokerOrder[],
  orders: readonly BrokerOrder[],
  reread: () => Promise<BrokerOrder[]>,
  note: string | null,
): Promise<StoredAnswer> {
  const { db, idempotency } = deps;
  if (!call.entry || !mayHoldPosition(last)) return idempotency.complete(db, claim, call.answer(orders, note));
  const stored = await idempotency.completeUnlessArmed(db, claim, call.account.id, call.answer(orders, note));
  if (stored !== null) return stored;
  const closed = lateKillNote(await closeKilled(deps, call.broker, call.account));
  return idempotency.complete(db, claim, call.answer(await reread(), closed));
}
