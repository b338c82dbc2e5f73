// The PostgREST-style read API over HTTP (app.inject), on every test backend: the apikey, each operator and
// order on rows the test wrote itself, limits and counts with Content-Range, the single-object form, the
// read-only refusal, and a matrix of hostile requests that must all be 4xx in PostgREST's shape, never 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAnalyticsAnonKey } from '../../../server/config.ts';
import { maxRows } from '../../../server/services/analytics/tables.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const key = { apikey: defaultAnalyticsAnonKey };
const base = '/analytics/rest/v1';

type Row = { id: number; created_at: string; title: string; index: string | null; sentiment: string };

describe.each(testBackends)('analytics tables over HTTP, on %s', (backend) => {
  let server: TestServer;
  let ids: number[];

  const get = (path: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url: `${base}/${path}`, headers: { ...key, ...headers } });
  const titles = async (path: string) => {
    const res = await get(path);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Row[]).map((row) => row.title);
  };

  beforeAll(async () => {
    server = await startTestServer({ backend });
    // Known rows instead of the seeded ones: each operator's answer can then be written down.
    await server.db.query('DELETE FROM commentary');
    const { rows } = await server.db.query<{ id: string }>(
      `INSERT INTO commentary (created_at, title, body, "index", sentiment) VALUES
         ('2026-01-16T04:00:00Z', 'a', 'first', 'NIFTY', 'bullish'),
         ('2026-01-16T05:00:00Z', 'b', 'second', 'BANKNIFTY', 'bearish'),
         ('2026-01-16T06:00:00Z', 'c', 'third', NULL, 'neutral'),
         ('2026-01-16T07:00:00Z', 'd', 'fourth', 'SENSEX', 'bullish'),
         ('2026-01-16T08:00:00Z', 'e', 'fifth', 'NIFTY', 'neutral')
       RETURNING id`,
    );
    ids = rows.map((row) => Number(row.id));
  });

  afterAll(async () => {
    await server.close();
  });

  describe('the apikey', () => {
    it.each([
      ['missing', {}],
      ['wrong', { apikey: 'not-the-key' }],
      ['empty', { apikey: '' }],
    ])('answers 401 when it is %s', async (_label, headers) => {
      const res = await server.app.inject({ method: 'GET', url: `${base}/commentary`, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'The apikey header is missing or wrong.', code: 'PGRST301', details: null, hint: 'Send the anonymous key from /config.json as apikey.' });
    });

    it('is checked before the query, so a stranger learns nothing about the tables', async () => {
      const res = await server.app.inject({ method: 'GET', url: `${base}/users?select=password` });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('reads', () => {
    it('answer JSON newest first by default, with no-cache, the fetch time and Content-Range', async () => {
      const res = await get('commentary');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-fetched-at']).toBe(server.clock.now().toISOString());
      expect(res.headers['content-range']).toBe('0-4/*');
      const rows = res.json() as Row[];
      expect(rows.map((row) => row.title)).toEqual(['e', 'd', 'c', 'b', 'a']);
      expect(rows[0]).toEqual({ id: ids[4], created_at: expect.stringMatching(/^2026-01-16T08:00:00(\+00:00|Z)$/), title: 'e', body: 'fifth', index: 'NIFTY', sentiment: 'neutral', title_i18n: null, body_i18n: null, sample: false });
      expect(Date.parse(rows[0]!.created_at)).toBe(Date.parse('2026-01-16T08:00:00Z'));
    });

    it('are compressed when big, keeping their headers', async () => {
      const res = await server.app.inject({ method: 'GET', url: `${base}/daily_data?limit=100`, headers: { ...key, 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-fetched-at']).toBe(server.clock.now().toISOString());
      expect(res.headers['content-range']).toBe('0-99/*');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    });

    it('answer only the selected columns', async () => {
      const res = await get('commentary?select=id,title&limit=1');
      expect(res.json()).toEqual([{ id: ids[4], title: 'e' }]);
    });

    it.each([
      ['index=eq.NIFTY', ['e', 'a']],
      ['index=neq.NIFTY', ['d', 'b']],
      ['created_at=gt.2026-01-16T06:00:00Z', ['e', 'd']],
      ['created_at=gte.2026-01-16T11:30:00%2B05:30', ['e', 'd', 'c']],
      ['created_at=lt.2026-01-16T06:00:00Z', ['b', 'a']],
      ['created_at=lte.2026-01-16T06:00:00Z', ['c', 'b', 'a']],
      ['index=in.(NIFTY,SENSEX)', ['e', 'd', 'a']],
      ['index=in.("BANKNIFTY","NO,SUCH")', ['b']],
      ['index=in.()', []],
      ['index=is.null', ['c']],
      ['index=not.is.null', ['e', 'd', 'b', 'a']],
      ['index=not.in.(NIFTY,SENSEX)', ['b']],
      ['sentiment=not.eq.neutral', ['d', 'b', 'a']],
      ['index=eq.NIFTY&sentiment=eq.bullish', ['a']],
      ['created_at=gte.2026-01-16T05:00:00Z&created_at=lt.2026-01-16T07:00:00Z', ['c', 'b']],
    ])('filter %s', async (query, expected) => {
      expect(await titles(`commentary?${query}`)).toEqual(expected);
    });

    it('filter by id', async () => {
      expect(await titles(`commentary?id=eq.${ids[1]}`)).toEqual(['b']);
      expect(await titles(`commentary?id=gt.${ids[2]}&order=id.asc`)).toEqual(['d', 'e']);
    });

    it.each([
      ['order=created_at.asc', ['a', 'b', 'c', 'd', 'e']],
      ['order=index.asc.nullsfirst', ['c', 'b', 'e', 'a', 'd']],
      ['order=index.asc.nullslast', ['b', 'e', 'a', 'd', 'c']],
      ['order=index.desc.nullslast', ['d', 'e', 'a', 'b', 'c']],
      ['order=index.desc', ['c', 'd', 'e', 'a', 'b']],
      ['order=sentiment.asc,created_at.asc', ['b', 'a', 'd', 'c', 'e']],
    ])('order %s', async (query, expected) => {
      expect(await titles(`commentary?${query}`)).toEqual(expected);
    });

    it('page with limit and offset', async () => {
      expect(await titles('commentary?limit=2')).toEqual(['e', 'd']);
      const res = await get('commentary?limit=2&offset=2');
      expect(res.json().map((row: Row) => row.title)).toEqual(['c', 'b']);
      expect(res.headers['content-range']).toBe('2-3/*');
      expect(await titles('commentary?limit=0')).toEqual([]);
      expect(await titles('commentary?offset=10')).toEqual([]);
    });

    it('count with Prefer: count=exact: the total in Content-Range, 206 for part of it, 416 past the end', async () => {
      const part = await get('commentary?limit=2&offset=1', { prefer: 'count=exact' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe('1-2/5');
      const whole = await get('commentary?index=eq.NIFTY', { prefer: 'count=exact' });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-range']).toBe('0-1/2');
      const none = await get('commentary?index=eq.FINNIFTY', { prefer: 'count=exact' });
      expect(none.statusCode).toBe(200);
      expect(none.headers['content-range']).toBe('*/0');
      const past = await get('commentary?offset=9', { prefer: 'count=exact' });
      expect(past.statusCode).toBe(416);
      expect(past.json()).toMatchObject({ code: 'PGRST103', message: 'Requested range not satisfiable' });
    });

    it(`cap a read at ${maxRows} rows, and refuse a bigger limit`, async () => {
      await server.db.query(
        `INSERT INTO data (created_at, "index", symbol, spot, change, change_pct)
         SELECT timestamptz '2026-01-16T04:00:00Z' - n * interval '1 second', 'NIFTY', 'NIFTY', 26000, 0, 0 FROM generate_series(1, $1::int) AS n`,
        [maxRows + 5],
      );
      const res = await get('data?select=id', { prefer: 'count=exact' });
      expect(res.json()).toHaveLength(maxRows);
      expect(res.headers['content-range']).toMatch(new RegExp(`^0-${maxRows - 1}/\\d+$`));
      expect(Number(res.headers['content-range']!.toString().split('/')[1])).toBeGreaterThan(maxRows);
      const refused = await get(`data?limit=${maxRows + 1}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'PGRST100', message: `limit must be at most ${maxRows}, got ${maxRows + 1}` });
    });

    it('answer one object for Accept: application/vnd.pgrst.object+json, and 406 unless exactly one row', async () => {
      // NIFTY has a row for each lot size since 2021 (migration 055): the one of 30 December 2025 is one row.
      const one = await get('index_config?index=eq.NIFTY&effective_from=eq.2025-12-30', { accept: 'application/vnd.pgrst.object+json' });
      expect(one.statusCode).toBe(200);
      expect(one.headers['content-type']).toBe('application/vnd.pgrst.object+json; charset=utf-8');
      expect(one.json()).toMatchObject({ index: 'NIFTY', exchange: 'NFO', lot_size: 65, strike_step: 50, freeze_quantity: 1800, weekly_expiry_weekday: 2, monthly_expiry_weekday: 2, effective_from: '2025-12-30' });
      const many = await get('index_config', { accept: 'application/vnd.pgrst.object+json' });
      expect(many.statusCode).toBe(406);
      expect(many.json()).toEqual({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned', details: 'The result contains 9 rows', hint: null });
    });

    it('serve index_config from the market\u2019s own index facts: a new effective-dated row shows at once', async () => {
      await server.db.query(
        `INSERT INTO index_config (index_name, effective_from, lot_size, strike_step, freeze_quantity, expiry_cycle, expiry_weekday, exchange)
         VALUES ('NIFTY', '2026-06-30', 75, 50, 1800, 'weekly', 2, 'NFO')`,
      );
      const res = await get('index_config?index=eq.NIFTY&select=lot_size,effective_from');
      expect(res.json()).toEqual([
        { lot_size: 75, effective_from: '2026-06-30' },
        { lot_size: 65, effective_from: '2025-12-30' },
        { lot_size: 75, effective_from: '2024-11-20' },
        { lot_size: 25, effective_from: '2024-04-26' },
        { lot_size: 50, effective_from: '2021-07-30' },
        { lot_size: 75, effective_from: '2021-03-31' },
      ]);
      const inForce = await get('index_config?index=eq.NIFTY&effective_from=lte.2026-01-16&select=lot_size&limit=1');
      expect(inForce.json()).toEqual([{ lot_size: 65 }]);
      await server.db.query(`DELETE FROM index_config WHERE effective_from = '2026-06-30'`);
    });

    it('answer HEAD with the headers and no body', async () => {
      const res = await server.app.inject({ method: 'HEAD', url: `${base}/commentary?limit=2`, headers: { ...key, prefer: 'count=exact' } });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-range']).toBe('0-1/5');
      expect(res.body).toBe('');
    });
  });

  describe('candles', () => {
    it('aggregate the minute bars to 5 and 15 minutes on read', async () => {
      await server.db.query(`DELETE FROM market_candles WHERE index_name = 'NIFTY'`);
      // Ten minute bars from 09:15 IST: open 100 + i, high 105 + i (112 at 09:17), low 95 + i (90 at 09:21).
      await server.db.query(
        `INSERT INTO market_candles (index_name, minute, open, high, low, close, ticks, volume)
         SELECT 'NIFTY', timestamptz '2026-01-16T03:45:00Z' + i * interval '1 minute', 100 + i,
                CASE WHEN i = 2 THEN 112 ELSE 105 + i END, CASE WHEN i = 6 THEN 90 ELSE 95 + i END, 101 + i, 60, 10 + i
         FROM generate_series(0, 9) AS i`,
      );
      const five = await get('candles?index=eq.NIFTY&interval=eq.5m&order=time.asc');
      expect(five.json()).toEqual([
        { index: 'NIFTY', interval: '5m', time: expect.any(String), open: 100, high: 112, low: 95, close: 105, volume: 60, sample: false },
        { index: 'NIFTY', interval: '5m', time: expect.any(String), open: 105, high: 114, low: 90, close: 110, volume: 85, sample: false },
      ]);
      expect(five.json().map((bar: { time: string }) => new Date(bar.time).toISOString())).toEqual(['2026-01-16T03:45:00.000Z', '2026-01-16T03:50:00.000Z']);
      const fifteen = await get('candles?index=eq.NIFTY&interval=eq.15m');
      expect(fifteen.json()).toEqual([{ index: 'NIFTY', interval: '15m', time: expect.any(String), open: 100, high: 114, low: 90, close: 110, volume: 145, sample: false }]);
      const minutes = await get('candles?index=eq.NIFTY&interval=eq.1m&time=gte.2026-01-16T03:53:00Z&select=close');
      expect(minutes.json()).toEqual([{ close: 110 }, { close: 109 }]);
    });
  });

  describe('refusals', () => {
    it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s is refused: the tables are read-only', async (method) => {
      const res = await server.app.inject({ method, url: `${base}/commentary?id=eq.${ids[0]}`, headers: { ...key, 'content-type': 'application/json' }, payload: '{"title":"x"}' });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.json()).toEqual({ message: 'The analytics tables are read-only.', code: 'PGRST105', details: null, hint: 'Use GET, HEAD.' });
      expect(await titles(`commentary?id=eq.${ids[0]}`)).toEqual(['a']);
    });

    it('an unknown table or column says which and what there is', async () => {
      const table = await get('users');
      expect(table.statusCode).toBe(400);
      expect(table.json()).toEqual({ message: 'Could not find the table "users"', code: 'PGRST205', details: null, hint: 'The analytics tables are commentary, data, daily_data, screener, bots, index_config, candles.' });
      const column = await get('commentary?select=colour');
      expect(column.json()).toEqual({ message: 'column commentary.colour does not exist', code: '42703', details: null, hint: 'commentary has the columns id, created_at, title, body, index, sentiment, title_i18n, body_i18n, sample.' });
    });

    const hostile = [
      'commentary?select=id;drop table commentary',
      'commentary?select=id,(select password_hash from users)',
      'commentary?select=*,users(*)',
      'commentary?order=id);--',
      'commentary?order=id desc; delete from commentary',
      'commentary?order=(select 1)',
      'commentary?id;drop table commentary=eq.1',
      'commentary?%22index%22=eq.NIFTY',
      'commentary?index=in.("unterminated)',
      'commentary?id=eq.1 OR 1=1',
      'commentary?id=eq.99999999999999999999',
      'commentary?id=in.(1,2);select',
      'commentary?created_at=gt.now()',
      "commentary?created_at=gt.2026-01-16'::date",
      'commentary?created_at=gt.2026-13-45T00:00:00Z',
      'daily_data?date=eq.2026-02-30',
      'commentary?limit=1;select',
      'commentary?limit=99999999999999999999',
      'commentary?offset=1e3',
      'commentary?index=eq.%00',
      'commentary?or=(id.eq.1,title.eq.x)',
      'commentary?title=ilike.*x*',
      'commentary?index=is.true',
      'screener?legs=eq.[]',
      'screener?order=legs',
      'pg_catalog.pg_user',
      'commentary;drop table data',
      '..%2fusers',
      '%2e%2e',
      `commentary?index=eq.${'x'.repeat(600)}`,
    ];

    it.each(hostile)('%s answers 4xx in PostgREST\u2019s shape, never 5xx', async (path) => {
      const res = await get(path);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      const body = res.json() as Record<string, unknown>;
      if (res.statusCode !== 404) {
        expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
        expect(body.message).toEqual(expect.any(String));
      }
    });

    it('a fault of the server itself is a 500 in the contract\u2019s shape, with nothing of the cause', async () => {
      await server.db.query('ALTER TABLE bots RENAME TO bots_away');
      try {
        const res = await get('bots');
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ message: 'Internal Server Error', code: 'XX000', details: null, hint: null });
      } finally {
        await server.db.query('ALTER TABLE bots_away RENAME TO bots');
      }
      expect((await get('bots?limit=1')).statusCode).toBe(200);
    });

    it('values with quotes are only values: they match nothing and harm nothing', async () => {
      expect(await titles(`commentary?index=eq.${encodeURIComponent("O'Brien\"; --")}`)).toEqual([]);
      expect(await titles(`commentary?index=in.${encodeURIComponent('("it\'s","a \\"b\\"")')}`)).toEqual([]);
      expect(await titles("commentary?index=eq.NIFTY'); DROP TABLE commentary; --")).toEqual([]);
      expect(await titles('commentary?index=in.("a\'b","c\\"d")')).toEqual([]);
      expect(await titles('commentary?index=eq.%ZZ')).toEqual([]);
      expect(await titles('commentary?order=created_at.asc')).toEqual(['a', 'b', 'c', 'd', 'e']);
    });
  });
});
