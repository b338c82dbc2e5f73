import type { BrokerAccount } from '@/features/brokers/api/broker-types';

/**
 * Whether the account's broker session is open now. A list restored from the device may be hours old,
 * so a session whose end has passed counts as closed whatever `is_logged_in` said then.
 */
export function isSessionOpen(account: BrokerAccount, now: number = Date.now()): boolean {
  if (!account.is_logged_in) return false;
  if (account.session_expires_at === null) return true;
  const ends = Date.parse(account.session_expires_at);
  return Number.isNaN(ends) || ends > now;
}
