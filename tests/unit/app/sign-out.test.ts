// unit: own module graph. restoreState binds the write-through to IndexedDB once a module graph, as boot does.
/**
 * Sign-out on the device, with the session restored and written through to IndexedDB as at boot: the
 * write-through of the emptied state must not put anything back after the clearing. The server's revoke
 * runs in the background (MSW), and its failure changes nothing for the trader.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { clear, get, keys, set } from 'idb-keyval';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { restoreState } from '@/app/boot/restore-state';
import { signOut, signOutLocally } from '@/app/session/sign-out';
import { configureApiClients } from '@/lib/api/clients';
import { authRedirectAtom, tokenAtom } from '@/lib/session/auth-atoms';
import { brokerAccountsAtom, selectedAccountAtom, userDataAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';
import { createFakeCacheStorage, type FakeCacheStorage } from '../support/fake-cache-storage';

const API = 'http://api.test';
const server = setupServer();
const precache = 'workbox-precache-v2-http://localhost/';
const account = {
  id: 3,
  broker: 'paper',
  name: 'Paper 3',
  account_number: 'PA3',
  api_key: 'key-3',
  capital: 500000,
  is_logged_in: true,
  session_expires_at: null,
};
const user = {
  id: 1,
  email: 'asha@example.in',
  name: 'Asha',
  mobile: '+919876543210',
  trade_defaults: { product: 'MIS', order_type: 'MARKET', lots: 1, index: 'NIFTY', confirm_before_order: true },
} as const;
let caches: FakeCacheStorage;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'anon-key-1' });
  // Bound once, as at boot: later changes to these atoms are written through.
  await restoreState();
});
afterAll(() => server.close());

beforeEach(async () => {
  caches = createFakeCacheStorage();
  caches.seed(precache, 'strikedesk-analytics', 'strikedesk-market-snapshots');
  vi.stubGlobal('caches', caches);
  await set('preferences', { version: 1, theme: 'dark' });
  store.set(tokenAtom, 'token-abc');
  store.set(brokerAccountsAtom, [account]);
  store.set(selectedAccountAtom, account);
  store.set(userDataAtom, user);
  await vi.waitFor(async () => expect(await get('auth_token')).toBe('token-abc'));
});

afterEach(async () => {
  server.resetHandlers();
  vi.unstubAllGlobals();
  await clear();
});

/** Everything the trader's session left on the device, after the write-through has settled. */
async function leftOnDevice() {
  return { stored: (await keys()).sort(), caches: await caches.keys() };
}

describe('signing out on this device', () => {
  it('forgets the session in memory and leaves only the preferences and the precached shell on the device', async () => {
    await signOutLocally();
    expect([store.get(tokenAtom), store.get(userDataAtom), store.get(brokerAccountsAtom), store.get(selectedAccountAtom)]).toEqual([
      null,
      null,
      [],
      null,
    ]);
    expect(store.get(authRedirectAtom)).toBe('/');
    expect(await leftOnDevice()).toEqual({ stored: ['preferences'], caches: [precache] });
  });

  it('asks the server to revoke the old token, and is done on the device even when the server cannot be reached', async () => {
    const revoked: (string | null)[] = [];
    server.use(
      http.post(`${API}/api/authenticate/logout/`, ({ request }) => {
        revoked.push(request.headers.get('Authorization'));
        return HttpResponse.error();
      }),
    );
    await signOut();
    expect(store.get(tokenAtom)).toBeNull();
    expect(await leftOnDevice()).toEqual({ stored: ['preferences'], caches: [precache] });
    await vi.waitFor(() => expect(revoked).toEqual(['Bearer token-abc']));
  });
});
