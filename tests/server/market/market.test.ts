// The simulated market end to end on a real server: ticks (deterministic, leader-only, continuing after a
// restart), expiries and instruments, the analytics market_data function and the live price stream.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { components as analytics } from '../../../openapi/analytics.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { defaultPublicRuntimeConfig } from '../../../server/config.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { signedInAccount } from '../support/accounts.ts';
import { settle } from '../support/settle.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';

type Instruments = components['schemas']['InstrumentsResponse'];
type Expiries = components['schemas']['ExpiriesResponse'];
type MarketData = analytics['schemas']['MarketDataResponse'];

const apikey = defaultPublicRuntimeConfig.analyticsAnonKey;
// Friday 20 November 2026, 10:00 IST. Tuesday 24 November, the last Tuesday of the month and so NIFTY's
// monthly expiry, is Guru Nanak Jayanti: the contract expires on Monday 23 November instead.
const friday = new Date('2026-11-20T04:30:00Z');

describe.each(testBackends)('the simulated market on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ backend, clock: manualClock(friday), market: { seed: 'test-seed', demo: true, tickMs: 1000 } });
    call = guardedClient(server.app);
    token = (await signedInAccount(call)).token;
  });

  afterAll(async () => {
    await server.close();
  });

  const get = async <T>(url: string) => {
    const res = await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    return { status: res.statusCode, body: res.json<T>() };
  };
  const marketData = async (body: unknown, key: string | null = apikey) => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/analytics/functions/v1/market_data',
      headers: key === null ? {} : { apikey: key },
      payload: body as object,
    });
    return { status: res.statusCode, body: res.json<MarketData & { code?: string; message?: string; hint?: string | null }>() };
  };

  it('lists expiries from the calendar data: a weekly on a holiday moves to the trading day before', async () => {
    const { status, body } = await get<Expiries>('/api/market/expiries/?index=NIFTY');
    expect(status).toBe(200);
    expect(body.underlying).toBe('NSE:NIFTY 50');
    // Each closes at its day's close: 15:40 IST since 3 August 2026 (migration 075).
    expect(body.expiries.slice(0, 3)).toEqual([
      { date: '2026-11-23', kind: 'monthly', closes_at: '2026-11-23T10:10:00.000Z' },
      { date: '2026-12-01', kind: 'weekly', closes_at: '2026-12-01T10:10:00.000Z' },
      { date: '2026-12-08', kind: 'weekly', closes_at: '2026-12-08T10:10:00.000Z' },
    ]);
    expect(body.expiries).toContainEqual({ date: '2026-12-29', kind: 'monthly', closes_at: '2026-12-29T10:10:00.000Z' });
    const sensex = await get<Expiries>('/api/market/expiries/?index=SENSEX');
    expect(sensex.body.expiries.slice(0, 2)).toEqual([
      { date: '2026-11-26', kind: 'monthly', closes_at: '2026-11-26T10:10:00.000Z' },
      { date: '2026-12-03', kind: 'weekly', closes_at: '2026-12-03T10:10:00.000Z' },
    ]);
    // Any underlying's symbol is asked for (issue 63): one the market does not price is not found, a malformed one refused.
    expect((await get('/api/market/expiries/?index=NOPE')).status).toBe(404);
    expect((await get('/api/market/expiries/?index=nope!')).status).toBe(400);
  });

  it('lists at least 125 strikes either side of the money with Kite symbols and tokens that never change', async () => {
    const first = await get<Instruments>('/api/market/instruments/?index=NIFTY&expiry=2026-12-01');
    expect(first.status).toBe(200);
    const { body } = first;
    expect(body).toMatchObject({ index: 'NIFTY', kind: 'weekly', strike_step: 50, lot_size: 65, underlying: 'NSE:NIFTY 50' });
    // 125 strikes either side: "all strikes" of a NIFTY expiry is over 500 contracts.
    expect(body.instruments).toHaveLength(251 * 2);
    const strikes = [...new Set(body.instruments.map((i) => i.strike))];
    expect(strikes[125]).toBe(26050);
    expect(body.instruments.find((i) => i.strike === 26000 && i.instrument_type === 'CE')).toMatchObject({
      instrument: 'NFO:NIFTY26D0126000CE',
      tradingsymbol: 'NIFTY26D0126000CE',
      exchange: 'NFO',
      expiry: '2026-12-01',
      lot_size: 65,
      tick_size: 0.05,
    });
    // The month's last Tuesday is the monthly contract, in the monthly form.
    const monthly = await get<Instruments>('/api/market/instruments/?index=NIFTY&expiry=2026-12-29');
    expect(monthly.body.instruments[0]?.tradingsymbol).toMatch(/^NIFTY26DEC\d+(CE|PE)$/);
    const again = await get<Instruments>('/api/market/instruments/?index=NIFTY&expiry=2026-12-01');
    expect(again.body.instruments).toEqual(body.instruments);
    const notAnExpiry = await get<{ code: string }>('/api/market/instruments/?index=NIFTY&expiry=2026-11-24');
    expect(notAnExpiry.status).toBe(404);
  });

  it('widens the strikes (never narrows them) when the spot moves away', async () => {
    const before = await get<Instruments>('/api/market/instruments/?index=BANKNIFTY&expiry=2026-11-23');
    await server.db.query(`UPDATE market_index_state SET spot = spot * 1.05 WHERE index_name = 'BANKNIFTY'`);
    const after = await get<Instruments>('/api/market/instruments/?index=BANKNIFTY&expiry=2026-11-23');
    expect(after.body.instruments.length).toBeGreaterThan(before.body.instruments.length);
    for (const instrument of before.body.instruments) expect(after.body.instruments).toContainEqual(instrument);
    await server.db.query(`UPDATE market_index_state SET spot = spot / 1.05 WHERE index_name = 'BANKNIFTY'`);
  });

  it('answers market_data for indices and options, leaves unknown ones out, and needs the apikey', async () => {
    const chain = await get<Instruments>('/api/market/instruments/?index=NIFTY&expiry=2026-11-23');
    const atmCall = chain.body.instruments.find((i) => i.strike === 26050 && i.instrument_type === 'CE')!;
    const atmPut = chain.body.instruments.find((i) => i.strike === 26050 && i.instrument_type === 'PE')!;
    const { status, body } = await marketData({ instruments: ['NSE:NIFTY 50', atmCall.instrument, atmPut.instrument, 'NFO:NIFTY26NOV99999CE'] });
    expect(status).toBe(200);
    expect(body.market).toMatchObject({ status: 'open', demo: true });
    expect(Object.keys(body.data).sort()).toEqual(['NFO:NIFTY26NOV26050CE', 'NFO:NIFTY26NOV26050PE', 'NSE:NIFTY 50']);
    expect(body.data['NSE:NIFTY 50']).toMatchObject({ last_price: 26050, close: 26050, change: 0 });
    for (const option of [atmCall, atmPut]) {
      const quote = body.data[option.instrument]!;
      expect(quote.bid).toBeLessThan(quote.ask!);
      for (const price of [quote.last_price, quote.bid!, quote.ask!]) expect(Math.round(price * 100) % 5).toBe(0);
      expect(quote.last_price).toBeGreaterThanOrEqual(quote.bid!);
      expect(quote.last_price).toBeLessThanOrEqual(quote.ask!);
      // Three days to expiry at the money: near 0.8 × σ × S × √T, with σ about 13 %.
      expect(quote.last_price).toBeGreaterThan(100);
      expect(quote.last_price).toBeLessThan(250);
      expect(quote.iv).toBeGreaterThan(8);
      expect(quote.iv).toBeLessThan(20);
    }
    expect(body.data[atmCall.instrument]!.delta).toBeGreaterThan(0.4);
    expect(body.data[atmPut.instrument]!.delta).toBeLessThan(-0.4);

    expect((await marketData({ instruments: ['NSE:NIFTY 50'] }, null)).status).toBe(401);
    expect((await marketData({ instruments: ['NSE:NIFTY 50'] }, 'wrong')).status).toBe(401);
    const bad = await marketData({ instruments: ['nifty'] });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'PGRST100', hint: null });
    expect(bad.body.message).toMatch(/not an instrument/);
    expect((await marketData({ instruments: [] })).status).toBe(400);
    expect((await marketData({ instruments: ['NSE:NIFTY 50'], extra: 1 })).status).toBe(400);
  });

  it('ticks deterministically: the same seed and clock give the same prices, and the day keeps its OHLC', async () => {
    const twin = await startTestServer({ backend, clock: manualClock(friday), market: { seed: 'test-seed', demo: true, tickMs: 1000 } });
    try {
      const spots: number[][] = [[], []];
      for (const [i, s] of [server, twin].entries()) {
        const m = marketOf(s);
        for (let n = 0; n < 5; n += 1) {
          s.clock.advance(1000);
          expect(await m.tick()).toBe(true);
          spots[i]!.push((await m.states()).get('NIFTY')!.spotPaise);
        }
      }
      expect(spots[0]).toEqual(spots[1]);
      expect(new Set(spots[0]).size).toBeGreaterThan(1);
      // The chain too: prices, the exchange's IVs, open interest and volume (issue 36's model) are the seed's.
      // A contract's trading starts when its chain is first listed, and the shared server listed this chain in
      // the tests above: two fresh servers that list it and tick alike are compared.
      const chainTwins = await Promise.all([0, 1].map(() => startTestServer({ backend, clock: manualClock(friday), market: { seed: 'test-seed', demo: true, tickMs: 1000 } })));
      try {
        // One after the other: the leader's lock is the database's, which PostgreSQL's test schemas share.
        const chains: unknown[][][] = [];
        for (const s of chainTwins) {
          const m = marketOf(s);
          const expiry = (await m.expiries('NIFTY')).expiries[0]!.date;
          const { instruments } = await m.instruments('NIFTY', expiry);
          for (let n = 0; n < 5; n += 1) {
            s.clock.advance(1000);
            expect(await m.tick()).toBe(true);
          }
          const quotes = await m.quotes(instruments.map((i) => i.instrument));
          chains.push(instruments.map((i) => [i.tradingsymbol, quotes[i.instrument]!.last_price, quotes[i.instrument]!.iv, quotes[i.instrument]!.oi, quotes[i.instrument]!.volume]));
        }
        const [mine, theirs] = chains;
        expect(mine!.length).toBeGreaterThan(400);
        expect(mine).toEqual(theirs);
        expect(new Set(mine!.map((row) => row[4])).size).toBeGreaterThan(1);
      } finally {
        await Promise.all(chainTwins.map((s) => s.close()));
      }
      const nifty = (await marketOf(server).states()).get('NIFTY')!;
      expect(nifty.seq).toBe(5);
      expect(nifty.dayHighPaise).toBe(Math.max(2_605_000, ...spots[0]!));
      expect(nifty.dayLowPaise).toBe(Math.min(2_605_000, ...spots[0]!));
      // Half a tick later is too soon: another instance may have just ticked.
      server.clock.advance(400);
      expect(await marketOf(server).tick()).toBe(false);
    } finally {
      await twin.close();
    }
  });

  it('continues from the stored spot after a restart, and records minute candles it prunes later', async () => {
    const before = (await marketOf(server).states()).get('NIFTY')!;
    const restarted = await startTestServer({ backend, database: server.db, clock: manualClock(server.clock.now()), market: { seed: 'test-seed', tickMs: 1000 } });
    try {
      restarted.clock.advance(1000);
      await marketOf(restarted).tick();
      const after = (await marketOf(restarted).states()).get('NIFTY')!;
      expect(after.seq).toBe(before.seq + 1);
      expect(Math.abs(after.spotPaise - before.spotPaise)).toBeLessThan(before.spotPaise * 0.001);
      const candles = await marketOf(restarted).candles('NIFTY', new Date(0));
      expect(candles.length).toBeGreaterThan(0);
      expect(candles.at(-1)!.close).toBe(after.spotPaise / 100);
      expect(await marketOf(restarted).pruneCandles(new Date(restarted.clock.now().getTime() + 31 * 24 * 3600 * 1000))).toBeGreaterThan(0);
    } finally {
      await restarted.app.close();
      await restarted.fixture.cleanup();
    }
  });

  it('keeps still outside market hours unless in demo mode, and says when it opens next', async () => {
    // Sunday 22 November 2026, 12:00 IST: closed; it opens on Monday at 09:15 IST.
    const sunday = await startTestServer({ backend, database: server.db, clock: manualClock(new Date('2026-11-22T06:30:00Z')), market: { demo: false, tickMs: 1000 } });
    try {
      const m = marketOf(sunday);
      expect(await m.status()).toEqual({
        status: 'closed',
        demo: false,
        timestamp: '2026-11-22T06:30:00.000Z',
        next_open: '2026-11-23T03:45:00.000Z',
        session: { day: '2026-11-22', open: '09:15', close: '15:40', mis_square_off: '15:25' },
      });
      const seq = (await m.states()).get('NIFTY')!.seq;
      sunday.clock.advance(5000);
      expect(await m.tick()).toBe(false);
      expect((await m.states()).get('NIFTY')!.seq).toBe(seq);
    } finally {
      await sunday.app.close();
      await sunday.fixture.cleanup();
    }
  });

  it('streams a whole chain as one snapshot, then per tick only the fields that changed', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const chainKeys = (await get<Instruments>('/api/market/instruments/?index=NIFTY&expiry=2026-12-01')).body.instruments.map((i) => i.instrument);
    expect(chainKeys.length).toBeGreaterThanOrEqual(500);
    const instruments = ['NSE:NIFTY 50', ...chainKeys];
    const res = await fetch(`${address}/api/market/stream/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ instruments }),
    });
    expect(res.status).toBe(200);
    const events = readEvents(res.body!);
    const snapshot = await events.next();
    expect(snapshot.event).toBe('snapshot');
    expect(Object.keys(snapshot.data.data)).toHaveLength(instruments.length);
    const held = new Map(Object.entries(snapshot.data.data));

    for (let tick = 1; tick <= 3; tick += 1) {
      // Another instance (the restart test's) may have ticked at this clock: step until this one ticks.
      for (let step = 0; step < 3 && !(await marketOf(server).tick()); step += 1) server.clock.advance(1000);
      await feedOf(server).poll();
      const delta = await events.next();
      expect(delta.event).toBe('delta');
      // Every field sent differs from what the stream held; the previous close never moves within a day.
      for (const [instrument, fields] of Object.entries(delta.data.data)) {
        const before = held.get(instrument)!;
        expect(before).toBeDefined();
        for (const [field, value] of Object.entries(fields)) expect(value, `${instrument}.${field}`).not.toEqual(before[field as keyof Quote]);
        expect(fields).not.toHaveProperty('close');
        held.set(instrument, { ...before, ...fields });
      }
      expect(delta.bytes).toBeLessThan(snapshot.bytes * 0.75);
      if (tick === 1) console.log(`the stream for ${instruments.length} instruments: snapshot ${snapshot.bytes} B, a tick's delta ${delta.bytes} B`);
    }
    // The merged quotes are exactly what the market answers now.
    const now = await marketData({ instruments: instruments.slice(0, 500) });
    for (const [instrument, quote] of Object.entries(now.body.data)) expect(held.get(instrument), instrument).toEqual(quote);
    await events.cancel();
    await settle(() => feedOf(server).subscribers() === 0);
  });

  it('streams a snapshot, then the ticks of the instruments asked for, and ends streams on shutdown', async () => {
    if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const open = (instruments: string[]) =>
      fetch(`http://127.0.0.1:${port}/api/market/stream/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ instruments }),
      });
    const res = await open(['NSE:NIFTY 50', 'NFO:NIFTY26NOV26050CE']);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = readEvents(res.body!);
    const snapshot = await events.next();
    expect(snapshot.event).toBe('snapshot');
    expect(Object.keys(snapshot.data.data).sort()).toEqual(['NFO:NIFTY26NOV26050CE', 'NSE:NIFTY 50']);
    expect(snapshot.data.market).toMatchObject({ status: 'open', demo: true });

    server.clock.advance(1000);
    await marketOf(server).tick();
    await feedOf(server).poll();
    const tick = await events.next();
    expect(tick.event).toBe('delta');
    expect(tick.data.data['NSE:NIFTY 50']?.last_price).toBe((await marketOf(server).states()).get('NIFTY')!.spotPaise / 100);

    // A snapshot bigger than the socket's buffer (a whole chain) is sent once: the next event is a tick,
    // not another snapshot (the drain once resent snapshots for ever, starving every other request).
    const chainKeys = (await get<Instruments>('/api/market/instruments/?index=NIFTY&expiry=2026-11-23')).body.instruments.map((i) => i.instrument);
    const big = await open(['NSE:NIFTY 50', ...chainKeys]);
    const bigEvents = readEvents(big.body!);
    expect((await bigEvents.next()).event).toBe('snapshot');
    server.clock.advance(1000);
    await marketOf(server).tick();
    await feedOf(server).poll();
    expect((await bigEvents.next()).event).toBe('delta');
    await bigEvents.cancel();
    await settle(() => feedOf(server).subscribers() === 1);

    // Four streams per trader at most: a fifth is served, and the oldest ends (most often a reloaded page's,
    // whose socket the server has not seen close yet), told why.
    const more = [];
    for (let count = 0; count < 4; count += 1) more.push(await open(['NSE:NIFTY 50']));
    expect(more.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const newest = more.map((r) => readEvents(r.body!));
    for (const stream of newest) expect((await stream.next()).event).toBe('snapshot');
    // Ticks it had been sent come first.
    let displaced = await events.next();
    while (displaced.event === 'delta') displaced = await events.next();
    expect(displaced).toMatchObject({ event: 'error', data: { code: 'too_many_streams' } });
    await expect(events.next()).rejects.toThrow('the stream ended');
    for (const stream of newest) await stream.cancel();
    await settle(() => feedOf(server).subscribers() === 0);
    // Closed streams free their places.
    const reopened = await open(['NSE:NIFTY 50']);
    expect(reopened.status).toBe(200);
    const last = readEvents(reopened.body!);
    expect((await last.next()).event).toBe('snapshot');
    await server.app.close().catch(() => undefined);
    expect((await last.next()).event).toBe('error');
  });
});

describe.runIf(testBackends.includes('postgres'))('two server instances on one PostgreSQL', () => {
  it('elect one leader per tick and serve identical prices', async () => {
    const db = await createMigratedTestDatabase('postgres');
    const clock = manualClock(friday);
    const servers = await Promise.all([0, 1].map(() => startTestServer({ backend: 'postgres', database: db, clock, market: { tickMs: 1000 } })));
    try {
      for (let n = 0; n < 5; n += 1) {
        clock.advance(1000);
        const ticked = await Promise.all(servers.map((s) => marketOf(s).tick()));
        expect(ticked.filter(Boolean)).toHaveLength(1);
      }
      const [a, b] = await Promise.all(servers.map((s) => s.app.inject({ method: 'POST', url: '/analytics/functions/v1/market_data', headers: { apikey }, payload: { instruments: ['NSE:NIFTY 50', 'BSE:SENSEX'] } })));
      expect(a!.json()).toEqual(b!.json());
      expect((await marketOf(servers[0]!).states()).get('NIFTY')!.seq).toBe(5);
    } finally {
      for (const s of servers) {
        await s.app.close();
        await s.fixture.cleanup();
      }
      await db.close();
    }
  });
});

// --- helpers ---


function servicesOf(server: TestServer): Services {
  return server.app.getDecorator<Services>(servicesDecorator);
}
function marketOf(server: TestServer) {
  return servicesOf(server).market;
}
function feedOf(server: TestServer) {
  return servicesOf(server).marketFeed;
}


type Quote = analytics['schemas']['LastPrice'];
type ServerEvent = { event: string; bytes: number; data: { data: Record<string, Quote>; market?: analytics['schemas']['MarketStatus'] } };

/** Reads Server-Sent Events one at a time from a fetch body, heartbeats left out. */
function readEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>).getReader();
  let buffer = '';
  return {
    async next(): Promise<ServerEvent> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(frame)?.[1] ?? 'null';
          // A heartbeat only says the stream is alive (a slow machine may take 5 s between two events).
          if (event === 'heartbeat') continue;
          return { event, bytes: Buffer.byteLength(frame), data: JSON.parse(data) };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += value;
      }
    },
    cancel: () => reader.cancel(),
  };
}
