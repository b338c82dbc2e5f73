// @vitest-environment node
// Expiries and instruments are kept in IndexedDB for the trading day: reused while valid, refreshed after,
// and the kept copy answers when the network fails (the chain's strikes open offline).
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clear } from 'idb-keyval';
import type { components } from '@openapi/main';
import { expiriesForTheDay, instrumentsForTheDay } from '@/features/market/api/cached-market-facts';
import { configureApiClients } from '@/lib/api/clients';
import { expiryCloseMs, sessionFactsAtom } from '@/lib/market/session-facts';
import { storeValue } from '@/lib/persist/idb-storage';
import { store } from '@/lib/store';

const API = 'http://api.test';
const server = setupServer();
let served = 0;
let expiriesServed = 0;
let up = true;

const answer = (validUntil: string): components['schemas']['InstrumentsResponse'] => ({
  index: 'NIFTY',
  underlying: 'NSE:NIFTY 50',
  expiry: '2026-12-01',
  kind: 'weekly',
  strike_step: 50,
  lot_size: 65,
  freeze_quantity: 1800,
  valid_until: validUntil,
  instruments: [],
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await clear();
  served = 0;
  expiriesServed = 0;
  up = true;
  store.set(sessionFactsAtom, { closes: {}, today: null });
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  server.use(
    http.get(`${API}/api/market/instruments/`, () => {
      if (!up) return HttpResponse.error();
      served += 1;
      return HttpResponse.json(answer('2026-12-01T10:00:00.000Z'));
    }),
    http.get(`${API}/api/market/expiries/`, () => {
      expiriesServed += 1;
      const expiries = [{ date: '2026-12-01', kind: 'weekly', closes_at: '2026-12-01T10:10:00.000Z' }] as const;
      return HttpResponse.json({ index: 'NIFTY', underlying: 'NSE:NIFTY 50', expiries: [...expiries] } satisfies components['schemas']['ExpiriesResponse']);
    }),
  );
});
afterEach(() => server.resetHandlers());

const morning = Date.parse('2026-12-01T04:00:00Z');
const nextDay = Date.parse('2026-12-02T04:00:00Z');

describe('market facts kept for the trading day', () => {
  it('asks once a day, and answers from the kept copy when the network fails', async () => {
    await instrumentsForTheDay('NIFTY', '2026-12-01', morning);
    expect((await instrumentsForTheDay('NIFTY', '2026-12-01', morning + 60_000)).lot_size).toBe(65);
    expect(served).toBe(1);

    // The next day the copy is out of date: the network is asked; offline, the old copy still answers.
    up = false;
    expect((await instrumentsForTheDay('NIFTY', '2026-12-01', nextDay)).strike_step).toBe(50);
    up = true;
    await instrumentsForTheDay('NIFTY', '2026-12-01', nextDay);
    expect(served).toBe(2);
  });

  it('fails when there is neither a network nor a kept copy', async () => {
    up = false;
    await expect(instrumentsForTheDay('NIFTY', '2026-12-01', morning)).rejects.toBeTruthy();
  });

  it('learns when each expiry stops trading, and keeps the expiries until then (today’s close, 15:40)', async () => {
    const expiries = await expiriesForTheDay('NIFTY', morning);
    expect(expiries[0]?.closes_at).toBe('2026-12-01T10:10:00.000Z');
    expect(new Date(expiryCloseMs('2026-12-01')).toISOString()).toBe('2026-12-01T10:10:00.000Z');
    await expiriesForTheDay('NIFTY', Date.parse('2026-12-01T15:39:00+05:30'));
    expect(expiriesServed).toBe(1);
    await expiriesForTheDay('NIFTY', Date.parse('2026-12-01T15:40:00+05:30'));
    expect(expiriesServed).toBe(2);
  });

  it('never uses a copy kept before expiries said when they close', async () => {
    await storeValue('market:expiries:NIFTY', { validUntil: '2026-12-31T00:00:00.000Z', value: [{ date: '2026-12-01', kind: 'weekly' }] });
    expect((await expiriesForTheDay('NIFTY', morning))[0]?.closes_at).toBe('2026-12-01T10:10:00.000Z');
    expect(expiriesServed).toBe(1);
  });
});
