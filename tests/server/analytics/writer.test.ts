// The analytics writer on the market's leader, driven by hand with the test's clock (no timers, no sleeps):
// snapshots every few seconds, commentary when an index breaks a round level, the daily bar of a session
// once the market has closed (with its closing commentary, the house bots' record and fresh
// recommendations), and pruning of old rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsService } from '../../../server/services/analytics/analytics-service.ts';
import { analyticsCadence, analyticsRetention } from '../../../server/services/analytics/analytics-service.ts';
import type { MarketService } from '../../../server/services/market/market-service.ts';
import { testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

type Services = { market: MarketService; analytics: AnalyticsService };

// Friday 16 January 2026, 09:16 IST: a trading day, the regular market (no demo mode) open.
const sessionStart = new Date('2026-01-16T03:46:00Z');

describe.each(testBackends)('the analytics writer, on %s', (backend) => {
  let server: TestServer;
  let services: Services;

  const tick = async (ms: number) => {
    server.clock.advance(ms);
    const now = server.clock.now();
    const ticked = await services.market.tick(now);
    if (ticked) await services.analytics.afterTick(now);
    return ticked;
  };
  const count = async (sql: string, params: unknown[] = []) => Number((await server.db.query<{ n: string }>(sql, params)).rows[0]?.n ?? 0);
  const setSpot = (index: string, spot: number) => server.db.query('UPDATE market_index_state SET spot = $2 WHERE index_name = $1', [index, spot]);

  beforeAll(async () => {
    server = await startTestServer({ backend, clock: manualClock(sessionStart), market: { demo: false, tickMs: 1000 } });
    services = server.app.getDecorator<Services>('services');
  });

  afterAll(async () => {
    await server.close();
  });

  it('writes a snapshot per index every few seconds, not every tick', async () => {
    const before = await count('SELECT count(*) AS n FROM data WHERE indicator IS NULL');
    expect(await tick(1000)).toBe(true);
    expect(await count('SELECT count(*) AS n FROM data WHERE indicator IS NULL')).toBe(before + 5);
    for (let i = 0; i < analyticsCadence.snapshotMs / 1000 - 1; i += 1) await tick(1000);
    expect(await count('SELECT count(*) AS n FROM data WHERE indicator IS NULL')).toBe(before + 5);
    await tick(1000);
    expect(await count('SELECT count(*) AS n FROM data WHERE indicator IS NULL')).toBe(before + 10);
    // The newest NIFTY snapshot is the market's spot at that tick.
    const { rows } = await server.db.query<{ spot: string; state: string }>(
      `SELECT d.spot, s.spot AS state FROM data d JOIN market_index_state s ON s.index_name = d."index"
       WHERE d."index" = 'NIFTY' AND d.indicator IS NULL ORDER BY d.created_at DESC, d.id DESC LIMIT 1`,
    );
    expect(Number(rows[0]!.spot)).toBe(Number(rows[0]!.state));
    // The first pass also read the option chains: screener signals from quoted contracts.
    expect(await count(`SELECT count(*) AS n FROM data WHERE indicator = 'screener' AND created_at > $1`, [sessionStart])).toBeGreaterThanOrEqual(10);
  });

  it('gives India VIX to NIFTY alone, above its at-the-money IV as NSE’s method reads a put skew', async () => {
    await tick(analyticsCadence.snapshotMs);
    const { rows } = await server.db.query<{ index: string; iv: string | null; vix: string | null }>(
      `SELECT DISTINCT ON ("index") "index", iv, vix FROM data WHERE indicator IS NULL ORDER BY "index", created_at DESC, id DESC`,
    );
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      // Every index keeps its own at-the-money IV; only NIFTY has a VIX (issue 36: BANKNIFTY showed NIFTY's).
      expect(Number(row.iv), row.index).toBeGreaterThan(5);
      if (row.index !== 'NIFTY') expect(row.vix, row.index).toBeNull();
    }
    const nifty = rows.find((row) => row.index === 'NIFTY')!;
    // The 30-day variance of the whole smile: a point or two over NIFTY's at-the-money IV, as India VIX runs.
    expect(Number(nifty.vix) - Number(nifty.iv)).toBeGreaterThan(0.5);
    expect(Number(nifty.vix) - Number(nifty.iv)).toBeLessThan(4);
  });

  it('tells when an index breaks a round level, once', async () => {
    // NIFTY's round levels are 100 points apart (twice its strike step of 50).
    await setSpot('NIFTY', 26_195);
    await tick(analyticsCadence.snapshotMs);
    const before = await count('SELECT count(*) AS n FROM commentary');
    await setSpot('NIFTY', 26_230);
    server.clock.advance(analyticsCadence.snapshotMs);
    // No market tick in between (it would move the spot again): the writer reads the stored state.
    await services.analytics.afterTick(server.clock.now());
    const { rows } = await server.db.query<{ title: string; body: string; index: string; sentiment: string }>(
      `SELECT title, body, "index", sentiment FROM commentary ORDER BY id DESC LIMIT 1`,
    );
    expect(await count('SELECT count(*) AS n FROM commentary')).toBe(before + 1);
    expect(rows[0]).toMatchObject({ title: 'NIFTY breaks above 26,200', index: 'NIFTY', sentiment: 'bullish' });
    expect(rows[0]!.body).toMatch(/^NIFTY crossed 26,200 at 09:\d\d IST and trades at 26,230/);

    // Back below and up again within a quarter of an hour: the way down is news, the second way up is not.
    await setSpot('NIFTY', 26_190);
    server.clock.advance(analyticsCadence.snapshotMs);
    await services.analytics.afterTick(server.clock.now());
    await setSpot('NIFTY', 26_210);
    server.clock.advance(analyticsCadence.snapshotMs);
    await services.analytics.afterTick(server.clock.now());
    const { rows: latest } = await server.db.query<{ title: string; sentiment: string }>(`SELECT title, sentiment FROM commentary WHERE "index" = 'NIFTY' ORDER BY id DESC LIMIT 2`);
    expect(latest).toEqual([
      { title: 'NIFTY slips below 26,200', sentiment: 'bearish' },
      { title: 'NIFTY breaks above 26,200', sentiment: 'bullish' },
    ]);
  });

  it('tells when realised volatility jumps well above what the options imply', async () => {
    const minute = server.clock.now().getTime() - (server.clock.now().getTime() % 60_000);
    // Sixteen minute bars swinging 200 points each way: hundreds of percent a year, against an implied ~12 %.
    for (let back = 1; back <= 16; back += 1) {
      const close = back % 2 === 0 ? 26_300 : 26_100;
      await server.db.query(
        `INSERT INTO market_candles (index_name, minute, open, high, low, close, ticks, volume) VALUES ('NIFTY', $1, $2, $2, $2, $2, 60, 0)
         ON CONFLICT (index_name, minute) DO UPDATE SET open = $2, high = $2, low = $2, close = $2`,
        [new Date(minute - back * 60_000), close],
      );
    }
    server.clock.advance(analyticsCadence.chainMs);
    await services.analytics.afterTick(server.clock.now());
    const { rows } = await server.db.query<{ title: string; body: string }>(`SELECT title, body FROM commentary WHERE "index" = 'NIFTY' ORDER BY id DESC LIMIT 1`);
    expect(rows[0]!.title).toMatch(/^NIFTY volatility spikes: \d+\.\d % realised$/);
    expect(rows[0]!.body).toMatch(/well above the \d+\.\d % its at-the-money options imply/);
    // Told once in half an hour, however long it lasts.
    const before = await count('SELECT count(*) AS n FROM commentary');
    server.clock.advance(analyticsCadence.chainMs);
    await services.analytics.afterTick(server.clock.now());
    expect(await count(`SELECT count(*) AS n FROM commentary WHERE title LIKE 'NIFTY volatility%'`)).toBe(1);
    expect(await count('SELECT count(*) AS n FROM commentary')).toBeGreaterThanOrEqual(before);
  });

  it('writes the daily bar from the session\u2019s minute candles once the market has closed', async () => {
    for (let i = 0; i < 90; i += 1) await tick(1000);
    await server.db.query(
      `INSERT INTO data (created_at, "index", symbol, spot, change, change_pct) VALUES ($1, 'NIFTY', 'NIFTY', 26000, 0, 0)`,
      [new Date(server.clock.now().getTime() - analyticsRetention.snapshotsMs - 60_000)],
    );
    const { rows: expected } = await server.db.query<{ open: string; high: string; low: string; close: string; volume: string }>(
      `SELECT (array_agg(open ORDER BY minute))[1] AS open, max(high) AS high, min(low) AS low,
              (array_agg(close ORDER BY minute DESC))[1] AS close, sum(volume) AS volume
       FROM market_candles WHERE index_name = 'NIFTY' AND minute >= $1`,
      [new Date('2026-01-15T18:30:00Z')],
    );
    const barsBefore = await count(`SELECT count(*) AS n FROM daily_data WHERE "index" = 'NIFTY'`);
    const { rows: recommendationsBefore } = await server.db.query<{ created_at: Date }>('SELECT created_at FROM screener LIMIT 1');

    // Still open at 15:29: no bar for today yet.
    server.clock.advance(Date.parse('2026-01-16T09:59:00Z') - server.clock.now().getTime());
    await services.analytics.afterTick(server.clock.now());
    expect(await count(`SELECT count(*) AS n FROM daily_data WHERE date = '2026-01-16'`)).toBe(0);

    // 15:31: closed. The market no longer ticks; the loop still calls the writer, telling it nothing ticked.
    server.clock.advance(2 * 60_000);
    expect(await services.market.tick(server.clock.now())).toBe(false);
    const snapshots = await count('SELECT count(*) AS n FROM data');
    await services.analytics.afterTick(server.clock.now(), false);
    expect(await count('SELECT count(*) AS n FROM data')).toBe(snapshots);

    const { rows } = await server.db.query<{ open: string; high: string; low: string; close: string; volume: string; change: string; change_pct: string; sample: boolean }>(
      `SELECT open, high, low, close, volume, change, change_pct, sample FROM daily_data WHERE "index" = 'NIFTY' AND date = '2026-01-16'`,
    );
    expect(rows).toHaveLength(1);
    // A session the simulator ran is a record, not a sample (the seeded ones before it are: seed.test.ts).
    expect(rows[0]!.sample).toBe(false);
    const bar = rows[0]!;
    const want = expected[0]!;
    expect([bar.open, bar.high, bar.low, bar.close, bar.volume].map(Number)).toEqual([want.open, want.high, want.low, want.close, want.volume].map(Number));
    expect(Number(bar.volume)).toBeGreaterThan(0);
    // The change is against the previous session's close (the last seeded bar, 14 January: the 15th was a holiday).
    const { rows: previous } = await server.db.query<{ close: string }>(`SELECT close FROM daily_data WHERE "index" = 'NIFTY' AND date = '2026-01-14'`);
    expect(Number(bar.change)).toBeCloseTo(Number(bar.close) - Number(previous[0]!.close), 2);
    expect(await count(`SELECT count(*) AS n FROM daily_data WHERE "index" = 'NIFTY'`)).toBe(barsBefore + 1);
    expect(await count(`SELECT count(*) AS n FROM daily_data WHERE date = '2026-01-16'`)).toBe(5);

    // Told in the commentary, with the bar's figures.
    const { rows: told } = await server.db.query<{ title: string; body: string }>(`SELECT title, body FROM commentary WHERE "index" = 'NIFTY' ORDER BY id DESC LIMIT 1`);
    expect(told[0]!.title).toMatch(/^NIFTY closes (higher|lower) at [\d,.]+$/);
    expect(told[0]!.body).toContain('ended the 2026-01-16 session');
    expect(await count(`SELECT count(*) AS n FROM commentary WHERE sample AND body LIKE '%2026-01-16 session%'`)).toBe(0);

    // The NIFTY bots' record now ends with today's session; the recommendations were made again.
    const { rows: bots } = await server.db.query<{ equity_curve: { date: string; equity: number }[]; updated_at: Date }>(`SELECT equity_curve, updated_at FROM bots WHERE underlying = 'NIFTY'`);
    expect(bots.length).toBeGreaterThanOrEqual(2);
    for (const bot of bots) {
      expect(bot.equity_curve.at(-1)?.date).toBe('2026-01-16');
      expect(bot.updated_at.getTime()).toBe(server.clock.now().getTime());
    }
    const { rows: recommendations } = await server.db.query<{ created_at: Date }>('SELECT created_at FROM screener LIMIT 1');
    expect(recommendations[0]!.created_at.getTime()).toBeGreaterThan(recommendationsBefore[0]!.created_at.getTime());

    // The bar is written once: another pass adds nothing.
    server.clock.advance(analyticsCadence.chainMs);
    await services.analytics.afterTick(server.clock.now(), false);
    expect(await count(`SELECT count(*) AS n FROM daily_data WHERE date = '2026-01-16'`)).toBe(5);

    // Snapshots past their retention went with the pruning that ran on the way.
    expect(await count(`SELECT count(*) AS n FROM data WHERE indicator IS NULL AND created_at < $1`, [new Date(server.clock.now().getTime() - analyticsRetention.snapshotsMs)])).toBe(0);
  });
});
