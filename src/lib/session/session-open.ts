import type { BrokerAccount } from '@/lib/session/user-profile-atoms';

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

/**
 * The account the screens show when the trader has chosen none (a new device, a list read afresh): the first whose
 * broker session is open, else the first; null without accounts. The brokers screen marks it Selected, so the badge
 * and the desk always name the same account.
 */
export function defaultAccount(accounts: readonly BrokerAccount[]): BrokerAccount | null {
  return accounts.find((account) => isSessionOpen(account)) ?? accounts[0] ?? null;
}

/** The account the screens show from `accounts`: the chosen one as the list has it, else defaultAccount. */
export function shownAccount(accounts: readonly BrokerAccount[], chosen: BrokerAccount | null): BrokerAccount | null {
  return accounts.find((account) => account.id === chosen?.id) ?? defaultAccount(accounts);
}
