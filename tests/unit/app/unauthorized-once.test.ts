// @vitest-environment node
/**
 * A session that expires while several calls are in flight: every one of them answers 401 at about the
 * same moment. The trader must be signed out once and told once, not once per call. MSW holds both
 * answers until both requests have arrived, so the two 401s really are handled together.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { startApiErrorNotifier } from '@/app/session/api-error-notifier';
import { signOutLocally } from '@/app/session/sign-out';
import type * as SignOut from '@/app/session/sign-out';
import { configureApiClients, mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';
import { notificationsAtom } from '@/lib/notify/notifications-atom';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';

// The real sign-out, counted.
vi.mock('@/app/session/sign-out', async (importOriginal) => {
  const actual = await importOriginal<typeof SignOut>();
  return { ...actual, signOutLocally: vi.fn(actual.signOutLocally) };
});

const API = 'http://api.test';
const server = setupServer();
let stopNotifier: () => void;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'anon-key-1' });
  store.set(notificationsAtom, []);
  store.set(tokenAtom, 'token-abc');
  stopNotifier = startApiErrorNotifier();
});
afterEach(() => {
  stopNotifier();
  server.resetHandlers();
});

/** Answers 401 to every request, but only once `count` requests are waiting. */
function expireTogether(count: number) {
  let arrived = 0;
  let release = () => {};
  const allArrived = new Promise<void>((resolve) => (release = resolve));
  const expired = async () => {
    arrived += 1;
    if (arrived === count) release();
    await allArrived;
    return HttpResponse.json({ message: 'Session expired', code: 'unauthenticated' }, { status: 401 });
  };
  server.use(http.get(`${API}/api/profile/user/`, expired), http.get(`${API}/api/accounts/all-accounts/`, expired));
}

it('two 401s arriving together sign the trader out once, with one notification', async () => {
  expireTogether(2);
  const results = await Promise.allSettled([
    mainApi().GET('/api/profile/user/').then((answer) => requireField(answer, 'user')),
    mainApi().GET('/api/accounts/all-accounts/').then((answer) => requireField(answer, 'broker_accounts')),
  ]);

  expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  expect(vi.mocked(signOutLocally)).toHaveBeenCalledTimes(1);
  expect(store.get(notificationsAtom).map((notification) => notification.title)).toEqual([
    expect.objectContaining({ defaultMessage: 'Authentication Fail' }),
  ]);
  expect(store.get(tokenAtom)).toBeNull();
});
