// A day of the OI charts on the wire (issue 40: ≤ 50 KB gzip a day): a NIFTY expiry recorded for a whole session
// (101 strikes, calls and puts, 375 minutes each, the recorder's compacted layout), its previous day, and a
// bhavcopy month of days before, read at the finest bucket (1 minute) with the most strikes a chart takes (8),
// and across days; OI varying at random every minute, noisier than a real chain, so no smaller to compress.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../support/accounts.ts';
import { contractClient } from '../support/contract-client.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const day = '2026-10-05';
const expiry = '2026-10-27';

let server: TestServer;
let token: string;

/** A history_imports row for rows inserted by hand below (each import's digest made of one letter); its id. */
async function importRow(kind: string, fileName: string, letter: string, firstDay: string, lastDay: string): Promise<number> {
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO history_imports (kind, file_name, sha256, first_day, last_day, row_count, imported_at)
     VALUES ($1, $2, repeat($3, 64), $4, $5, 0, now()) RETURNING id`,
    [kind, fileName, letter, firstDay, lastDay],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  server = await startTestServer();
  token = (await signedInAccount(contractClient(server.app))).token;
  const imported = await importRow('recorded', `recording-recorded-${day}`, 'b', '2026-10-01', day);
  // Two recorded days (1 and 5 October), each contract's 375 minutes from 09:15 (555) with OI drifting at random.
  await server.db.query(
    `INSERT INTO history_recorded_option_days (index_name, trade_date, expiry, strike_paise, option_type, source, minutes, open_paise, high_paise,
       low_paise, close_paise, volume, open_interest, iv_bp, bid_paise, ask_paise, import_id)
     SELECT 'NIFTY', d::date, $1::date, s * 100, t, 'recorded', m.minutes, m.prices, m.prices, m.prices, m.prices, m.zeros, m.oi, m.ivs, m.prices, m.prices, $2
     FROM unnest(ARRAY['2026-10-01', '${day}']) AS d, generate_series(22500, 27500, 50) AS s, unnest(ARRAY['CE', 'PE']) AS t,
     LATERAL (SELECT array_agg(555 + i ORDER BY i)::smallint[] AS minutes, array_agg(10000 ORDER BY i) AS prices, array_agg(0 ORDER BY i) AS zeros,
                     array_agg((500000 + 100000 * random() + i * 37 + s % 997)::integer ORDER BY i) AS oi, array_agg(NULL::smallint ORDER BY i) AS ivs
              FROM generate_series(0, 374) AS i) AS m`,
    [expiry, imported],
  );
  // A month of bhavcopy days before them (every weekday of September), each strike's end-of-day OI.
  const bhavcopy = await importRow('bhavcopy_udiff', 'september', 'c', '2026-09-01', '2026-09-30');
  await server.db.query(
    `INSERT INTO history_option_days (index_name, trade_date, expiry, strike_paise, option_type, open_paise, high_paise, low_paise, close_paise,
       settle_paise, open_interest, change_in_oi, volume_contracts, import_id)
     SELECT 'NIFTY', d::date, $1::date, s * 100, t, 100, 100, 100, 100, 100, (400000 + 200000 * random())::bigint, (20000 * random() - 10000)::bigint, 10, $2
     FROM generate_series('2026-09-01'::date, '2026-09-30'::date, '1 day') AS d, generate_series(22500, 27500, 50) AS s, unnest(ARRAY['CE', 'PE']) AS t
     WHERE extract(isodow FROM d) < 6`,
    [expiry, bhavcopy],
  );
}, 120_000);

afterAll(async () => {
  await server.close();
});

const strikes = '24800,24850,24900,24950,25000,25050,25100,25150';

async function gzipped(url: string) {
  const res = await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-encoding']).toBe('gzip');
  return { bytes: res.rawPayload.length, body: JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as Record<string, unknown> };
}

describe('the OI charts on the wire', () => {
  it('keeps a whole day at 1-minute buckets with 8 strikes, and the profile of 101 strikes, within 50 KB gzip', async () => {
    const { bytes, body } = await gzipped(`/api/market-history/open-interest/?index=NIFTY&day=${day}&expiry=${expiry}&strikes=${strikes}&interval=1`);
    const intraday = body.intraday as { minutes: number[]; series: unknown[]; pcr: (number | null)[] };
    expect(intraday.minutes).toHaveLength(375);
    expect(intraday.series).toHaveLength(16);
    expect(intraday.pcr.every((value) => value !== null)).toBe(true);
    expect((body.profile as { strikes: number[] }).strikes).toHaveLength(101);
    console.info(`OI day, 1-minute buckets, 8 strikes: ${bytes} bytes gzip`);
    expect(bytes).toBeLessThan(50 * 1024);
  });

  it('keeps the expiry across days within 50 KB gzip', async () => {
    const { bytes, body } = await gzipped(`/api/market-history/open-interest/days/?index=NIFTY&expiry=${expiry}&strikes=${strikes}`);
    // 22 weekdays of September, 1 and 5 October, and the 2nd a holiday: 24 trading days.
    expect((body.dates as string[]).length).toBeGreaterThanOrEqual(24);
    console.info(`OI across days, 8 strikes: ${bytes} bytes gzip`);
    expect(bytes).toBeLessThan(50 * 1024);
  });
});

describe('a day stored long before the others', () => {
  it('opens when asked for, though the list of days keeps to the 400 days up to the last', async () => {
    // A bhavcopy day of July 2024, over two years before the recorded days above (as a trader with old NSE files
    // imported and minutes recorded since has): it was refused with 404 "no open interest stored" before.
    const old = await importRow('bhavcopy_udiff', 'july-2024', 'd', '2024-07-02', '2024-07-02');
    await server.db.query(
      `INSERT INTO history_option_days (index_name, trade_date, expiry, strike_paise, option_type, open_paise, high_paise, low_paise, close_paise,
         settle_paise, open_interest, change_in_oi, volume_contracts, import_id)
       SELECT 'NIFTY', '2024-07-02', '2024-07-04', s * 100, t, 100, 100, 100, 100, 100, 500000, 0, 10, $1
       FROM generate_series(24000, 24500, 50) AS s, unnest(ARRAY['CE', 'PE']) AS t`,
      [old],
    );
    const latest = (await gzipped('/api/market-history/open-interest/?index=NIFTY')).body as { day: string; days: { day: string }[] };
    expect(latest.day).toBe(day);
    expect(latest.days.map((listed) => listed.day)).not.toContain('2024-07-02');
    const asked = (await gzipped('/api/market-history/open-interest/?index=NIFTY&day=2024-07-02')).body as { day: string; expiry: string; days: { day: string }[]; profile: { strikes: number[] } | null };
    expect(asked.day).toBe('2024-07-02');
    expect(asked.expiry).toBe('2024-07-04');
    expect(asked.days.map((listed) => listed.day)).toContain('2024-07-02');
    expect(asked.profile?.strikes).toHaveLength(11);
  });
});

describe('a whole recorded day of a wide chain', () => {
  it('answers its 1-minute chart (801 strikes, calls and puts, 375 minutes each: 600,750 contract-minutes)', async () => {
    // A real recording holds every strike the chain listed that day: read with Math.max(...minutes), so many
    // overflowed the stack and the read answered 500.
    const wide = await importRow('recorded', 'recording-recorded-2026-10-06', 'e', '2026-10-06', '2026-10-06');
    await server.db.query(
      `INSERT INTO history_recorded_option_days (index_name, trade_date, expiry, strike_paise, option_type, source, minutes, open_paise, high_paise,
         low_paise, close_paise, volume, open_interest, iv_bp, bid_paise, ask_paise, import_id)
       SELECT 'NIFTY', '2026-10-06', $1::date, s * 100, t, 'recorded', m.minutes, m.prices, m.prices, m.prices, m.prices, m.zeros, m.oi, m.ivs, m.prices, m.prices, $2
       FROM generate_series(5000, 45000, 50) AS s, unnest(ARRAY['CE', 'PE']) AS t,
       LATERAL (SELECT array_agg(555 + i ORDER BY i)::smallint[] AS minutes, array_agg(10000 ORDER BY i) AS prices, array_agg(0 ORDER BY i) AS zeros,
                       array_agg(500000 + i ORDER BY i) AS oi, array_agg(NULL::smallint ORDER BY i) AS ivs
                FROM generate_series(0, 374) AS i) AS m`,
      [expiry, wide],
    );
    const { body } = await gzipped(`/api/market-history/open-interest/?index=NIFTY&day=2026-10-06&expiry=${expiry}&interval=1`);
    expect((body.intraday as { minutes: number[] }).minutes).toHaveLength(375);
  }, 60_000);
});
