// The implied volatility charts' reads (issue 40) on a real server, each answer checked against the contract:
// - IV rank and IV percentile of the near month's ATM IV over a fixture history of bhavcopy days whose
//   settlements were priced at known volatilities, against a hand computation, over two lookbacks;
// - a recorded day (no bhavcopy) read at its last minute with the IVs the recorder stored, and a simulated day
//   ranked among simulated days alone;
// - the ATM IV of a minute the real simulator was recorded in equals the chain's IVs of that strike then;
// - the smile now against an earlier minute; a day's bytes (every minute of a whole chain) ≤ 50 KB gzip;
// - a day's ATM IV read from the strikes near the index only, and the smile from the contracts it shows only,
//   each answer equal to a brute-force one over every contract seeded: on a day the index moves 10 %, and on
//   sparse days whose nearest priced pair lies outside the strikes read first (every strike is then read);
// - the refusals (400s with the field), never a 500.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { black76Price } from '../../../quant/black76.ts';
import { forwardFromSpot, yearsToExpiry } from '../../../quant/option-inputs.ts';
import { exchangeIvRate } from '../../../quant/exchange-volatility.ts';
import type { Queryable } from '../../../server/db/database.ts';
import { createMarketRecorder, simulatorRecording } from '../../../server/services/history/market-recorder.ts';
import { ivDay, ivHistory, ivSmile } from '../../../server/services/history/volatility/iv-charts.ts';
import { ivStanding } from '../../../server/services/history/volatility/iv-measures.ts';
import { createMarketService } from '../../../server/services/market/market-service.ts';
import { seedOf } from '../../../server/services/market/simulator.ts';
import { expiryInstantMs } from '../../../quant/contract-expiry.ts';
import { signedInAccount } from '../support/accounts.ts';
import { assertMatchesContract, contractClient } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { importHistory, type FixtureRow } from '../backtests/history-fixture.ts';

const minuteMs = 60_000;
// The days here are of 2025, before NSE's close moved to 15:40 (3 August 2026): they closed at 15:30.
const closeOf = (day: string) => Date.parse(`${day}T15:30:00+05:30`);

/** A settlement priced as NSE's chain reads IV (Black–Scholes on the spot at 10 %), at volatility σ. */
function exchangePrice(kind: 'CE' | 'PE', spot: number, strike: number, day: string, expiry: string, volatility: number): number {
  const years = yearsToExpiry(closeOf(day), expiryInstantMs(expiry, '15:30'));
  return black76Price({ kind, forward: forwardFromSpot(spot, exchangeIvRate, years), strike, years, rate: exchangeIvRate, volatility });
}

/** June 2025 (no NSE holiday that month): eight bhavcopy days, 6 June missing; the near month is 26 June. */
const history: [string, number][] = [
  ['2025-06-02', 0.14],
  ['2025-06-03', 0.125],
  ['2025-06-04', 0.16],
  ['2025-06-05', 0.13],
  ['2025-06-09', 0.15],
  ['2025-06-10', 0.11],
  ['2025-06-11', 0.17],
  ['2025-06-12', 0.145],
];
const spotOf = (day: string) => 24_000 + Number(day.slice(8));

function bhavcopyRows(): FixtureRow[] {
  const rows: FixtureRow[] = [];
  for (const [day, volatility] of history) {
    // A weekly (12 June, and 5 June before it) beside the two monthlies: the near month is 26 June whatever the weekly's IV.
    for (const expiry of ['2025-06-05', '2025-06-12', '2025-06-26', '2025-07-31'].filter((listed) => listed >= day)) {
      const sigma = expiry === '2025-06-26' ? volatility : 0.3;
      for (const strike of [23_900, 23_950, 24_000, 24_050, 24_100]) {
        for (const type of ['CE', 'PE'] as const) rows.push({ day, expiry, strike, type, settle: exchangePrice(type, spotOf(day), strike, day, expiry, sigma) });
      }
    }
  }
  return rows;
}

type Contract = { strike: number; type: 'CE' | 'PE'; minutes: number[]; close: number[]; ivBp: (number | null)[] };

/** A recorded day written as the recorder leaves a finished one (a row a contract-day), with its index minutes. */
async function recordedDay(db: TestServer['db'], index: string, day: string, expiry: string, source: 'recorded' | 'simulated', spot: (minute: number) => number, contracts: Contract[], minutes: number[]) {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO history_imports (kind, file_name, sha256, first_day, last_day, row_count, uploaded_by, imported_at)
     VALUES ('recorded', $1, $2, $3::date, $3::date, 1, NULL, now()) RETURNING id`,
    [`recording-${source}-${day}-${expiry}`, day.replace(/-/g, '').padEnd(64, source === 'recorded' ? 'c' : 'd'), day],
  );
  const importId = rows[0]!.id;
  const at = (minute: number) => new Date(Date.parse(`${day}T00:00:00+05:30`) + minute * minuteMs).toISOString();
  const indexSource = source === 'recorded' ? 'recorded' : 'simulated';
  await db.query(
    `INSERT INTO history_index_minutes (index_name, minute, trade_date, open_paise, high_paise, low_paise, close_paise, import_id, source)
     SELECT $1, m, $2::date, c, c, c, c, $3, $4 FROM unnest($5::timestamptz[], $6::bigint[]) AS x (m, c)
     ON CONFLICT DO NOTHING`,
    [index, day, importId, indexSource, minutes.map(at), minutes.map((minute) => Math.round(spot(minute) * 100))],
  );
  for (const contract of contracts) {
    const paise = contract.close.map((close) => Math.round(close * 100));
    await db.query(
      `INSERT INTO history_recorded_option_days (index_name, trade_date, expiry, strike_paise, option_type, source, minutes, open_paise, high_paise,
         low_paise, close_paise, volume, open_interest, iv_bp, bid_paise, ask_paise, import_id)
       VALUES ($1, $2::date, $3::date, $4, $5, $6, $7::smallint[], $8::integer[], $8::integer[], $8::integer[], $8::integer[], $9::integer[], $9::integer[],
         $10::smallint[], $8::integer[], $8::integer[], $11)`,
      [index, day, expiry, contract.strike * 100, contract.type, source, contract.minutes, paise, contract.minutes.map(() => 0), contract.ivBp, importId],
    );
  }
}

const session = Array.from({ length: 375 }, (_, n) => 555 + n); // 09:15 to 15:29 IST
const strikesFrom = (low: number, high: number, step: number) => Array.from({ length: (high - low) / step + 1 }, (_, n) => low + n * step);

/** A chain's contracts, each side priced at `minutesOf` its strike (none: the contract is not stored), with a stored IV a minute unique to the contract. */
function chainOf(strikes: number[], minutesOf: (strike: number, type: 'CE' | 'PE') => number[]): Contract[] {
  return strikes.flatMap((strike) =>
    (['CE', 'PE'] as const)
      .map((type) => {
        const minutes = minutesOf(strike, type);
        const ivBp = minutes.map((minute) => 1000 + ((minute * 7 + strike / 50 + (type === 'PE' ? 31 : 0)) % 500));
        return { strike, type, minutes, close: minutes.map((minute) => 100 + ((minute + strike) % 40)), ivBp };
      })
      .filter((contract) => contract.minutes.length > 0),
  );
}

/** A contract's stored IV (percent) at its last minute at or before `minute`, or null without one. */
function ivAt(byKey: Map<string, Contract>, strike: number, type: 'CE' | 'PE', minute: number): number | null {
  const contract = byKey.get(`${strike}${type}`);
  const at = contract === undefined ? -1 : contract.minutes.findLastIndex((stored) => stored <= minute);
  return at < 0 ? null : contract!.ivBp[at]! / 100;
}

/**
 * Each session minute's ATM strike and IV by brute force over every contract seeded, as iv-measures.ts defines
 * them: the strike nearest the level whose call and put both have a minute at or before it (the lower of two
 * as near), the mean of their IVs.
 */
function atmByHand(contracts: Contract[], spot: (minute: number) => number): { strike: (number | null)[]; iv: (number | null)[] } {
  const byKey = new Map(contracts.map((contract) => [`${contract.strike}${contract.type}`, contract]));
  const strikes = [...new Set(contracts.map((contract) => contract.strike))].sort((a, b) => a - b);
  const answer: { strike: (number | null)[]; iv: (number | null)[] } = { strike: [], iv: [] };
  for (const minute of session) {
    const spotPaise = Math.round(spot(minute) * 100);
    let best: { strike: number; iv: number } | null = null;
    for (const strike of strikes) {
      const call = ivAt(byKey, strike, 'CE', minute);
      const put = ivAt(byKey, strike, 'PE', minute);
      if (call === null || put === null) continue;
      if (best === null || Math.abs(strike * 100 - spotPaise) < Math.abs(best.strike * 100 - spotPaise)) best = { strike, iv: Math.round(((call + put) / 2) * 100) / 100 };
    }
    answer.strike.push(best?.strike ?? null);
    answer.iv.push(best?.iv ?? null);
  }
  return answer;
}

/** A smile by brute force over every contract seeded: each strike within 10 % of the level with a call or a put priced at or before `minute`. */
function smileByHand(contracts: Contract[], spot: number, minute: number): { strikes: number[]; call_iv: (number | null)[]; put_iv: (number | null)[] } {
  const byKey = new Map(contracts.map((contract) => [`${contract.strike}${contract.type}`, contract]));
  const smile: { strikes: number[]; call_iv: (number | null)[]; put_iv: (number | null)[] } = { strikes: [], call_iv: [], put_iv: [] };
  for (const strike of [...new Set(contracts.map((contract) => contract.strike))].sort((a, b) => a - b)) {
    const [call, put] = [ivAt(byKey, strike, 'CE', minute), ivAt(byKey, strike, 'PE', minute)];
    if (Math.abs(strike - spot) > spot * 0.1 || (call === null && put === null)) continue;
    smile.strikes.push(strike);
    smile.call_iv.push(call);
    smile.put_iv.push(put);
  }
  return smile;
}

/** `db`, noting the strikes each read of the recorded days' option arrays asked for ([low, high] paise). */
function noting(db: Queryable): { db: Queryable; strikeRanges: unknown[][]; wholeDayReads: number } {
  const noted = { db, strikeRanges: [] as unknown[][], wholeDayReads: 0 };
  noted.db = {
    ...db,
    query: (sql, params, options) => {
      if (sql.includes('FROM history_recorded_option_days, unnest(minutes, close_paise, iv_bp)')) {
        noted.strikeRanges.push([params?.[3], params?.[4]]);
        // Every minute of each contract read, not only its last one at a minute (readContractsAt's DISTINCT ON).
        if (!sql.includes('DISTINCT ON')) noted.wholeDayReads += 1;
      }
      return db.query(sql, params, options);
    },
  };
  return noted;
}

const everyStrike = [1, 2_147_483_647];

describe('IV rank and IV percentile by hand', () => {
  it('counts only the days strictly below for the percentile, and has no rank without a range', () => {
    // 14 against 14, 12, 16: one day below (12), the tie not counted: 33.33 %; rank (14 − 12) / (16 − 12) = 50 %.
    expect(ivStanding(14, [14, 12, 16])).toEqual({ iv: 14, rank: 50, percentile: 33.33, low: 12, high: 16, days: 3 });
    expect(ivStanding(14, [14, 14])).toEqual({ iv: 14, rank: null, percentile: 0, low: 14, high: 14, days: 2 });
    expect(ivStanding(14, [])).toBeNull();
  });
});

describe.each(testBackends)('implied volatility charts on %s', (backend) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    token = (await signedInAccount(contractClient(server.app))).token;
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(async () => {
    await server.db.exec(
      'DELETE FROM history_option_minutes; DELETE FROM history_recorded_option_days; DELETE FROM history_index_minutes; DELETE FROM history_option_days; DELETE FROM history_imports;',
    );
  });

  async function read(operationId: 'getIvDay' | 'getIvHistory' | 'getIvSmile' | 'getIvFirstOpen', path: string, query: string) {
    const res = await server.app.inject({ method: 'GET', url: `/api/market-history/iv/${path}/?${query}`, headers: { authorization: `Bearer ${token}` } });
    assertMatchesContract(operationId, res);
    return res;
  }

  it('ranks the last day among the lookback as a hand computation does (IV rank and IV percentile)', async () => {
    await importHistory(server.db, 'NIFTY', Object.fromEntries(history.map(([day]) => [day, spotOf(day)])), bhavcopyRows());
    const res = await read('getIvHistory', 'history', 'index=NIFTY');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.dates).toEqual(history.map(([day]) => day));
    // Each day's settlement IV is the volatility it was priced at, of the near month (26 June, not the weeklies at 30 %).
    expect(body.iv).toEqual([14, 12.5, 16, 13, 15, 11, 17, 14.5]);
    expect(new Set(body.expiry)).toEqual(new Set(['2025-06-26']));
    expect(body.strike).toEqual(history.map(() => 24_000));
    expect(new Set(body.source)).toEqual(new Set(['bhavcopy']));
    expect(body.at[0]).toBe('2025-06-02T10:00:00.000Z'); // 15:30 IST
    expect(body.missing_days).toEqual(['2025-06-06']);
    expect(body.as_of).toBe('2025-06-12');
    // By hand: 14.5 against 14, 12.5, 16, 13, 15, 11, 17. Lower: 14, 12.5, 13, 11 → 4 of 7 = 57.14 %.
    // Rank: (14.5 − 11) / (17 − 11) = 58.33 %.
    expect(body.standing).toEqual({ iv: 14.5, rank: 58.33, percentile: 57.14, low: 11, high: 17, days: 7 });

    // A week back from 12 June: 9, 10 and 11 June (15, 11, 17). Lower: 11 → 1 of 3 = 33.33 %; rank (14.5 − 11) / 6.
    const week = (await read('getIvHistory', 'history', 'index=NIFTY&lookback_days=7')).json();
    expect(week.dates).toEqual(['2025-06-09', '2025-06-10', '2025-06-11', '2025-06-12']);
    expect(week.standing).toEqual({ iv: 14.5, rank: 58.33, percentile: 33.33, low: 11, high: 17, days: 3 });

    // Up to 10 June: 11 % is the lowest of all: rank 0, percentile 0.
    const tenth = (await read('getIvHistory', 'history', 'index=NIFTY&to=2025-06-10')).json();
    expect(tenth.standing).toEqual({ iv: 11, rank: 0, percentile: 0, low: 11, high: 16, days: 5 });
  });

  it('reads a recorded day at its last minute with the IVs the recorder stored, and ranks a simulated day among simulated days only', async () => {
    await importHistory(server.db, 'NIFTY', Object.fromEntries(history.map(([day]) => [day, spotOf(day)])), bhavcopyRows());
    const minutes = [555, 556, 557];
    const atm = (type: 'CE' | 'PE', ivBp: number[]): Contract => ({ strike: 24_100, type, minutes, close: [120, 121, 122], ivBp });
    // 13 June recorded from a live feed: at 09:17 the index is 24,090, ATM 24,100 (call 15.00 %, put 16.00 %): 15.5.
    await recordedDay(server.db, 'NIFTY', '2025-06-13', '2025-06-26', 'recorded', () => 24_090, [atm('CE', [1400, 1450, 1500]), atm('PE', [1500, 1550, 1600])], minutes);
    const real = (await read('getIvHistory', 'history', 'index=NIFTY')).json();
    expect(real.dates.at(-1)).toBe('2025-06-13');
    expect([real.iv.at(-1), real.source.at(-1), real.strike.at(-1), real.at.at(-1)]).toEqual([15.5, 'recorded', 24_100, '2025-06-13T03:48:00.000Z']);
    // 15.5 against the eight bhavcopy days: lower 14, 12.5, 13, 15, 11, 14.5 → 6 of 8 = 75 %; rank (15.5 − 11) / 6 = 75 %.
    expect(real.standing).toEqual({ iv: 15.5, rank: 75, percentile: 75, low: 11, high: 17, days: 8 });

    // 16 June simulated: no real day is ranked against it (one earlier simulated day, 13 June's twin, is).
    await recordedDay(server.db, 'BANKNIFTY', '2025-06-13', '2025-06-26', 'simulated', () => 24_090, [atm('CE', [2000, 2000, 2000]), atm('PE', [2000, 2000, 2000])], minutes);
    await recordedDay(server.db, 'BANKNIFTY', '2025-06-16', '2025-06-26', 'simulated', () => 24_090, [atm('CE', [2400, 2400, 2400]), atm('PE', [2600, 2600, 2600])], minutes);
    await importHistory(server.db, 'BANKNIFTY', { '2025-06-12': spotOf('2025-06-12') }, bhavcopyRows().filter((row) => row.day === '2025-06-12'));
    const simulated = (await read('getIvHistory', 'history', 'index=BANKNIFTY')).json();
    expect(simulated.source).toEqual(['bhavcopy', 'simulated', 'simulated']);
    expect(simulated.standing).toEqual({ iv: 25, rank: 100, percentile: 100, low: 20, high: 25, days: 1 });
  });

  it('answers the ATM IV of a recorded minute of the real simulator as the chain showed it for that strike', async () => {
    const open = Date.parse('2026-11-26T03:45:00Z'); // 09:15 IST, Thursday 26 November 2026
    let now = new Date(open - 15_000);
    const clock = () => now;
    const market = createMarketService({ db: server.db, clock, seed: seedOf('iv-charts'), demo: true, tickMs: 1000 });
    const recording = createMarketRecorder({ db: server.db, clock, source: 'simulated', retentionDays: 30, ...simulatorRecording(market) });
    const { expiries } = await market.expiries('NIFTY', now);
    const expiry = expiries[0]!.date;
    let chain: Awaited<ReturnType<typeof market.instruments>>['instruments'] = [];
    let atLastPass: { spot: number; quotes: Record<string, { iv?: number | null }> } | null = null;
    for (let ms = open - 15_000; ms <= open + 2 * minuteMs; ms += 15_000) {
      now = new Date(ms);
      await market.tick(now);
      await recording.pass(now);
      // 09:16:45, the last pass of 09:16: what the chain shows as that minute closes.
      if (ms === open + minuteMs + 45_000) {
        const spot = (await market.quotes(['NSE:NIFTY 50']))['NSE:NIFTY 50']!.last_price;
        chain = (await market.instruments('NIFTY', expiry, now)).instruments;
        atLastPass = { spot, quotes: await market.quotes(chain.map((row) => `NFO:${row.tradingsymbol}`)) };
      }
    }
    const { spot, quotes } = atLastPass!;
    const strike = chain.map((row) => row.strike).sort((a, b) => Math.abs(a - spot) - Math.abs(b - spot) || a - b)[0]!;
    const chainIv = (type: 'CE' | 'PE') => quotes[`NFO:${chain.find((row) => row.strike === strike && row.instrument_type === type)!.tradingsymbol}`]!.iv;

    const res = await read('getIvDay', 'day', `index=NIFTY&day=2026-11-26&expiry=${expiry}`);
    expect(res.statusCode).toBe(200);
    const day = res.json();
    const at = day.minutes.indexOf('09:16');
    expect(at).toBeGreaterThanOrEqual(0);
    expect(day.strike[at]).toBe(strike);
    expect(day.spot[at]).toBe(spot);
    expect([day.call_iv[at], day.put_iv[at]]).toEqual([chainIv('CE'), chainIv('PE')]);
    expect(day.iv[at]).toBe(Math.round(((chainIv('CE')! + chainIv('PE')!) / 2) * 100) / 100);
    expect(day.source[at]).toBe('simulated');
    expect(day.expiries).toContain(expiry);
  }, 120_000); // A real simulator priced pass by pass: tens of seconds on a loaded shared machine.

  it('solves a broker candle’s IV as the chain would, shows a minute without the index as a gap, and draws the smile now against earlier', async () => {
    const day = '2025-06-13';
    const expiry = '2025-06-26';
    const { rows } = await server.db.query<{ id: number }>(
      `INSERT INTO history_imports (kind, file_name, sha256, first_day, last_day, row_count, uploaded_by, imported_at)
       VALUES ('option_minutes', 'upstox', $1, $2::date, $2::date, 1, NULL, now()) RETURNING id`,
      ['e'.repeat(64), day],
    );
    const importId = rows[0]!.id;
    const at = (minute: number) => new Date(Date.parse(`${day}T00:00:00+05:30`) + minute * minuteMs).toISOString();
    const spot = 24_020;
    const sigma = (minute: number, strike: number) => 0.12 + (minute - 600) * 0.001 + Math.abs(strike - 24_000) * 0.00005;
    const price = (type: 'CE' | 'PE', strike: number, minute: number) => {
      const years = yearsToExpiry(Date.parse(at(minute)) + minuteMs, expiryInstantMs(expiry, '15:30'));
      return black76Price({ kind: type, forward: forwardFromSpot(spot, exchangeIvRate, years), strike, years, rate: exchangeIvRate, volatility: sigma(minute, strike) });
    };
    const candles: [number, 'CE' | 'PE', number, number][] = [];
    for (const minute of [600, 601, 602, 603]) for (const strike of [23_900, 24_000, 24_100]) for (const type of ['CE', 'PE'] as const) candles.push([strike, type, minute, price(type, strike, minute)]);
    await server.db.query(
      `INSERT INTO history_option_minutes (index_name, trade_date, expiry, strike_paise, option_type, minute, open_paise, high_paise, low_paise, close_paise,
         volume, open_interest, source, import_id)
       SELECT 'NIFTY', $1::date, $2::date, s, t, m, c, c, c, c, 10, 100, 'upstox', $3 FROM unnest($4::integer[], $5::text[], $6::timestamptz[], $7::integer[]) AS x (s, t, m, c)`,
      [day, expiry, importId, candles.map((c) => c[0] * 100), candles.map((c) => c[1]), candles.map((c) => at(c[2])), candles.map((c) => Math.round(c[3] * 100))],
    );
    // The index's minutes, imported, but not 10:02 (602): that minute is a gap.
    await server.db.query(
      `INSERT INTO history_index_minutes (index_name, minute, trade_date, open_paise, high_paise, low_paise, close_paise, import_id, source)
       SELECT 'NIFTY', m, $1::date, $2, $2, $2, $2, $3, 'imported' FROM unnest($4::timestamptz[]) AS x (m)`,
      [day, spot * 100, importId, [600, 601, 603].map(at)],
    );
    const series = (await read('getIvDay', 'day', `index=NIFTY&day=${day}`)).json();
    expect(series.expiry).toBe(expiry);
    expect(series.minutes).toEqual(['10:00', '10:01', '10:02', '10:03']);
    expect(series.iv).toEqual([12, 12.1, null, 12.3]);
    expect(series.source).toEqual(['upstox', 'upstox', null, 'upstox']);
    expect(series.strike).toEqual([24_000, 24_000, null, 24_000]);
    expect(series.as_of).toBe('2025-06-13T04:34:00.000Z'); // the end of 10:03 IST
    expect(series.settlement).toBeNull();

    const smile = (await read('getIvSmile', 'smile', `index=NIFTY&expiry=${expiry}&at=${day}T10:03&against=${day}T10:00`)).json();
    expect(smile.now).toMatchObject({ asked: `${day}T10:03`, at: '2025-06-13T04:34:00.000Z', source: 'upstox', spot, strikes: [23_900, 24_000, 24_100] });
    expect(smile.now.call_iv).toEqual([12.8, 12.3, 12.8]);
    expect(smile.now.put_iv).toEqual([12.8, 12.3, 12.8]);
    expect(smile.earlier.call_iv).toEqual([12.5, 12, 12.5]);
    // A minute the index has no level at: no smile, not one drawn from another minute's level.
    const gap = (await read('getIvSmile', 'smile', `index=NIFTY&expiry=${expiry}&at=${day}T10:02`)).json();
    expect(gap.now).toMatchObject({ at: null, strikes: [], source: null });

    // Without an expiry (the volatility screen asks its day and its smile at once): the expiry and day the day's
    // read defaults to, at its close; at a minute, that day's nearest expiry.
    const first = (await read('getIvSmile', 'smile', 'index=NIFTY')).json();
    expect(first).toMatchObject({ expiry: series.expiry, now: { asked: day, at: '2025-06-13T04:34:00.000Z', strikes: [23_900, 24_000, 24_100] } });
    expect(first.now.call_iv).toEqual([12.8, 12.3, 12.8]);
    const atMinute = (await read('getIvSmile', 'smile', `index=NIFTY&at=${day}T10:00`)).json();
    expect(atMinute).toMatchObject({ expiry, now: { asked: `${day}T10:00`, strikes: [23_900, 24_000, 24_100] } });
    expect(atMinute.now.call_iv).toEqual([12.5, 12, 12.5]);
  });

  it('keeps a whole recorded day of a chain within 50 KB gzip (the day and the smile)', async () => {
    const minutes = Array.from({ length: 375 }, (_, n) => 555 + n);
    const contracts: Contract[] = [];
    for (let strike = 22_000; strike <= 26_000; strike += 50) {
      for (const type of ['CE', 'PE'] as const) {
        contracts.push({ strike, type, minutes, close: minutes.map((m) => 100 + ((m * 7 + strike) % 50)), ivBp: minutes.map((m) => 1200 + ((m * 13 + strike) % 300)) });
      }
    }
    await recordedDay(server.db, 'NIFTY', '2025-06-13', '2025-06-26', 'recorded', (m) => 24_000 + ((m * 37) % 200) - 100, contracts, minutes);
    const day = await read('getIvDay', 'day', 'index=NIFTY&day=2025-06-13&expiry=2025-06-26');
    expect(day.json().minutes).toHaveLength(375);
    expect(day.json().iv.every((iv: number | null) => iv !== null)).toBe(true);
    const smile = await read('getIvSmile', 'smile', 'index=NIFTY&expiry=2025-06-26&at=2025-06-13T15:29&against=2025-06-13T09:15');
    expect(smile.json().now.strikes.length).toBeGreaterThan(80);
    for (const res of [day, smile]) expect(gzipSync(res.body).length).toBeLessThanOrEqual(50 * 1024);
  });

  it('answers the screen’s first open in one request, each part as its own read answers it', async () => {
    await importHistory(server.db, 'NIFTY', Object.fromEntries(history.map(([day]) => [day, spotOf(day)])), bhavcopyRows());
    const first = await read('getIvFirstOpen', 'first-open', 'index=NIFTY');
    expect(first.statusCode).toBe(200);
    const parts = first.json();
    expect(parts.history.dates.length).toBeGreaterThan(0);
    expect(parts.smile.now).not.toBeNull();
    expect(parts.history).toEqual((await read('getIvHistory', 'history', 'index=NIFTY&lookback_days=365')).json());
    expect(parts.day).toEqual((await read('getIvDay', 'day', 'index=NIFTY')).json());
    expect(parts.smile).toEqual((await read('getIvSmile', 'smile', 'index=NIFTY')).json());
    const expiry = parts.day.expiries.at(-1);
    const chosen = (await read('getIvFirstOpen', 'first-open', `index=NIFTY&expiry=${expiry}`)).json();
    expect(chosen.day).toEqual((await read('getIvDay', 'day', `index=NIFTY&expiry=${expiry}`)).json());
    expect(chosen.smile).toEqual((await read('getIvSmile', 'smile', `index=NIFTY&expiry=${expiry}`)).json());
    // A refusal of a part is the whole answer's: the screen then asks each part for itself.
    const refused = await read('getIvFirstOpen', 'first-open', 'index=NIFTY&expiry=2000-01-06');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.text.code).toBe('history.iv_expiry_before_day');
  });

  it('reads a day’s ATM IV from the strikes near the index only, and answers as every strike does on a day the index moves 10 %', async () => {
    const spot = (minute: number) => 24_000 + (minute - 555) * 6.7; // 24,000 at 09:15, 26,506 at 15:29
    const contracts = chainOf(strikesFrom(22_000, 28_000, 50), () => session);
    await recordedDay(server.db, 'NIFTY', '2025-06-13', '2025-06-26', 'recorded', spot, contracts, session);
    const { db, strikeRanges } = noting(server.db);
    const day = await ivDay(db, 'NIFTY', '2025-06-13', '2025-06-26');
    const byHand = atmByHand(contracts, spot);
    expect(day.minutes).toHaveLength(375);
    expect(day.strike).toEqual(byHand.strike);
    expect(day.iv).toEqual(byHand.iv);
    expect([day.strike[0], day.strike.at(-1)]).toEqual([24_000, 26_500]);
    // One read, of a band of the chain: neither its lowest strike nor its highest.
    expect(strikeRanges).toHaveLength(1);
    expect(strikeRanges[0]![0]).toBeGreaterThan(22_000 * 100);
    expect(strikeRanges[0]![1]).toBeLessThan(28_000 * 100);
  });

  it('reads every strike when the nearest priced pair may lie outside the band: the answer is every strike’s', async () => {
    // 24,000 at 09:15 to 25,000 at 15:29: strikes from 23,760 (1 % below the lowest level) are read first. Until
    // noon 23,800 to 24,250 have no put: at 09:15 the band's nearest pair is 24,300 (300 away), but 23,750,
    // outside the band, is 250 away, and is the ATM strike.
    const spot = (minute: number) => 24_000 + ((minute - 555) * 1000) / 374;
    const unpriced = (strike: number, type: 'CE' | 'PE') => type === 'PE' && strike >= 23_800 && strike <= 24_250;
    const contracts = chainOf(strikesFrom(22_000, 28_000, 50), (strike, type) => (unpriced(strike, type) ? session.filter((minute) => minute >= 720) : session));
    await recordedDay(server.db, 'NIFTY', '2025-06-13', '2025-06-26', 'recorded', spot, contracts, session);
    const { db, strikeRanges } = noting(server.db);
    const day = await ivDay(db, 'NIFTY', '2025-06-13', '2025-06-26');
    const byHand = atmByHand(contracts, spot);
    expect(day.strike).toEqual(byHand.strike);
    expect(day.iv).toEqual(byHand.iv);
    expect(day.strike[0]).toBe(23_750);
    expect(strikeRanges).toHaveLength(2);
    expect(strikeRanges[1]).toEqual(everyStrike);

    // No pair in the band at all (the index at 24,000 all day, 23,800 to 24,200 calls only): the nearest outside,
    // 23,750 and 24,250 both 250 away, the lower.
    await server.db.exec('DELETE FROM history_recorded_option_days; DELETE FROM history_index_minutes; DELETE FROM history_imports;');
    const calls = chainOf(strikesFrom(23_000, 25_000, 50), (strike, type) => (type === 'PE' && strike >= 23_800 && strike <= 24_200 ? [] : session));
    await recordedDay(server.db, 'NIFTY', '2025-06-13', '2025-06-26', 'recorded', () => 24_000, calls, session);
    const flat = noting(server.db);
    const callsDay = await ivDay(flat.db, 'NIFTY', '2025-06-13', '2025-06-26');
    expect(callsDay.strike).toEqual(atmByHand(calls, () => 24_000).strike);
    expect(callsDay.iv).toEqual(atmByHand(calls, () => 24_000).iv);
    expect(new Set(callsDay.strike)).toEqual(new Set([23_750]));
    expect(flat.strikeRanges.at(-1)).toEqual(everyStrike);
  });

  it('reads a smile from the contracts it shows at its minute, and answers as every contract’s day does', async () => {
    const day = '2025-06-13';
    const expiry = '2025-06-26';
    // The index at 24,000: the smile shows 21,600 to 26,400. Prices to 15:20, but 27,000's call to 15:29 (so the
    // day closes at 15:29), and 23,500's put to 11:40 only.
    const contracts = chainOf(strikesFrom(21_000, 27_000, 100), (strike, type) => {
      if (strike === 27_000 && type === 'CE') return session;
      if (strike === 23_500 && type === 'PE') return session.filter((minute) => minute <= 700);
      return session.filter((minute) => minute <= 920);
    });
    await recordedDay(server.db, 'NIFTY', day, expiry, 'recorded', () => 24_000, contracts, session);
    // A broker's candle of 24,000's call at 12:00 too: read before the recorded minute (its IV 30 %).
    const { rows } = await server.db.query<{ id: number }>(
      `INSERT INTO history_imports (kind, file_name, sha256, first_day, last_day, row_count, uploaded_by, imported_at)
       VALUES ('option_minutes', 'upstox', $1, $2::date, $2::date, 1, NULL, now()) RETURNING id`,
      ['f'.repeat(64), day],
    );
    await server.db.query(
      `INSERT INTO history_option_minutes (index_name, trade_date, expiry, strike_paise, option_type, minute, open_paise, high_paise, low_paise, close_paise,
         volume, open_interest, source, import_id, iv_bp)
       VALUES ('NIFTY', $1::date, $2::date, 2400000, 'CE', $3, 15000, 15000, 15000, 15000, 10, 100, 'upstox', $4, 3000)`,
      [day, expiry, `${day}T12:00:00+05:30`, rows[0]!.id],
    );
    const { db, strikeRanges } = noting(server.db);
    const smile = await ivSmile(db, 'NIFTY', expiry, `${day}T12:00`, `${day}T09:30`);
    const noon = smileByHand(contracts, 24_000, 720);
    noon.call_iv[noon.strikes.indexOf(24_000)] = 30;
    expect(smile.now).toMatchObject({ at: '2025-06-13T06:31:00.000Z', spot: 24_000, ...noon });
    expect(smile.earlier).toMatchObject({ at: '2025-06-13T04:01:00.000Z', ...smileByHand(contracts, 24_000, 570) });

    const close = await ivSmile(db, 'NIFTY', expiry, day, null);
    expect(close.now).toMatchObject({ at: '2025-06-13T10:00:00.000Z', ...smileByHand(contracts, 24_000, 929) });
    // Only the band's strikes were read, never the whole chain's.
    expect(strikeRanges.length).toBeGreaterThan(0);
    for (const [low, high] of strikeRanges as [number, number][]) expect([low >= 21_500 * 100, high <= 26_500 * 100]).toEqual([true, true]);
  });

  it('reads each recorded day of the lookback at its last minute only, its point the one the day’s own chart ends on; a sparse close read whole', async () => {
    // Three recorded days of the near month (26 June), the index moving through each: every contract priced all day.
    const days = ['2025-06-16', '2025-06-17', '2025-06-18'];
    const spotOn = (day: string) => (minute: number) => 24_000 + Number(day.slice(8)) * 20 + (minute - 555) * 1.3;
    for (const day of days) await recordedDay(server.db, 'NIFTY', day, '2025-06-26', 'recorded', spotOn(day), chainOf(strikesFrom(22_000, 27_000, 50), () => session), session);
    // A fourth with no put from 23,900 to 25,500 all day: its ATM pair at 15:29 (the index at 24,866) lies outside the band.
    const sparse = '2025-06-19';
    const sparseContracts = chainOf(strikesFrom(22_000, 27_000, 50), (strike, type) => (type === 'PE' && strike >= 23_900 && strike <= 25_500 ? [] : session));
    await recordedDay(server.db, 'NIFTY', sparse, '2025-06-26', 'recorded', spotOn(sparse), sparseContracts, session);

    const noted = noting(server.db);
    const history = await ivHistory(noted.db, 'NIFTY', null, 365);
    expect(history.dates).toEqual([...days, sparse]);
    for (const [n, day] of [...days, sparse].entries()) {
      const own = await ivDay(server.db, 'NIFTY', day, '2025-06-26');
      const last = own.iv.findLastIndex((iv) => iv !== null);
      expect(own.minutes[last]).toBe('15:29');
      expect([history.iv[n], history.strike[n], history.at[n]]).toEqual([own.iv[last], own.strike[last], `${day}T10:00:00.000Z`]);
    }
    // The sparse close's strike: the nearest pair over every strike, outside the band.
    expect(history.strike[3]).toBe(25_550);
    // One whole day read (two: the band first, then every strike): the sparse one's; the three others one minute each.
    expect(noted.wholeDayReads).toBe(2);
    expect(noted.strikeRanges.at(-1)).toEqual(everyStrike);
  });

  it('refuses bad input with a 400 naming the field, never a 500', async () => {
    const refusals: ['getIvDay' | 'getIvHistory' | 'getIvSmile', string, string, string][] = [
      ['getIvDay', 'day', 'index=SENSEX', 'index'],
      ['getIvDay', 'day', 'day=2025-06-13', 'index'],
      ['getIvDay', 'day', 'index=NIFTY&day=2025-13-40', 'day'],
      ['getIvDay', 'day', 'index=NIFTY&day=2025-06-13&expiry=2025-06-12', 'expiry'],
      ['getIvHistory', 'history', 'index=NIFTY&lookback_days=3', 'lookback_days'],
      ['getIvHistory', 'history', 'index=NIFTY&lookback_days=731', 'lookback_days'],
      ['getIvSmile', 'smile', 'expiry=2025-06-26', 'index'],
      ['getIvSmile', 'smile', 'index=NIFTY&expiry=2025-06-26&at=13-06-2025', 'at'],
      ['getIvSmile', 'smile', 'index=NIFTY&expiry=2025-06-26&at=2025-06-13T16:00', 'at'],
      ['getIvSmile', 'smile', 'index=NIFTY&expiry=2025-06-26&at=2025-06-27', 'expiry'],
    ];
    for (const [operationId, path, query, field] of refusals) {
      const res = await read(operationId, path, query);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      expect(JSON.stringify(res.json())).toContain(field);
    }
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/market-history/iv/day/?index=NIFTY' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers empty series, not an error, where history holds nothing', async () => {
    const day = (await read('getIvDay', 'day', 'index=NIFTY')).json();
    expect(day).toMatchObject({ day: null, as_of: null, minutes: [], settlement: null });
    const past = (await read('getIvHistory', 'history', 'index=NIFTY')).json();
    expect(past).toMatchObject({ dates: [], standing: null, as_of: null });
    const smile = (await read('getIvSmile', 'smile', 'index=NIFTY')).json();
    expect(smile).toEqual({ index: 'NIFTY', expiry: null, now: null, earlier: null });
  });
});
