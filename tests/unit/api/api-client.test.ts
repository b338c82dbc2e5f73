/**
 * The API layer against HTTP mocked with MSW (unhandled requests fail the test), with the app's real
 * error notifier listening: each catalogue row of spec §8 and what the trader is shown.
 */
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { get as readStored, set as writeStored } from 'idb-keyval';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiErrorNotifier } from '@/app/session/api-error-notifier';
import { loginUser } from '@/features/auth/api/login-user';
import { ApiError } from '@/lib/api/api-error';
import { analyticsApi, configureApiClients, mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';
import { notificationsAtom } from '@/lib/notify/notifications-atom';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';

const API = 'http://api.test';
const server = setupServer();
let stopNotifier: () => void;

const user = {
  id: 1,
  email: 'asha@example.in',
  name: 'Asha',
  mobile: '+919876543210',
  trade_defaults: { product: 'MIS', order_type: 'MARKET', lots: 1, index: 'NIFTY', confirm_before_order: true },
};

function titles(): string[] {
  return store.get(notificationsAtom).map((n) => (typeof n.title === 'string' ? n.title : String(n.title.defaultMessage)));
}

const getProfile = async () => requireField(await mainApi().GET('/api/profile/user/'), 'user');

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
  vi.useRealTimers();
});

describe('requests', () => {
  it('carry the bearer token when one is held, and none otherwise', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${API}/api/profile/user/`, ({ request }) => {
        seen.push(request.headers.get('Authorization'));
        return HttpResponse.json({ user });
      }),
    );
    await getProfile();
    store.set(tokenAtom, null);
    await getProfile();
    expect(seen).toEqual(['Bearer token-abc', null]);
  });

  it('send the public key to the analytics backend', async () => {
    let apikey: string | null = null;
    server.use(
      http.get(`${API}/analytics/rest/v1/bots`, ({ request }) => {
        apikey = request.headers.get('apikey');
        return HttpResponse.json([]);
      }),
    );
    await analyticsApi().GET('/rest/v1/bots');
    expect(apikey).toBe('anon-key-1');
  });
});

describe('the error catalogue', () => {
  it('401: "Authentication Fail / Please login again", token removed from state and storage, signed out', async () => {
    await writeStored('auth_token', 'token-abc');
    server.use(http.get(`${API}/api/profile/user/`, () => HttpResponse.json({ message: 'Session expired', code: 'unauthenticated' }, { status: 401 })));
    await expect(getProfile()).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(titles()).toEqual(['Authentication Fail']);
    expect(store.get(notificationsAtom)[0]?.description).toMatchObject({ defaultMessage: 'Please login again' });
    expect(store.get(tokenAtom)).toBeNull();
    await vi.waitFor(async () => expect(await readStored('auth_token')).toBeUndefined());
  });

  it.each([
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
    [508, 'Time Out'],
  ])('%i: "%s", and the user stays signed in', async (status, title) => {
    server.use(http.get(`${API}/api/profile/user/`, () => HttpResponse.json({ message: 'nope', code: 'x' }, { status })));
    await expect(getProfile()).rejects.toBeInstanceOf(ApiError);
    expect(titles()).toEqual([title]);
    expect(store.get(tokenAtom)).toBe('token-abc');
  });

  it('404 coded by the server: what is missing under "Not Found", in the words of the trader\'s language', async () => {
    server.use(
      http.get(`${API}/api/profile/user/`, () =>
        HttpResponse.json(
          { message: 'Portfolio not found', code: 'not_found', details: { text: { code: 'not_found.thing', params: { thing: 'portfolio' } } } },
          { status: 404 },
        ),
      ),
    );
    await expect(getProfile()).rejects.toMatchObject({ kind: 'not_found' });
    expect(titles()).toEqual(['Not Found']);
    const shown = store.get(notificationsAtom)[0];
    expect(shown?.description).toMatchObject({ id: 'server.not_found.thing' });
    expect(shown?.values).toEqual({ thing: 'portfolio' });
  });

  // The spec's numbers, not the imported constant: a changed constant must fail this test.
  it('times out after 60 s without an answer (fake clock): "Time Out"', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(
      http.get(`${API}/api/profile/user/`, async () => {
        await delay('infinite');
        return HttpResponse.json({ user });
      }),
    );
    let settled = false;
    const outcome = getProfile().then(
      () => 'answered',
      (error: unknown) => error,
    );
    void outcome.finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBe(false);
    expect(titles()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ kind: 'time_out' });
    expect(titles()).toEqual(['Time Out']);
  });

  it('a request that cannot be set up: "Error"', async () => {
    configureApiClients({ apiBaseUrl: 'http://[broken', analyticsUrl: '/analytics', analyticsAnonKey: 'k' });
    await expect(getProfile()).rejects.toMatchObject({ kind: 'setup' });
    expect(titles()).toEqual(['Error']);
  });

  it('no answer at all (network failure): "Error" with a hint to check the connection', async () => {
    server.use(http.get(`${API}/api/profile/user/`, () => HttpResponse.error()));
    await expect(getProfile()).rejects.toMatchObject({ kind: 'network' });
    expect(titles()).toEqual(['Error']);
  });

  it('a 2xx answer without the expected field fails with the answer\'s message', async () => {
    server.use(http.post(`${API}/api/authenticate/login/`, () => HttpResponse.json({ message: 'Account pending approval' })));
    await expect(loginUser({ email: 'a@b.in', password: 'x' })).rejects.toMatchObject({
      kind: 'invalid_response',
      message: 'Account pending approval',
    });
    expect(store.get(notificationsAtom)[0]?.description).toBe('Account pending approval');
  });

  it('other refusals carry the server\'s message and code for the screen to show, without a global notification', async () => {
    server.use(
      http.post(`${API}/api/authenticate/login/`, () =>
        HttpResponse.json({ message: 'Invalid email or password', code: 'invalid_credentials' }, { status: 400 }),
      ),
    );
    await expect(loginUser({ email: 'a@b.in', password: 'x' })).rejects.toMatchObject({
      kind: 'rejected',
      code: 'invalid_credentials',
      message: 'Invalid email or password',
    });
    expect(titles()).toEqual([]);
    expect(store.get(tokenAtom)).toBe('token-abc');
  });

  it('429 keeps Retry-After for the screen', async () => {
    server.use(
      http.post(`${API}/api/authenticate/login/`, () =>
        HttpResponse.json({ message: 'Too many attempts', code: 'too_many_requests' }, { status: 429, headers: { 'Retry-After': '120' } }),
      ),
    );
    await expect(loginUser({ email: 'a@b.in', password: 'x' })).rejects.toMatchObject({ retryAfterSeconds: 120 });
  });
});
