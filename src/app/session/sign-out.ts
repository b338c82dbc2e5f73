/**
 * Ends the session on this device (spec §4: token cleared from storage and state, redirect set to root,
 * whatever the server says). The user's IndexedDB data and runtime caches go too, so the next person on a
 * shared phone sees nothing of theirs. Layout preferences and the precached app shell stay: they are not
 * the user's data, and the shell must keep opening offline.
 */
import { logoutUser } from '@/features/auth/api/logout-user';
import { store } from '@/lib/store';
import { clearUserData } from '@/lib/persist/clear-user-data';
import { authRedirectAtom, tokenAtom } from '@/lib/session/auth-atoms';
import {
  brokerAccountsAtom,
  brokerPortfoliosAtom,
  loginBrokerAccountIdAtom,
  selectedAccountAtom,
  selectedDateAtom,
  selectedPortfolioAtom,
  userDataAtom,
} from '@/lib/session/user-profile-atoms';

export async function signOutLocally(): Promise<void> {
  store.set(tokenAtom, null);
  store.set(authRedirectAtom, '/');
  store.set(userDataAtom, null);
  store.set(brokerAccountsAtom, []);
  store.set(selectedAccountAtom, null);
  store.set(brokerPortfoliosAtom, []);
  store.set(selectedPortfolioAtom, null);
  store.set(selectedDateAtom, null);
  store.set(loginBrokerAccountIdAtom, null);
  await clearUserData();
}

/**
 * The user's sign-out: local first (immediate, works offline), and the server is asked to revoke the token
 * in the background; its answer changes nothing for the trader, so it is not awaited.
 */
export async function signOut(): Promise<void> {
  const token = store.get(tokenAtom);
  await signOutLocally();
  if (token) void logoutUser(token).catch(() => undefined);
}
