// Supabase's own client, @supabase/postgrest-js, against the running server (a real listening socket and
// Node's fetch): the queries the PWA's analytics screens send, on the seeded market, plus counts, ranges,
// quoting in .in() and errors, read the way the client reads them.
import { PostgrestClient } from '@supabase/postgrest-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAnalyticsAnonKey } from '../../../server/config.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

type Services = { market: { tick: (now: Date) => Promise<boolean> } };

describe.each(testBackends)('postgrest-js against the analytics backend, on %s', (backend) => {
  let server: TestServer;
  let client: PostgrestClient;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    // Two minutes of ticks, so the candles have bars in two 1-minute and one 5-minute bucket at least.
    const services = server.app.getDecorator<Services>('services');
    for (let second = 0; second < 120; second += 1) {
      server.clock.advance(1000);
      await services.market.tick(server.clock.now());
    }
    const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
    client = new PostgrestClient(`${address}/analytics/rest/v1`, { headers: { apikey: defaultAnalyticsAnonKey } });
  });

  afterAll(async () => {
    await server.close();
  });

  it('market view: commentary newest first, 100', async () => {
    const { data, error, status } = await client.from('commentary').select('*').order('created_at', { ascending: false }).limit(100);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data!.length).toBeGreaterThanOrEqual(10);
    const times = data!.map((row) => Date.parse(row.created_at as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Object.keys(data![0]!).sort()).toEqual(['body', 'body_i18n', 'created_at', 'id', 'index', 'sample', 'sentiment', 'title', 'title_i18n']);
    // Every seeded piece carries its codes, for the app to say it in the reader's language.
    for (const row of data!) expect([row.title_i18n?.code, row.body_i18n?.code]).toEqual([expect.stringMatching(/^commentary\./), expect.stringMatching(/^commentary\./)]);
  });

  it('market view: index snapshots (indicator is null), newest first, 20', async () => {
    const { data, error } = await client.from('data').select('*').is('indicator', null).order('created_at', { ascending: false }).limit(20);
    expect(error).toBeNull();
    expect(data).toHaveLength(20);
    expect(data!.every((row) => row.indicator === null && row.signal === null && row.symbol === row.index)).toBe(true);
    expect(new Set(data!.map((row) => row.index))).toEqual(new Set(['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX']));
    expect(typeof data![0]!.spot).toBe('number');
  });

  it('market view: daily data, 10', async () => {
    const { data, error } = await client.from('daily_data').select('*').limit(10);
    expect(error).toBeNull();
    expect(data).toHaveLength(10);
    for (const bar of data!) {
      expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
      expect(bar.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('screener ticker: data where indicator = screener, 10', async () => {
    const { data, error } = await client.from('data').select('*').eq('indicator', 'screener').limit(10);
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThanOrEqual(10);
    expect(data!.every((row) => row.indicator === 'screener' && typeof row.signal === 'string' && row.symbol !== row.index)).toBe(true);
    expect(data!.every((row) => typeof row.signal_i18n?.code === 'string' && row.signal_i18n.code.startsWith('signal.'))).toBe(true);
  });

  it('screener and recommendations: ordered by display_order, with legs and rationale', async () => {
    const { data, error } = await client.from('screener').select('*').order('display_order', { ascending: true });
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThanOrEqual(5);
    expect(data!.map((row) => row.display_order)).toEqual([...data!.map((row) => row.display_order)].sort((a, b) => a - b));
    for (const row of data!) {
      expect(row.legs.length).toBeGreaterThanOrEqual(1);
      expect(row.legs[0]).toEqual({ tradingsymbol: expect.stringMatching(new RegExp(`^${row.index}`)), exchange: expect.stringMatching(/^(NFO|BFO)$/), transaction_type: expect.stringMatching(/^(BUY|SELL)$/), lots: 1, price: expect.any(Number) });
      expect(row.rationale.length).toBeGreaterThan(40);
      expect([row.title_i18n?.code, row.rationale_i18n?.code]).toEqual([`recommendation.${row.strategy}_title`, 'recommendation.rationale']);
    }
  });

  it('strategies: the house bots with their record and equity curve', async () => {
    const { data, error } = await client.from('bots').select('*');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThanOrEqual(6);
    for (const bot of data!) {
      expect(bot.win_rate).toBeGreaterThanOrEqual(0);
      expect(bot.win_rate).toBeLessThanOrEqual(100);
      expect(bot.max_drawdown_pct).toBeGreaterThanOrEqual(0);
      expect(bot.capital).toBeGreaterThan(0);
      expect(bot.equity_curve.length).toBeGreaterThanOrEqual(10);
      // The last point of the curve is the capital plus the P&L.
      expect(bot.equity_curve.at(-1).equity).toBeCloseTo(bot.capital + bot.pnl, 2);
      expect(bot.description_i18n).toEqual({ code: 'house_bot.description', params: { bot: bot.name.toLowerCase().replaceAll(' ', '_') } });
    }
  });

  it('every screen: the first index_config row', async () => {
    const { data, error } = await client.from('index_config').select('*').limit(1).single();
    expect(error).toBeNull();
    expect(data).toEqual({
      id: expect.any(Number),
      index: 'BANKNIFTY',
      exchange: 'NFO',
      lot_size: 30,
      strike_step: 100,
      freeze_quantity: 900,
      weekly_expiry_weekday: null,
      monthly_expiry_weekday: 2,
      effective_from: '2025-12-30',
    });
  });

  it('charts: the candles of one index and interval, newest first', async () => {
    const minutes = await client.from('candles').select('*').eq('index', 'NIFTY').eq('interval', '1m').order('time', { ascending: false }).limit(500);
    expect(minutes.error).toBeNull();
    expect(minutes.data!.length).toBeGreaterThanOrEqual(2);
    const five = await client.from('candles').select('time,open,high,low,close,volume').eq('index', 'NIFTY').eq('interval', '5m').order('time', { ascending: false });
    expect(five.error).toBeNull();
    const latest = five.data![0]!;
    // The newest 5-minute bar closes where the newest minute bar closes, and holds the minutes' volume.
    expect(latest.close).toBe(minutes.data![0]!.close);
    const start = Date.parse(latest.time);
    const inside = minutes.data!.filter((bar) => Date.parse(bar.time) >= start && Date.parse(bar.time) < start + 5 * 60_000);
    expect(latest.volume).toBe(inside.reduce((sum, bar) => sum + bar.volume, 0));
    expect(latest.volume).toBeGreaterThan(0);
  });

  it('counts and ranges: count exact with range(), and head', async () => {
    const page = await client.from('commentary').select('id', { count: 'exact' }).order('id', { ascending: false }).range(2, 4);
    expect(page.error).toBeNull();
    expect(page.status).toBe(206);
    expect(page.data).toHaveLength(3);
    expect(page.count).toBeGreaterThanOrEqual(10);
    const head = await client.from('commentary').select('*', { count: 'exact', head: true });
    expect(head.error).toBeNull();
    expect(head.count).toBe(page.count);
  });

  it('.in() with values that need quoting, .not(), .gte() and .lte() together', async () => {
    const quoted = await client.from('data').select('index').in('index', ['NIFTY', 'NO,SUCH', 'A (B)']).is('indicator', null).limit(5);
    expect(quoted.error).toBeNull();
    expect(quoted.data!.every((row) => row.index === 'NIFTY')).toBe(true);
    expect(quoted.data).toHaveLength(5);
    const negated = await client.from('data').select('indicator').not('indicator', 'is', null).limit(5);
    expect(negated.data!.every((row) => row.indicator === 'screener')).toBe(true);
    const ranged = await client.from('daily_data').select('date').eq('index', 'NIFTY').gte('date', '2026-01-01').lte('date', '2026-01-10').order('date');
    expect(ranged.error).toBeNull();
    expect(ranged.data!.length).toBeGreaterThan(0);
    expect(ranged.data!.every((row) => row.date >= '2026-01-01' && row.date <= '2026-01-10')).toBe(true);
  });

  it('errors come back as PostgREST errors the client understands', async () => {
    const column = await client.from('commentary').select('colour');
    expect(column.status).toBe(400);
    expect(column.error).toMatchObject({ code: '42703', message: 'column commentary.colour does not exist' });
    const table = await client.from('users').select('*');
    expect(table.status).toBe(400);
    expect(table.error?.code).toBe('PGRST205');
    const operator = await client.from('commentary').select('*').ilike('index', '%NIF%');
    expect(operator.error).toMatchObject({ code: 'PGRST100', message: 'the operator ilike is not supported (filter commentary.index)' });
    const write = await client.from('commentary').insert({ title: 'x' });
    expect(write.status).toBe(405);
    expect(write.error?.code).toBe('PGRST105');
    const keyless = await new PostgrestClient(`${server.app.listeningOrigin}/analytics/rest/v1`).from('commentary').select('*');
    expect(keyless.status).toBe(401);
    expect(keyless.error?.code).toBe('PGRST301');
  });
});
