// An entry the kill switch armed against while it was on its way to the broker: the arming committed after
// the entry's gate, and its flatten may have run before the broker had the order (a live broker's book does
// not show an order still on its way). Whoever placed the entry (the order pipeline, the bot engine) does the
// switch's work again once the broker acknowledged it: harmless when there is nothing left to close.
import type { BrokerOrder, BrokerTrading, TradingAccount } from '../brokers/broker-trading.ts';
import { flattenPaced, type PacingDeps } from './flatten.ts';
import { armedAt } from './intent-gate.ts';
import { lateKillText } from '../texts/order-texts.ts';
import type { Said } from '../texts/said.ts';

/** The exits of an entry the kill switch closed after acknowledging it: found by this tag in the order book. */
export const lateKillSwitchTag = 'KILL-SWITCH';

/** The late close as the API answer's message tells it, after "; " (its English, as a clause). */
export function lateKillNote(closed: Said): string {
  return `${closed.text.charAt(0).toLowerCase()}${closed.text.slice(1).replace(/\.$/, '')}`;
}

/**
 * Flattens the account when the switch is armed and any of the entry's orders may hold or open a position.
 * Answers what it did, for the trader, or null when the switch is off (or nothing of the entry is live).
 */
export async function closeIfKilled(deps: PacingDeps, broker: BrokerTrading, account: TradingAccount, orders: readonly BrokerOrder[]): Promise<Said | null> {
  if (orders.every((order) => order.status === 'REJECTED' || order.status === 'CANCELLED')) return null;
  if ((await armedAt(deps.db, account.id, false)) === null) return null;
  // Paced like the switch's own exits, and never past flat, so closing what it already closed is harmless.
  const { cancelled, exits } = await flattenPaced(deps, broker, account, lateKillSwitchTag);
  const filled = exits.filter((order) => order.status === 'COMPLETE').length;
  return lateKillText({ cancelled: cancelled.length, filled, unfilled: exits.length - filled });
}
