// One network state for the app, from the browser's word AND what requests really did: a captive portal or
// dead Wi-Fi (navigator.onLine true, every request failing) must read as unreachable, not online.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApiClients, mainApi } from '@/lib/api/clients';
import { networkStateAtom, reportNetwork } from '@/lib/network/network-atom';
import { eventOfResponse, initialNetworkState, nextNetworkState, probeDelayMs, reachable, type NetworkState } from '@/lib/network/network-state';
import { store } from '@/lib/store';

const at = (seconds: number) => seconds * 1000;

describe('the network state rules', () => {
  it('starts from the browser’s word', () => {
    expect(initialNetworkState(true, at(1))).toEqual({ kind: 'reachable' });
    expect(initialNetworkState(false, at(1))).toEqual({ kind: 'offline', since: at(1) });
  });

  it('turns unreachable at the first request without an answer, even though the browser says online', () => {
    const state = nextNetworkState(reachable, { type: 'failed', at: at(10) });
    expect(state).toEqual({ kind: 'unreachable', since: at(10) });
    // Later failures keep the first time: "since 10", not "since the last attempt".
    expect(nextNetworkState(state, { type: 'failed', at: at(20) })).toBe(state);
    // The browser's `online` event proves nothing while nothing answers.
    expect(nextNetworkState(state, { type: 'browser-online', at: at(25) })).toBe(state);
  });

  it('is reachable again at the first answer', () => {
    const state: NetworkState = { kind: 'unreachable', since: at(10) };
    expect(nextNetworkState(state, { type: 'answered', at: at(30) })).toEqual({ kind: 'reachable' });
    expect(nextNetworkState(reachable, { type: 'answered', at: at(30) })).toBe(reachable);
  });

  it('goes offline on the browser’s word, and back online only as unreachable until the server answers', () => {
    const offline = nextNetworkState(reachable, { type: 'browser-offline', at: at(5) });
    expect(offline).toEqual({ kind: 'offline', since: at(5) });
    // An answer that slips in while the browser says offline does not end it; failures do not change its time.
    expect(nextNetworkState(offline, { type: 'answered', at: at(6) })).toBe(offline);
    expect(nextNetworkState(offline, { type: 'failed', at: at(7) })).toBe(offline);
    const back = nextNetworkState(offline, { type: 'browser-online', at: at(9) });
    expect(back).toEqual({ kind: 'unreachable', since: at(5) });
    expect(nextNetworkState(back, { type: 'answered', at: at(10) })).toEqual({ kind: 'reachable' });
  });

  it('keeps the start of an unreachable spell when the browser then says offline', () => {
    expect(nextNetworkState({ kind: 'unreachable', since: at(3) }, { type: 'browser-offline', at: at(8) })).toEqual({ kind: 'offline', since: at(3) });
  });

  it('does not count the service worker’s saved copy or a gateway’s 502–504 as the server answering', () => {
    const answer = (status: number, headers: Record<string, string> = {}) => eventOfResponse({ status, headers: new Headers(headers) }, at(1)).type;
    expect(answer(200)).toBe('answered');
    expect(answer(422)).toBe('answered');
    expect(answer(500)).toBe('answered');
    expect(answer(200, { 'x-served-from': 'cache' })).toBe('failed');
    expect(answer(502)).toBe('failed');
    expect(answer(503)).toBe('failed');
    expect(answer(504)).toBe('failed');
  });

  it('counts a 503 carrying the server’s own error body as its answer (a broker unavailable), not a gateway’s', () => {
    const answer = (status: number, body: unknown) => eventOfResponse({ status, headers: new Headers() }, at(1), body).type;
    expect(answer(503, { message: 'Dhan did not answer', code: 'broker_unavailable' })).toBe('answered');
    expect(answer(503, { message: 'Busy', code: 'server_busy' })).toBe('answered');
    // A gateway's page, or JSON that is not the server's shape, is no word from the server.
    expect(answer(503, undefined)).toBe('failed');
    expect(answer(502, { error: 'upstream connect error' })).toBe('failed');
  });

  it('probes again sooner first, then at most every 15 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(probeDelayMs)).toEqual([500, 1000, 2000, 4000, 8000, 15_000, 15_000]);
  });
});

const API = 'http://api.test';
const server = setupServer();

describe('every request through the API client reports its outcome', () => {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
    reportNetwork({ type: 'browser-online', at: Date.now() });
    reportNetwork({ type: 'answered', at: Date.now() });
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  const readProfile = () => mainApi().GET('/api/profile/user/').catch(() => undefined);

  it('a request with no answer makes the app unreachable, and the next answer, a refusal included, reachable', async () => {
    server.use(http.get(`${API}/api/profile/user/`, () => HttpResponse.error()));
    const before = Date.now();
    await readProfile();
    const state = store.get(networkStateAtom);
    expect(state.kind).toBe('unreachable');
    expect(state.kind === 'unreachable' && state.since).toBeGreaterThanOrEqual(before);

    server.use(http.get(`${API}/api/profile/user/`, () => HttpResponse.json({ message: 'No', code: 'x' }, { status: 403 })));
    await readProfile();
    expect(store.get(networkStateAtom)).toEqual({ kind: 'reachable' });
  });

  it('an answer the service worker served from its saved copy is no answer from the server', async () => {
    server.use(
      http.post(`${API}/analytics/functions/v1/market_data`, () => HttpResponse.json({ data: {} }, { headers: { 'x-served-from': 'cache' } })),
    );
    const { analyticsApi } = await import('@/lib/api/clients');
    await analyticsApi().POST('/functions/v1/market_data', { body: { instruments: ['NSE:NIFTY 50'] } });
    expect(store.get(networkStateAtom).kind).toBe('unreachable');
  });

  it('the server’s own 503 (a broker unavailable) keeps the app reachable; a gateway’s bare 503 does not', async () => {
    const { analyticsApi } = await import('@/lib/api/clients');
    const readQuotes = () => analyticsApi().POST('/functions/v1/market_data', { body: { instruments: ['NFO:NIFTY26D0126000CE'] } }).catch(() => undefined);
    server.use(http.post(`${API}/analytics/functions/v1/market_data`, () => HttpResponse.json({ message: 'Dhan is unavailable', code: 'broker_unavailable' }, { status: 503 })));
    await readQuotes();
    expect(store.get(networkStateAtom)).toEqual({ kind: 'reachable' });

    server.use(http.post(`${API}/analytics/functions/v1/market_data`, () => new HttpResponse('<html>Service Unavailable</html>', { status: 503, headers: { 'content-type': 'text/html' } })));
    await readQuotes();
    expect(store.get(networkStateAtom).kind).toBe('unreachable');
  });
});
