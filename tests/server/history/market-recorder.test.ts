// The market recorder (issue 39) on both backends, on an injected clock and a hand-made market: one index and
// two option contracts whose prices are a formula of the time, sampled every 15 s as the market loop would;
// then over the real simulator in demo mode (open at all hours), which is recorded at any hour (issue 62).
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { historyPrices } from '../../../server/services/analysis/backtests/history-prices.ts';
import { optionMinutePrices } from '../../../server/services/analysis/backtests/option-minute-prices.ts';
import { readCoverage } from '../../../server/services/history/history-coverage.ts';
import { createMarketRecorder, quotesPerSlice, simulatorRecording, type Watched } from '../../../server/services/history/market-recorder.ts';
import { createMarketService } from '../../../server/services/market/market-service.ts';
import { seedOf } from '../../../server/services/market/simulator.ts';
import { storeOptionMinutes } from '../../../server/services/history/option-minutes-store.ts';
import type { LastPrice } from '../../../server/services/market/market-service.ts';
import { importHistory } from '../backtests/history-fixture.ts';
import { testBackends, migratedDatabasePerFile } from '../support/test-database.ts';

const minuteMs = 60_000;
/** 09:15 IST on Thursday 26 November 2026. */
const open = Date.parse('2026-11-26T03:45:00Z');
const dayMs = 24 * 60 * minuteMs;
/** How far into its day's session `ms` is (the market opens at 09:15 IST every day here). */
const intoSession = (ms: number) => (((ms - open) % dayMs) + dayMs) % dayMs;

const watched: Watched = {
  indices: new Map([['NSE:NIFTY 50', 'NIFTY']]),
  options: new Map([
    ['NFO:NIFTY26DEC24000CE', { index: 'NIFTY', expiry: '2026-12-01', strikePaise: 2_400_000, optionType: 'CE' }],
    ['NFO:NIFTY26DEC24000PE', { index: 'NIFTY', expiry: '2026-12-01', strikePaise: 2_400_000, optionType: 'PE' }],
  ]),
};

/**
 * Prices in rupees at `ms`: within minute m of the session the index is 24000 + m at :00, + 3 at :15,
 * - 2 at :30 and + 1 at :45; a CE is a hundredth of it less 100, a PE 300 less that. Volume: 10 a tick.
 */
function market(ms: number): Record<string, LastPrice> {
  const m = Math.floor(intoSession(ms) / minuteMs);
  const step = Math.floor((intoSession(ms) % minuteMs) / 15_000);
  const spot = 24_000 + m + [0, 3, -2, 1][step]!;
  const ticks = Math.floor(intoSession(ms) / 15_000) + 1;
  const option = (last: number): LastPrice =>
    ({ last_price: last, volume: 10 * ticks, oi: 1000 + m, iv: 12.34, bid: last - 0.05, ask: last + 0.05 }) as LastPrice;
  return {
    'NSE:NIFTY 50': { last_price: spot } as LastPrice,
    'NFO:NIFTY26DEC24000CE': option(spot / 100 - 100),
    'NFO:NIFTY26DEC24000PE': option(300 - (spot / 100 - 100)),
  };
}

describe.each(testBackends)('market recorder on %s', (backend) => {
  let db: Database;
  migratedDatabasePerFile(backend, (opened) => {
    db = opened;
  });
  beforeEach(async () => {
    await db.exec(
      'DELETE FROM history_option_minutes; DELETE FROM history_recorded_option_days; DELETE FROM history_index_minutes; DELETE FROM history_option_days; DELETE FROM history_imports;',
    );
  });

  function recorder(source: 'recorded' | 'simulated' = 'simulated', retentionDays = 30) {
    return createMarketRecorder({
      db,
      clock: () => new Date(0),
      source,
      retentionDays,
      isOpen: async (now) => intoSession(now.getTime()) < 375 * minuteMs,
      watched: async () => watched,
      quotes: async (keys) => Object.fromEntries(Object.entries(market(current)).filter(([key]) => keys.includes(key))),
    });
  }
  let current = 0;
  /** Passes every 15 s from `from` to `to` (exclusive), each recorder in turn. */
  async function run(recorders: ReturnType<typeof recorder>[], from: number, to: number): Promise<number> {
    let added = 0;
    for (current = from; current < to; current += 15_000) for (const r of recorders) added += await r.pass(new Date(current));
    return added;
  }
  async function minutes(table: 'history_option_minutes' | 'history_index_minutes') {
    const { rows } = await db.query<{ minute: Date; open_paise: string; high_paise: string; low_paise: string; close_paise: string; source: string }>(
      `SELECT * FROM ${table} ORDER BY ${table === 'history_option_minutes' ? 'option_type, ' : ''}minute`,
    );
    return rows;
  }

  it('records an hour: 60 minutes per contract, OHLC the ticks\', volume traded in the minute, OI, IV and bid/ask at its end', async () => {
    // From 09:14:45 (market closed: the 09:15 minute is then seen from its open) to 10:15:00.
    await run([recorder()], open - 15_000, open + 60 * minuteMs + 15_000);
    const index = await minutes('history_index_minutes');
    expect(index).toHaveLength(60);
    // Minute 10 (09:25): ticks 24010, 24013, 24008, 24011.
    const { open_paise, high_paise, low_paise, close_paise, source } = index[10]!;
    expect([open_paise, high_paise, low_paise, close_paise].map(Number)).toEqual([2_401_000, 2_401_300, 2_400_800, 2_401_100]);
    expect(source).toBe('simulated');
    const options = await db.query<Record<string, unknown>>(
      `SELECT option_type, count(*)::integer AS n, min(volume)::integer AS vmin, max(volume)::integer AS vmax FROM history_option_minutes GROUP BY option_type ORDER BY option_type`,
    );
    expect(options.rows).toEqual([
      { option_type: 'CE', n: 60, vmin: 40, vmax: 40 },
      { option_type: 'PE', n: 60, vmin: 40, vmax: 40 },
    ]);
    const ce = (await minutes('history_option_minutes'))[10] as unknown as Record<string, unknown>;
    // The CE at 09:25: 140.10, 140.13, 140.08, 140.11; OI 1010, IV 12.34 %, bid/ask 140.06/140.16 at the end.
    const figures = ['open_paise', 'high_paise', 'low_paise', 'close_paise', 'open_interest', 'iv_bp', 'bid_paise', 'ask_paise'].map((column) => Number(ce[column]));
    expect(figures).toEqual([14_010, 14_013, 14_008, 14_011, 1010, 1234, 14_006, 14_016]);
  });

  it('samples at each minute\'s first pass and then every 5 s, not at every one-second tick', async () => {
    let priced = 0;
    const counting = createMarketRecorder({
      db,
      clock: () => new Date(0),
      source: 'simulated',
      retentionDays: 30,
      isOpen: async () => true,
      watched: async () => watched,
      quotes: async (keys) => {
        priced += 1;
        return Object.fromEntries(Object.entries(market(current)).filter(([key]) => keys.includes(key)));
      },
    });
    for (current = open - 1000; current < open + 2 * minuteMs; current += 1000) await counting.pass(new Date(current));
    // 09:14:59, then 09:15:00, :05 … :55 and 09:16:00 … :55.
    expect(priced).toBe(1 + 2 * 12);
  });

  it('prices a sample a slice of contracts at a time, the event loop turning between slices, and records every contract of its minute', async () => {
    // The four indices' watched expiries are ~2,500 contracts: priced in one call, the pass held every request of the
    // server for seconds (session 77: the demo-evening replay's reads piled up in the browser behind it).
    const strikes = Array.from({ length: 2 * quotesPerSlice + 10 }, (_, n) => 20_000 + 50 * n);
    const chain: Watched = {
      indices: new Map([['NSE:NIFTY 50', 'NIFTY']]),
      options: new Map(strikes.map((strike) => [`NFO:NIFTY26DEC${strike}CE`, { index: 'NIFTY', expiry: '2026-12-01', strikePaise: strike * 100, optionType: 'CE' as const }])),
    };
    let turns = 0;
    let spinning = true;
    const spin = () => {
      turns += 1;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    const calls: { keys: number; turns: number }[] = [];
    const slicing = createMarketRecorder({
      db,
      clock: () => new Date(0),
      source: 'simulated',
      retentionDays: 30,
      isOpen: async () => true,
      watched: async () => chain,
      quotes: async (keys) => {
        calls.push({ keys: keys.length, turns });
        return Object.fromEntries(keys.map((key) => [key, { last_price: 100, volume: 0, oi: 0 } as LastPrice]));
      },
    });
    try {
      await slicing.pass(new Date(open));
      await slicing.pass(new Date(open + minuteMs));
    } finally {
      spinning = false;
    }
    // Each sample: three calls (250, 250, 11 keys), the loop turning before the second and the third.
    expect(calls.map((call) => call.keys)).toEqual([quotesPerSlice, quotesPerSlice, 11, quotesPerSlice, quotesPerSlice, 11]);
    expect(calls[1]!.turns).toBeGreaterThan(calls[0]!.turns);
    expect(calls[2]!.turns).toBeGreaterThan(calls[1]!.turns);
    // The 09:15 minute closed by the 09:16 pass holds every contract and the index.
    expect(await minutes('history_option_minutes')).toHaveLength(strikes.length);
    expect(await minutes('history_index_minutes')).toHaveLength(1);
  });

  it('two instances record each minute once', async () => {
    const added = await run([recorder(), recorder()], open - 15_000, open + 30 * minuteMs + 15_000);
    expect(added).toBe(30 * 3);
    expect(await minutes('history_index_minutes')).toHaveLength(30);
    expect(await minutes('history_option_minutes')).toHaveLength(60);
  });

  it('a restart mid-day resumes: the minute in progress at the crash is absent, none before or after is missing or doubled', async () => {
    await run([recorder()], open - 15_000, open + 20 * minuteMs + 30_000); // killed at 09:35:30
    await run([recorder()], open + 20 * minuteMs + 45_000, open + 40 * minuteMs + 15_000); // back at 09:35:45
    const stored = (await minutes('history_index_minutes')).map((row) => (row.minute.getTime() - open) / minuteMs);
    expect(stored).toEqual([...Array.from({ length: 20 }, (_, m) => m), ...Array.from({ length: 19 }, (_, m) => m + 21)]);
  });

  it('a restart back within seconds of a minute\'s start records that minute: only the minute killed in is lost', async () => {
    await run([recorder()], open - 15_000, open + 20 * minuteMs + 46_000); // last pass 09:35:45, killed at 09:35:58
    await run([recorder()], open + 21 * minuteMs + 3_000, open + 40 * minuteMs + 15_000); // back at 09:36:03
    const stored = await minutes('history_index_minutes');
    const at = stored.map((row) => (row.minute.getTime() - open) / minuteMs);
    expect(at).toEqual([...Array.from({ length: 20 }, (_, m) => m), ...Array.from({ length: 19 }, (_, m) => m + 21)]);
    // 09:36 from its samples at :03, :18, :33 and :48 (24021, 24024, 24019, 24022); its volume is what traded from
    // the first of them (three 15-second steps of 10), the day's volume before it being unknown to the new book.
    const restartMinute = stored[20]!;
    expect([restartMinute.open_paise, restartMinute.high_paise, restartMinute.low_paise, restartMinute.close_paise].map(Number)).toEqual([2_402_100, 2_402_400, 2_401_900, 2_402_200]);
    const { rows } = await db.query<{ volume: number }>(`SELECT volume::integer AS volume FROM history_option_minutes WHERE minute = $1 AND option_type = 'CE'`, [new Date(open + 21 * minuteMs)]);
    expect(rows).toEqual([{ volume: 30 }]);
  });

  it('a restart back later than a sampling interval into a minute leaves that minute out (its opening samples were missed)', async () => {
    await run([recorder()], open - 15_000, open + 20 * minuteMs + 46_000);
    await run([recorder()], open + 21 * minuteMs + 7_000, open + 24 * minuteMs + 15_000); // back at 09:36:07
    expect((await minutes('history_index_minutes')).map((row) => (row.minute.getTime() - open) / minuteMs).slice(19)).toEqual([19, 22, 23]);
  });

  it('a real minute replaces a simulated one; a simulated one never replaces a real one', async () => {
    await run([recorder('recorded')], open - 15_000, open + 2 * minuteMs + 15_000);
    await run([recorder('simulated')], open - 15_000, open + 4 * minuteMs + 15_000);
    expect((await minutes('history_index_minutes')).map((row) => row.source)).toEqual(['recorded', 'recorded', 'simulated', 'simulated']);
    await run([recorder('recorded')], open - 15_000, open + 4 * minuteMs + 15_000);
    expect((await minutes('history_index_minutes')).map((row) => row.source)).toEqual(['recorded', 'recorded', 'recorded', 'recorded']);
  });

  it('a backtest never reads a simulated index minute as real: the day follows its bhavcopy until a live feed records it', async () => {
    await importHistory(db, 'NIFTY', { '2026-11-26': 24_000 }, [{ day: '2026-11-26', expiry: '2026-12-01', strike: 24_000, type: 'CE', settle: 140 }]);
    const pathOfTheDay = async () => {
      const prices = historyPrices({ history: db, clock: () => new Date(open) });
      await prices.load('NIFTY', '2026-11-26', '2026-11-26');
      return prices.day('NIFTY', '2026-11-26')!.minutes;
    };
    await run([recorder('simulated')], open - 15_000, open + 3 * minuteMs + 15_000);
    expect((await pathOfTheDay()).size).toBe(0);
    await run([recorder('recorded')], open - 15_000, open + 3 * minuteMs + 15_000);
    expect([...(await pathOfTheDay())]).toEqual([[555, 2_400_100], [556, 2_400_200], [557, 2_400_300]]);
  });

  it('the coverage counts a day\'s recorded (real) and simulated minutes apart, as minute rows and as contract-days alike', async () => {
    await run([recorder('simulated')], open - 15_000, open + 3 * minuteMs + 15_000);
    await run([recorder('recorded')], open - 15_000, open + 2 * minuteMs + 15_000);
    const day = async () => (await readCoverage(db, null, null)).indices[0]!.days;
    const expected = [{ date: '2026-11-26', option_rows: 0, minute_candles: 2, option_minutes: 0, recorded_minutes: 4, simulated_minutes: 2, daily_ohlc: false }];
    expect(await day()).toEqual(expected);
    await run([recorder('recorded')], open + dayMs - 15_000, open + dayMs); // compacts
    expect(await day()).toEqual(expected);
    // The index's summary counts them beside its imported days.
    expect((await readCoverage(db, null, null)).indices[0]).toMatchObject({ recorded_minutes: 4, recorded_days: 1, simulated_minutes: 2, simulated_days: 1 });
  });

  it("the summary's range ends at the last day of real history, never at a day the simulator alone recorded", async () => {
    await run([recorder('recorded')], open - 15_000, open + 2 * minuteMs + 15_000);
    await run([recorder('simulated')], open + dayMs - 15_000, open + dayMs + 2 * minuteMs + 15_000);
    const [nifty] = (await readCoverage(db, null, null)).indices;
    expect(nifty).toMatchObject({ first_day: '2026-11-26', last_day: '2026-11-26' });
    expect(nifty!.days.map((day) => [day.date, day.simulated_minutes > 0])).toEqual([
      ['2026-11-26', false],
      ['2026-11-27', true],
    ]);
  });

  it('retention prunes only recorded and simulated minutes older than the setting', async () => {
    await run([recorder()], open - 31 * dayMs - 15_000, open - 31 * dayMs + 2 * minuteMs + 15_000);
    await run([recorder()], open - 29 * dayMs - 15_000, open - 29 * dayMs + 2 * minuteMs + 15_000);
    const contract = { index: 'NIFTY', expiry: '2026-12-01', strikePaise: 2_400_000, optionType: 'CE' } as const;
    const fetched = { fileName: 'upstox', sha256: 'a'.repeat(64), days: ['2026-10-20'], rowCount: 1, uploadedBy: null as unknown as number, importedAt: new Date(open) };
    await db.transaction((tx) =>
      storeOptionMinutes(tx, fetched, 'upstox', contract, ['2026-10-20'], [
        { tradeDate: '2026-10-20', minute: new Date('2026-10-20T03:45:00Z'), openPaise: 100, highPaise: 100, lowPaise: 100, closePaise: 100, volume: 0, openInterest: 0 },
      ]),
    );
    await run([recorder()], open - 15_000, open + 15_000); // the first pass of today compacts past days, then prunes
    const rows = await db.query<{ day: string; source: string; n: number }>(
      `SELECT to_char(trade_date, 'YYYY-MM-DD') AS day, source, count(*)::integer AS n FROM history_option_minutes GROUP BY 1, 2 ORDER BY 1`,
    );
    expect(rows.rows).toEqual([{ day: '2026-10-20', source: 'upstox', n: 1 }]);
    const days = await db.query<{ day: string; source: string; n: number }>(
      `SELECT to_char(trade_date, 'YYYY-MM-DD') AS day, source, sum(cardinality(minutes))::integer AS n FROM history_recorded_option_days GROUP BY 1, 2`,
    );
    expect(days.rows).toEqual([{ day: '2026-10-28', source: 'simulated', n: 4 }]);
  });

  it('a finished day moves to a row per contract-day, read by the backtests exactly as its minute rows were', async () => {
    await run([recorder('recorded')], open - 15_000, open + 30 * minuteMs + 15_000);
    const read = async () => {
      const prices = optionMinutePrices();
      await prices.load(db, 'NIFTY', '2026-11-26', '2026-11-26');
      return Array.from({ length: 32 }, (_, m) => prices.at('NIFTY', '2026-12-01', 2_400_000, 'PE', new Date(open + m * minuteMs + 30_000)));
    };
    const asRows = await read();
    // The PE at 09:25 closes at 300 - 140.11 = 159.89; after 09:44 (the last minute recorded) its close carries.
    expect(asRows[10]).toMatchObject({ minute: 565, closePaise: 15_989, openInterest: 1010, volume: 40 });
    expect(asRows[31]).toEqual(asRows[29]);
    // Two instances' first passes of the next day compact it once.
    await run([recorder('recorded'), recorder('recorded')], open + dayMs - 15_000, open + dayMs);
    expect((await db.query('SELECT 1 FROM history_option_minutes')).rows).toEqual([]);
    const stored = await db.query<{ option_type: string; minutes: number[]; high_paise: number[]; iv_bp: number[]; ask_paise: number[] }>(
      'SELECT option_type, minutes, high_paise, iv_bp, ask_paise FROM history_recorded_option_days ORDER BY option_type',
    );
    expect(stored.rows.map((row) => [row.option_type, row.minutes.length, row.minutes[10], row.high_paise[10], row.iv_bp[10], row.ask_paise[10]])).toEqual([
      ['CE', 30, 565, 14_013, 1234, 14_016],
      ['PE', 30, 565, 15_992, 1234, 15_994],
    ]);
    expect(await read()).toEqual(asRows);
  });

  it('records the real simulator in demo mode at any hour (issue 62), each index and every strike of the watched expiries', async () => {
    let now = new Date(open - 6 * 60 * minuteMs); // 03:15 IST: the demo market is open, NSE is not
    const clock = () => now;
    const market = createMarketService({ db, clock, seed: seedOf('recorder'), demo: true, tickMs: 1000 });
    const recording = createMarketRecorder({ db, clock, source: 'simulated', retentionDays: 30, ...simulatorRecording(market) });
    const spot = new Map<number, number>();
    const passes = async (from: number, to: number) => {
      for (let ms = from; ms < to; ms += 15_000) {
        now = new Date(ms);
        await market.tick(now);
        spot.set(ms, (await market.quotes(['NSE:NIFTY 50']))['NSE:NIFTY 50']!.last_price);
        await recording.pass(now);
      }
    };
    // 03:15:00 to 03:18: 03:15 and 03:16 closed whole as simulated (03:17 is closed by the next pass, at 09:14:45).
    await passes(now.getTime(), now.getTime() + 3 * minuteMs);
    const night = await db.query<{ minute: Date; source: string }>(`SELECT minute, source FROM history_index_minutes WHERE index_name = 'NIFTY' ORDER BY minute`);
    expect(night.rows.map((row) => [(row.minute.getTime() - open) / minuteMs, row.source])).toEqual([
      [-360, 'simulated'],
      [-359, 'simulated'],
    ]);
    await passes(open - 15_000, open + 3 * minuteMs + 15_000); // 09:14:45 to 09:18: three whole minutes from 09:15
    const indices = await db.query<{ index_name: string; n: number; source: string }>(
      'SELECT index_name, count(*)::integer AS n, min(source) AS source FROM history_index_minutes WHERE minute >= $1 GROUP BY 1 ORDER BY 1',
      [new Date(open)],
    );
    expect(indices.rows).toEqual(['BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'NIFTY'].map((index_name) => ({ index_name, n: 3, source: 'simulated' })));
    const nifty = await db.query<{ expiries: number; contracts: number; minutes: number }>(
      `SELECT count(DISTINCT expiry)::integer AS expiries, count(DISTINCT (expiry, strike_paise, option_type))::integer AS contracts,
              count(DISTINCT minute)::integer AS minutes FROM history_option_minutes WHERE index_name = 'NIFTY' AND minute >= $1`,
      [new Date(open)],
    );
    const { expiries } = await market.expiries('NIFTY', now);
    const listed = new Set([expiries[0]!.date, expiries.find((expiry) => expiry.kind === 'monthly')!.date]);
    let contracts = 0;
    for (const expiry of listed) contracts += (await market.instruments('NIFTY', expiry, now)).instruments.length;
    expect(nifty.rows[0]).toEqual({ expiries: listed.size, contracts, minutes: 3 });
    // 09:17's open and close are the simulator's NIFTY at its first and last pass (09:17:00, 09:17:45).
    const last = await db.query<{ open_paise: string; close_paise: string }>(
      `SELECT open_paise, close_paise FROM history_index_minutes WHERE index_name = 'NIFTY' ORDER BY minute DESC LIMIT 1`,
    );
    const at = (ms: number) => Math.round(spot.get(ms)! * 100);
    expect([last.rows[0]!.open_paise, last.rows[0]!.close_paise].map(Number)).toEqual([at(open + 2 * minuteMs), at(open + 2 * minuteMs + 45_000)]);
  }, 180_000); // Minutes of a real simulator priced pass by pass (at night and in the morning): 70 s on a loaded shared machine.
});
