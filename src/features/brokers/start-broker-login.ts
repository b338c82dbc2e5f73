/**
 * Sends the trader to the broker's own login page (Kite-style). That page is a full page away and sends
 * them back to /app/broker/<broker>/..., so the account being logged in is remembered on the device first.
 */
import type { Broker, BrokerAccount } from '@/features/brokers/api/broker-types';
import type { Locale } from '@/i18n/locale';
import { storeValue } from '@/lib/persist/idb-storage';
import { brokerLoginBinding } from '@/lib/session/session-persistence';
import { loginBrokerAccountIdAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';

/**
 * The broker's login page for this account, or null when the broker has none. `lang` asks the page for
 * the trader's language (the paper broker's page reads it; a broker that does not ignores it).
 */
export function brokerLoginUrl(broker: Broker | undefined, account: BrokerAccount, lang: Locale): string | null {
  if (!broker?.login_url) return null;
  const separator = broker.login_url.includes('?') ? '&' : '?';
  return `${broker.login_url}${separator}api_key=${encodeURIComponent(account.api_key)}&lang=${lang}`;
}

export async function startBrokerLogin(url: string, account: BrokerAccount): Promise<void> {
  store.set(loginBrokerAccountIdAtom, account.id);
  // The atom is written through to IndexedDB in the background; a write still running when the page
  // unloads may be lost, so this one is awaited before leaving. A failed write still lets the trader go:
  // the return page then says it cannot tell which account was logging in.
  try {
    await storeValue(brokerLoginBinding.key, brokerLoginBinding.serialize(account.id));
  } catch (error) {
    console.error('Could not remember the account logging in to its broker', error);
  }
  window.location.assign(url);
}
