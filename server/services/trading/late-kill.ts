// An entry the kill switch armed against while it was on its way to the broker: the arming committed after
// the entry's gate, and its flatten may have run before the broker had the order (a live broker's book does
// not show an order still on its way). Whoever placed the entry (the order pipeline, the bot engine) does the
// switch's work again once the broker acknowledged it: harmless when there is nothing left to close.
import type { Database } from '../../db/database.ts';
import type { BrokerOrder, BrokerTrading, TradingAccount } from '../brokers/broker-trading.ts';
import type { Clock } from '../clock.ts';
import { armedAt } from './intent-gate.ts';
import { recordSends } from './order-rate.ts';
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
export async function closeIfKilled(db: Database, clock: Clock, broker: BrokerTrading, account: TradingAccount, orders: readonly BrokerOrder[]): Promise<Said | null> {
  if (orders.every((order) => order.status === 'REJECTED' || order.status === 'CANCELLED')) return null;
  if ((await armedAt(db, account.id, false)) === null) return null;
  const { cancelled, exits } = await broker.flattenAccount(account, lateKillSwitchTag);
  // Sent like any order (a live broker counts them), though never refused for the rate.
  await recordSends(db, account.id, exits.length, clock());
  const filled = exits.filter((order) => order.status === 'COMPLETE').length;
  return lateKillText({ cancelled: cancelled.length, filled, unfilled: exits.length - filled });
}
