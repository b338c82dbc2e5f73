/**
 * Sign-out and the service worker's saved analytics answers (sw/analytics-cache.ts): a read under way when
 * the trader signs out must not store its answer afterwards, re-creating the `analytics-reads` cache sign-out
 * emptied (offline.spec.ts's sign-out test found it there). The worker's helpers are plain functions; the
 * WebWorker-typed file is imported by path, with a fake Cache Storage (jsdom has none).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkboxPlugin } from 'workbox-core/types';
import { analyticsReadsCache, forgetSavedReads, marketDataCache, sameSessionPlugin } from '../../../sw/analytics-cache.ts';
import { createFakeCacheStorage, type FakeCacheStorage } from '../support/fake-cache-storage';

let caches: FakeCacheStorage;

beforeEach(() => {
  caches = createFakeCacheStorage();
  vi.stubGlobal('caches', caches);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

type Callback = (param: { state: Record<string, unknown>; response: Response; request: Request; event: Event }) => Promise<Response | null | undefined | void>;
const callback = (name: keyof WorkboxPlugin) => sameSessionPlugin[name] as unknown as Callback;

/** One read as Workbox runs it: its handler starts (each read has its own plugin state), later its answer may be stored. */
async function startRead() {
  const state: Record<string, unknown> = {};
  const request = new Request('https://app.test/analytics/rest/v1/commentary');
  const event = new Event('fetch');
  await callback('handlerWillStart')({ state, request, event, response: new Response() });
  return {
    /** What cacheWillUpdate lets Workbox store: the answer, or null for nothing. */
    store: (response: Response) => callback('cacheWillUpdate')({ state, request, event, response }),
  };
}

describe('the service worker at sign-out', () => {
  it('stores the answer of a read begun and finished in the same session', async () => {
    const read = await startRead();
    const answer = new Response('[]', { status: 200 });
    expect(await read.store(answer)).toBe(answer);
  });

  it('stores nothing of a read that was under way when the trader signed out', async () => {
    const read = await startRead();
    await forgetSavedReads();
    expect(await read.store(new Response('[]', { status: 200 }))).toBeNull();
  });

  it('stores the reads begun after sign-out again (the next trader’s)', async () => {
    await startRead();
    await forgetSavedReads();
    const next = await startRead();
    const answer = new Response('[]', { status: 200 });
    expect(await next.store(answer)).toBe(answer);
  });

  it('stores only complete answers, as Workbox’s own check it replaces did', async () => {
    const read = await startRead();
    expect(await read.store(new Response('', { status: 404 }))).toBeNull();
    expect(await read.store(new Response('', { status: 500 }))).toBeNull();
  });

  it('deletes both of its caches and nothing else', async () => {
    const precache = 'workbox-precache-v2-https://app.test/';
    caches.seed(precache, analyticsReadsCache, marketDataCache);
    await forgetSavedReads();
    expect(await caches.keys()).toEqual([precache]);
  });
});
