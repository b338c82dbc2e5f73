/**
 * A signed-in visit: boot reads /config.json as soon as the session is restored, beside the screen's files,
 * so the screen's first requests do not wait a round trip more for the backends' addresses (issue 24: the
 * chart's first open). The app itself is replaced by one that renders nothing and asks for nothing, so the
 * only reason left to read the configuration is boot's own.
 */
import * as idb from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '@/lib/session/session-persistence';

vi.mock('@/app/pwa/register-service-worker', () => ({ startServiceWorker: vi.fn() }));
vi.mock('@/app/app', () => import('../support/inert-app'));

let configReads = 0;
const realFetch = globalThis.fetch;
vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
  if (String(input) !== '/config.json') return realFetch(input, init);
  configReads += 1;
  return Promise.resolve(Response.json({}));
});

afterEach(async () => {
  await idb.del(TOKEN_KEY);
  Reflect.deleteProperty(document, 'readyState');
});

describe('boot on a signed-in visit', () => {
  it('reads /config.json once the session is restored, before the page has loaded or any request asked', async () => {
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    await idb.set(TOKEN_KEY, 'a-session-token');
    const { boot } = await import('@/app/boot/boot');
    const container = document.createElement('div');
    document.body.append(container);

    await boot(container);
    await vi.waitFor(() => expect(configReads).toBe(1));
  });
});
