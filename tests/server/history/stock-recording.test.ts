// The market recorder keeps the minutes of the stocks traders watch (issue 63), on both backends: which stocks are
// watched (a position, an active bot, a stream following the stock or a contract of it; never every listed one),
// and the real simulator in demo mode recording a watched stock's spot, near month's options and futures and
// nothing of the stocks nobody watches; the premium and IV charts reading those minutes (today's, after the close,
// and the day once compacted).
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { createMarketRecorder, simulatorRecording } from '../../../server/services/history/market-recorder.ts';
import { compactRecordedDays, pruneRecordings } from '../../../server/services/history/recorded-minutes-store.ts';
import { ivDay } from '../../../server/services/history/volatility/iv-charts.ts';
import { strategyPremium } from '../../../server/services/premium/premium-series.ts';
import { maxRecordedStocks, watchedStocks } from '../../../server/services/history/watched-stocks.ts';
import { createMarketService } from '../../../server/services/market/market-service.ts';
import { seedOf } from '../../../server/services/market/simulator.ts';
import { createFollowedInstruments } from '../../../server/services/market/followed-instruments.ts';
import { listStocks } from '../support/stock-listing.ts';
import { testBackends, migratedDatabasePerFile } from '../support/test-database.ts';

const minuteMs = 60_000;
/** 09:15 IST on Thursday 26 November 2026. */
const open = Date.parse('2026-11-26T03:45:00Z');

describe.each(testBackends)('stock minutes recorded on %s', (backend) => {
  let db: Database;
  migratedDatabasePerFile(backend, (opened) => {
    db = opened;
  });
  beforeEach(async () => {
    await db.exec(
      `DELETE FROM history_option_minutes; DELETE FROM history_recorded_option_days; DELETE FROM history_index_minutes; DELETE FROM history_future_minutes;
       DELETE FROM history_imports; DELETE FROM trading_bots; DELETE FROM paper_positions;`,
    );
  });

  /** A paper account with a portfolio, as the watched rules read them. */
  async function paperAccount(): Promise<{ accountId: number; portfolioId: number }> {
    const now = new Date(open);
    const { rows: users } = await db.query<{ id: number }>(
      `INSERT INTO users (email, name, mobile, password_hash, trade_defaults, created_at, updated_at) VALUES ($1, 'Asha', '+919876543210', 'x', '{}', $2, $2) RETURNING id`,
      [`asha-${Math.random().toString(36).slice(2)}@example.in`, now],
    );
    const { rows: accounts } = await db.query<{ id: number }>(
      `INSERT INTO broker_accounts (user_id, broker_id, name, account_number, api_key, api_secret_encrypted, capital, created_at, updated_at)
       VALUES ($1, (SELECT id FROM brokers WHERE slug = 'paper'), 'Paper', $2, $2, 'x', 500000, $3, $3) RETURNING id`,
      [users[0]!.id, `PA${Math.random().toString(36).slice(2, 8)}`, now],
    );
    const { rows: portfolios } = await db.query<{ id: number }>(
      `INSERT INTO portfolios (broker_account_id, name, capital, created_at, updated_at) VALUES ($1, 'Stocks', 500000, $2, $2) RETURNING id`,
      [accounts[0]!.id, now],
    );
    return { accountId: Number(accounts[0]!.id), portfolioId: Number(portfolios[0]!.id) };
  }

  it('watches a stock held, an active bot\'s and a streamed one, in that order and up to its bound; nothing when nobody watches', async () => {
    const now = new Date(open);
    const market = createMarketService({ db, clock: () => now, seed: seedOf('watched'), demo: true, tickMs: 1000 });
    let followed: string[] = [];
    const watched = watchedStocks({ db, followed: () => followed });
    // About 200 stocks listed, none watched: none recorded.
    await listStocks(db, 200);
    expect(await watched()).toEqual([]);

    const { accountId, portfolioId } = await paperAccount();
    const tcsFuture = (await market.expiries('TCS', now)).futures![0]!;
    await db.query(`INSERT INTO paper_positions (broker_account_id, instrument_token, portfolio_id, product, quantity) VALUES ($1, $2, $3, 'NRML', 175)`, [
      accountId,
      tcsFuture.instrument_token,
      portfolioId,
    ]);
    await db.query(
      `INSERT INTO base_strategies (slug, name, description, parameters, position) VALUES ('watched_test', 'Test', 'Test', '[]', 99) ON CONFLICT (slug) DO NOTHING`,
    );
    const bot = (status: string, underlying: string) =>
      db.query(
        `INSERT INTO trading_bots (portfolio_id, name, base_strategy_id, underlying, lots, stop_loss_pct, target_pct, status, params, mode, created_at, updated_at)
         VALUES ($1, $2, (SELECT id FROM base_strategies WHERE slug = 'watched_test'), $3, 1, 50, 50, $4, '{}', 'paper', $5, $5)`,
        [portfolioId, `${underlying} ${status}`, underlying, status, now],
      );
    await bot('active', 'SBIN');
    await bot('paused', 'ITC');
    await bot('active', 'NIFTY');
    // A stream following INFY's chain (one of its options) and RELIANCE's own instrument; an index is no stock.
    const infyOption = (await market.instruments('INFY', (await market.expiries('INFY', now)).expiries[0]!.date, now)).instruments[0]!;
    followed = [infyOption.instrument, 'NSE:RELIANCE', 'NSE:NIFTY 50', 'NSE:SBIN'];
    expect(await watched()).toEqual(['TCS', 'SBIN', 'INFY', 'RELIANCE']);
    // A closed position is no longer watched.
    await db.query('UPDATE paper_positions SET quantity = 0');
    expect(await watched()).toEqual(['SBIN', 'INFY', 'RELIANCE']);
    // The bound: the first of them in that order.
    expect(await watchedStocks({ db, followed: () => followed, limit: 2 })()).toEqual(['SBIN', 'INFY']);
    expect(maxRecordedStocks).toBeLessThan(200);
  });

  it('follows a desk stream\'s instruments while it is open (the price fan-out notes them), once each', () => {
    const followed = createFollowedInstruments();
    const first = followed.follow(['NSE:RELIANCE', 'NFO:RELIANCE26DECFUT']);
    const second = followed.follow(['NSE:RELIANCE', 'NSE:TCS']);
    expect(followed.list()).toEqual(['NSE:RELIANCE', 'NFO:RELIANCE26DECFUT', 'NSE:TCS']);
    first();
    expect(followed.list()).toEqual(['NSE:RELIANCE', 'NSE:TCS']);
    second();
    expect(followed.list()).toEqual([]);
  });

  it('records a watched stock\'s spot, near month\'s listed options and three futures each minute, and no other stock', async () => {
    let now = new Date(open - 6 * 60 * minuteMs); // 03:15 IST: the demo market is open at any hour
    const clock = () => now;
    const market = createMarketService({ db, clock, seed: seedOf('stock-recorder'), demo: true, tickMs: 1000 });
    // The indices' chains are the existing recorder's (market-recorder.test.ts): only the stocks are watched here.
    const recording = createMarketRecorder({ db, clock, source: 'simulated', retentionDays: 30, ...simulatorRecording(market, async () => ['RELIANCE'], { indices: false }) });
    const start = now.getTime();
    const spot = new Map<number, number>();
    // 03:15:00 to 03:18:00: 03:15, 03:16 and 03:17 closed whole (03:17 by the pass at 03:18).
    for (let ms = start; ms <= start + 3 * minuteMs; ms += 15_000) {
      now = new Date(ms);
      await market.tick(now);
      spot.set(ms, (await market.quotes(['NSE:RELIANCE']))['NSE:RELIANCE']!.last_price);
      await recording.pass(now);
    }
    const indexMinutes = await db.query<{ index_name: string; n: number }>('SELECT index_name, count(*)::integer AS n FROM history_index_minutes GROUP BY 1 ORDER BY 1');
    expect(indexMinutes.rows).toEqual([{ index_name: 'RELIANCE', n: 3 }]);
    // 03:16's open and close are the simulator's RELIANCE at its first and last pass of that minute.
    const second = await db.query<{ open_paise: string; close_paise: string; source: string }>(
      `SELECT open_paise, close_paise, source FROM history_index_minutes WHERE index_name = 'RELIANCE' ORDER BY minute LIMIT 1 OFFSET 1`,
    );
    const at = (ms: number) => Math.round(spot.get(ms)! * 100);
    const row = second.rows[0]!;
    expect([Number(row.open_paise), Number(row.close_paise), row.source]).toEqual([at(start + minuteMs), at(start + minuteMs + 45_000), 'simulated']);

    const { expiries, futures } = await market.expiries('RELIANCE', now);
    const near = expiries[0]!.date;
    const listed = (await market.instruments('RELIANCE', near, now)).instruments.length;
    const options = await db.query<{ expiries: string[]; contracts: number; minutes: number; iv: number }>(
      `SELECT array_agg(DISTINCT to_char(expiry, 'YYYY-MM-DD')) AS expiries, count(DISTINCT (strike_paise, option_type))::integer AS contracts,
              count(DISTINCT minute)::integer AS minutes, count(*) FILTER (WHERE iv_bp > 0)::integer AS iv
       FROM history_option_minutes WHERE index_name = 'RELIANCE'`,
    );
    expect(options.rows[0]).toMatchObject({ expiries: [near], contracts: listed, minutes: 3 });
    expect(options.rows[0]!.iv).toBeGreaterThan(0);
    const futureMinutes = await db.query<{ expiry: string; n: number }>(
      `SELECT to_char(expiry, 'YYYY-MM-DD') AS expiry, count(*)::integer AS n FROM history_future_minutes WHERE index_name = 'RELIANCE' GROUP BY 1 ORDER BY 1`,
    );
    expect(futureMinutes.rows).toEqual(futures!.map((future) => ({ expiry: future.expiry, n: 3 })));
    const others = await db.query(`SELECT 1 FROM history_option_minutes WHERE index_name <> 'RELIANCE' LIMIT 1`);
    expect(others.rows).toEqual([]);

    // The charts read the stock's minutes as an index's (issue 63): its IV minute by minute and its ATM straddle in
    // 1-minute candles, today's after the close (16:00 IST) and the day's again once it is compacted into contract-days.
    const day = '2026-11-26';
    const ivSeries = async () => {
      const read = await ivDay(db, 'RELIANCE', null, null);
      return { day: read.day, expiry: read.expiry, minutes: read.minutes, iv: read.iv, strike: read.strike, source: read.source };
    };
    const iv = await ivSeries();
    expect(iv).toMatchObject({ day, expiry: near, minutes: ['03:15', '03:16', '03:17'], source: ['simulated', 'simulated', 'simulated'] });
    expect(iv.iv.every((value) => value !== null && value > 10 && value < 80)).toBe(true);
    const strike = iv.strike.at(-1)!;
    const afterClose = () => new Date('2026-11-26T10:30:00Z');
    const straddle = () => strategyPremium(db, afterClose, 1, { legs: `RELIANCE:${near}:${strike}:CE:S:1,RELIANCE:${near}:${strike}:PE:S:1`, from: null, to: null, interval: '1m' });
    const premium = await straddle();
    expect(premium).toMatchObject({ from: day, to: day, interval: '1m', sources: ['simulated'], gap_minutes: 0 });
    expect(premium.time).toEqual([0, 1, 2].map((m) => (start + m * minuteMs) / 1000));
    const legMinute = await db.query<{ c: number }>(
      `SELECT sum(close_paise)::integer AS c FROM history_option_minutes WHERE index_name = 'RELIANCE' AND strike_paise = $1 AND minute = $2`,
      [Math.round(strike * 100), new Date(start + 2 * minuteMs)],
    );
    expect(premium.close.at(-1)).toBeCloseTo(legMinute.rows[0]!.c / 100, 2);

    // The next day compacts the stock's options into contract-days, read by the charts as before.
    await db.transaction((tx) => compactRecordedDays(tx, '2026-11-27'));
    const days = await db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM history_recorded_option_days WHERE index_name = 'RELIANCE'`);
    expect(days.rows[0]!.n).toBe(listed);
    expect(await ivSeries()).toEqual(iv);
    expect((await straddle()).close).toEqual(premium.close);
    // The retention then prunes them and the futures' minutes.
    await db.transaction((tx) => pruneRecordings(tx, '2026-11-27'));
    const left = await db.query<{ n: number }>(
      `SELECT ((SELECT count(*) FROM history_future_minutes) + (SELECT count(*) FROM history_recorded_option_days) + (SELECT count(*) FROM history_index_minutes))::integer AS n`,
    );
    expect(left.rows[0]!.n).toBe(0);
  }, 120_000);
});
