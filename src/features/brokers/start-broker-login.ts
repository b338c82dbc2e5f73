/**
 * Sends the trader to the broker's own login page. The server builds the page's link for the account, with a
 * state bound to this trader and account; the page is a full page away and sends them back to
 * /app/broker/<broker>/callback, so the account being logged in is remembered on the device first.
 */
import { createBrokerLoginLink } from '@/features/brokers/api/create-broker-login-link';
import type { Broker, BrokerAccount } from '@/features/brokers/api/broker-types';
import type { Locale } from '@/i18n/locale';
import { storeValue } from '@/lib/persist/idb-storage';
import { brokerLoginBinding } from '@/lib/session/session-persistence';
import { loginBrokerAccountIdAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';

/** Whether the account's broker has a login page to send the trader to. */
export function hasLoginPage(broker: Broker | undefined): boolean {
  return Boolean(broker?.login_url);
}

/** This app's return page for the broker (the redirect URL registered in the broker's app). */
export function brokerReturnUrl(origin: string, broker: string): string {
  return `${origin}/app/broker/${broker}/callback`;
}

/**
 * Asks the server for the account's login link, remembers the account, then leaves for the broker's page.
 * `lang` asks the page for the trader's language (the paper broker's page reads it; others ignore it). A
 * refused or failed request throws before anything is remembered.
 */
export async function startBrokerLogin(account: BrokerAccount, lang: Locale): Promise<void> {
  const url = await createBrokerLoginLink(account.id, { broker_name: account.broker, redirect_uri: brokerReturnUrl(window.location.origin, account.broker), lang });
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
