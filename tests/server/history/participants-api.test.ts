// NSE's participant-wise open interest end to end on a real server: imported like a bhavcopy (several at
// once, zipped or not), a re-import changing nothing, a damaged file refused with its line and column and
// nothing stored, the coverage's participant days, the series route (dates, gaps, counts, the source), its
// size for a year, and its refusals.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInAccount } from '../support/accounts.ts';
import { assertMatchesContract, contractClient } from '../support/contract-client.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { august28, participantFile, withFiiIndexLong } from './participant-file.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const realName = 'fao_participant_oi_28082026.csv';

let server: TestServer;
let token: string;
let otherToken: string;

beforeAll(async () => {
  // A clock after the files' days (August 2026): a day after today is refused (issue 61).
  server = await startTestServer({ clock: manualClock(new Date('2026-09-01T04:00:00Z')) });
  const call = contractClient(server.app);
  token = (await signedInAccount(call)).token;
  otherToken = (await signedInAccount(call)).token;
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  await server.db.exec('DELETE FROM history_participant_oi; DELETE FROM history_imports;');
});

async function send(operationId: string, options: InjectOptions) {
  const res = await server.app.inject(options);
  assertMatchesContract(operationId, res);
  return res;
}

type Upload = { name: string; data: Buffer | string; type?: string };

function upload(files: Upload[], bearer = token) {
  const boundary = '----participants-boundary';
  const chunks = files.flatMap((file) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n`),
    Buffer.from(file.data),
    Buffer.from('\r\n'),
  ]);
  return send('importMarketHistory', {
    method: 'POST',
    url: '/api/market-history/imports/',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
  });
}

const series = (query = '') =>
  send('getParticipantOpenInterest', { method: 'GET', url: `/api/market-history/participants/${query}`, headers: { authorization: `Bearer ${token}` } });

const stored = async () =>
  (
    await server.db.query<{ day: string; participant: string; fil: number; import_id: number }>(
      `SELECT to_char(trade_date, 'YYYY-MM-DD') AS day, participant, future_index_long AS fil, import_id FROM history_participant_oi ORDER BY trade_date, participant`,
    )
  ).rows;

describe('importing participant-wise open interest', () => {
  it('imports the real file and its ZIP in one request, one day of four participants', async () => {
    const res = await upload([
      { name: realName, data: fixture(realName) },
      { name: `${realName}.zip`, data: fixture(`${realName}.zip`), type: 'application/zip' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().files).toEqual([
      { file_name: realName, status: 'imported', kind: 'participant_oi', days: ['2026-08-28'], rows: 4, skipped_rows: 0 },
      { file_name: `${realName}.zip/${realName}`, status: 'imported', kind: 'participant_oi', days: ['2026-08-28'], rows: 4, skipped_rows: 0 },
    ]);
    expect((await stored()).map((row) => [row.participant, row.fil])).toEqual([
      ['Client', 240128],
      ['DII', 43377],
      ['FII', 24157],
      ['Pro', 41362],
    ]);
  });

  it('is idempotent, and a corrected file replaces its day', async () => {
    const day = participantFile('2026-08-27', withFiiIndexLong(30000));
    await upload([{ name: day.name, data: day.text }]);
    await upload([{ name: day.name, data: day.text }]);
    expect((await stored()).map((row) => row.fil)).toEqual([240128, 43377, 30000, 41362]);
    const corrected = participantFile('2026-08-27', withFiiIndexLong(31000));
    await upload([{ name: corrected.name, data: corrected.text }], otherToken);
    const rows = await stored();
    expect(rows.find((row) => row.participant === 'FII')?.fil).toBe(31000);
    expect(new Set(rows.map((row) => row.import_id)).size).toBe(1);
    // The replaced imports are forgotten: only the correction is the source of anything.
    const { rows: imports } = await server.db.query<{ count: number }>('SELECT count(*)::integer AS count FROM history_imports');
    expect(imports[0]?.count).toBe(1);
  });

  it('refuses a damaged file with its line and column (422 import_refused), storing nothing of it', async () => {
    const good = participantFile('2026-08-27');
    const damaged = { name: realName, data: fixture(realName).toString('utf8').replace('Pro,41362,35901', 'Pro,41362,35.9O1') };
    const res = await upload([{ name: good.name, data: good.text }, damaged]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'import_refused',
      message: `${realName}: line 6: Future Index Short "35.9O1" is not a whole number`,
      details: {
        files: [
          { file_name: good.name, status: 'imported' },
          { file_name: realName, status: 'refused', problems: [{ line: 6, reason_i18n: { code: 'history.not_a_whole_number', params: { column: 'Future Index Short' } } }] },
        ],
      },
    });
    expect([...new Set((await stored()).map((row) => row.day))]).toEqual(['2026-08-27']);
  });

  it('shows participant days in the coverage, with the trading days missing between them', async () => {
    for (const day of ['2026-08-24', '2026-08-26', '2026-08-28']) {
      const file = participantFile(day);
      await upload([{ name: file.name, data: file.text }]);
    }
    const coverage = await send('getMarketHistoryCoverage', { method: 'GET', url: '/api/market-history/coverage/', headers: { authorization: `Bearer ${token}` } });
    expect(coverage.json().participants).toEqual({ first_day: '2026-08-24', last_day: '2026-08-28', days: ['2026-08-24', '2026-08-26', '2026-08-28'], gaps: ['2026-08-25', '2026-08-27'] });
  });

  it('deletes the days one imported with every index, and keeps another trader\'s', async () => {
    const mine = participantFile('2026-08-27');
    await upload([{ name: mine.name, data: mine.text }]);
    await upload([{ name: realName, data: fixture(realName) }], otherToken);
    const kept = await send('deleteMarketHistoryDays', { method: 'DELETE', url: '/api/market-history/days/?from=2026-08-27&to=2026-08-28&index=NIFTY', headers: { authorization: `Bearer ${token}` } });
    expect(kept.json().participant_days).toBe(0);
    const res = await send('deleteMarketHistoryDays', { method: 'DELETE', url: '/api/market-history/days/?from=2026-08-27&to=2026-08-28', headers: { authorization: `Bearer ${token}` } });
    expect(res.json()).toMatchObject({ participant_days: 1 });
    expect([...new Set((await stored()).map((row) => row.day))]).toEqual(['2026-08-28']);
  });
});

describe('the participants series', () => {
  it("answers each participant's long and short by day, the gaps, the source and the as-of day", async () => {
    // Monday 24 and Friday 28 Aug 2026, with Wednesday 26 missing (Tuesday 25 and Thursday 27 too).
    for (const [day, fiiLong] of [['2026-08-24', 20000], ['2026-08-28', august28.FII[0]]] as const) {
      const file = participantFile(day, withFiiIndexLong(fiiLong as number));
      await upload([{ name: file.name, data: file.text }]);
    }
    const res = await series();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ source: 'imported', publisher: 'NSE', from: '2025-08-28', to: '2026-08-28', as_of: '2026-08-28', dates: ['2026-08-24', '2026-08-28'], missing_days: ['2026-08-25', '2026-08-26', '2026-08-27'] });
    expect(body.participants.map((entry: { participant: string }) => entry.participant)).toEqual(['Client', 'DII', 'FII', 'Pro']);
    const fii = body.participants[2];
    expect(fii.future_index).toEqual({ long: [20000, 24157], short: [226790, 226790] });
    expect(fii.option_index_call).toEqual({ long: [536783, 536783], short: [766803, 766803] });
    expect(fii.option_index_put).toEqual({ long: [1018674, 1018674], short: [424314, 424314] });
    expect(fii.future_stock).toEqual({ long: [3433551, 3433551], short: [2884325, 2884325] });
    expect(fii.option_stock_put).toEqual({ long: [163476, 163476], short: [86926, 86926] });
    // A range: only its days.
    expect((await series('?from=2026-08-25&to=2026-08-31')).json()).toMatchObject({ dates: ['2026-08-28'], missing_days: [], as_of: '2026-08-28' });
  });

  it('answers empty series before any file is imported', async () => {
    const body = (await series()).json();
    expect(body).toMatchObject({ source: 'imported', publisher: 'NSE', from: null, to: null, as_of: null, dates: [], missing_days: [] });
    expect(body.participants[0]).toEqual({ participant: 'Client', ...Object.fromEntries(['future_index', 'future_stock', 'option_index_call', 'option_index_put', 'option_stock_call', 'option_stock_put'].map((group) => [group, { long: [], short: [] }])) });
  });

  it('keeps a year within 50 KB gzip', async () => {
    // A year of weekdays written straight to the table (importing 260 files would only be slower).
    const { rows } = await server.db.query<{ id: number }>(
      `INSERT INTO history_imports (kind, file_name, sha256, first_day, last_day, row_count, uploaded_by, imported_at)
       VALUES ('participant_oi', 'year', repeat('a', 64), '2025-09-01', '2026-08-28', 1040, (SELECT min(id) FROM users), now()) RETURNING id`,
    );
    await server.db.query(
      `INSERT INTO history_participant_oi
       SELECT d::date, p, ${Array.from({ length: 12 }, (_, i) => `(base * (0.9 + 0.2 * v[${i + 1}]))::integer`).join(', ')}, $1::integer
       FROM generate_series('2025-09-01'::date, '2026-08-28'::date, '1 day') AS d
       CROSS JOIN (VALUES ('Client', 3000000), ('DII', 400000), ('FII', 2000000), ('Pro', 900000)) AS t(p, base)
       CROSS JOIN LATERAL (SELECT array_agg(random()) AS v FROM generate_series(1, 12 + (extract(day FROM d)::integer * 0) + (base * 0))) r
       WHERE extract(isodow FROM d) < 6`,
      [rows[0]?.id],
    );
    const res = await server.app.inject({ method: 'GET', url: '/api/market-history/participants/', headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
    expect(body.dates.length).toBeGreaterThan(250);
    // Counts varying ±10 % at random every day: noisier than NSE's, so no smaller to compress.
    expect(res.rawPayload.length).toBeLessThan(50 * 1024);
  });

  it('refuses a range backwards or longer than a year (400 naming the field), and answers 401 without a session', async () => {
    expect((await series('?from=2026-08-28&to=2026-08-01')).json()).toMatchObject({ code: 'validation_failed', message: 'from: must not be after to' });
    const long = await series('?from=2025-01-01&to=2026-08-28');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'validation_failed', message: expect.stringMatching(/^to: at most 366 days/), details: { text: { code: 'history.participant_range_too_long', params: { limit: 366 } } } });
    expect((await series('?from=28-08-2026')).statusCode).toBe(400);
    const anonymous = await send('getParticipantOpenInterest', { method: 'GET', url: '/api/market-history/participants/' });
    expect(anonymous.statusCode).toBe(401);
  });
});
