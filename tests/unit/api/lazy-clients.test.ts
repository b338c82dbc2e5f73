/**
 * The clients' code (openapi-fetch and its middleware) is not part of the first screen: it loads after the
 * page, or at the first request. A request made before it has loaded waits for it; a download that fails
 * (offline on a first visit) is a network error like any other, and the next request downloads it again.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const API = 'http://api.test';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  vi.doUnmock('@/lib/api/build-clients');
  vi.resetModules();
});

/** A fresh module graph, so the clients' code has not been loaded yet. */
async function freshClients() {
  vi.resetModules();
  const clients = await import('@/lib/api/clients');
  const events = await import('@/lib/api/api-error-events');
  const reported: string[] = [];
  events.onApiError((error) => reported.push(error.kind));
  clients.configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  return { ...clients, reported };
}

describe('the API clients load on demand', () => {
  it('a first request loads them and goes through their middleware', async () => {
    server.use(http.get(`${API}/api/profile/user/`, () => HttpResponse.json({ message: 'gone', code: 'x' }, { status: 404 })));
    const { mainApi, reported } = await freshClients();
    await expect(mainApi().GET('/api/profile/user/')).rejects.toMatchObject({ kind: 'not_found', status: 404 });
    expect(reported).toEqual(['not_found']);
  });

  it('a failed download is a reported network error, and the next request downloads them again', async () => {
    vi.doMock('@/lib/api/build-clients', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    server.use(http.get(`${API}/api/profile/user/`, () => HttpResponse.json({ user: null })));
    const { mainApi, reported } = await freshClients();
    await expect(mainApi().GET('/api/profile/user/')).rejects.toMatchObject({ kind: 'network' });
    expect(reported).toEqual(['network']);

    vi.doUnmock('@/lib/api/build-clients');
    const { data } = await mainApi().GET('/api/profile/user/');
    expect(data).toEqual({ user: null });
    expect(reported).toEqual(['network']);
  });

  it('a configuration boot reads on demand is read by the first request, which then goes to the configured backend', async () => {
    server.use(http.get(`${API}/api/profile/user/`, () => HttpResponse.json({ user: null })));
    const { configureApiClientsOnDemand, mainApi } = await freshClients();
    const load = vi.fn(() => Promise.resolve({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' }));
    configureApiClientsOnDemand(load);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(load).not.toHaveBeenCalled();
    const { data } = await mainApi().GET('/api/profile/user/');
    expect(data).toEqual({ user: null });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
