// POST /api/market-history/broker-candles/ for a logged-in Shoonya and Flattrade account, against the Noren test
// server in each broker's configuration on the one clock both servers read (Friday 16 January 2026): NIFTY's
// one-minute candles of Monday 12 to Wednesday 14 January (TPSeries, answered newest first) stored as the minutes
// the broker served, BANKNIFTY's daily candles (EODChartData, its rows JSON strings) as the index's days, both
// read back through the coverage; a second fetch changes nothing; the broker's refusal says its words, a dead
// session logs the account out, and an index Noren is not asked for here is refused before any request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayCandle, dayMinutes } from '../../dhan-server/index-candles.ts';
import { testBackends } from '../support/test-database.ts';
import { flavors, openNorenDesk, startNorenStack, type NorenDesk, type NorenStack } from './noren-desk.ts';

type Fetched = { files: { kind: string; days: string[]; rows: number; skipped_rows: number }[]; requests: number; code?: string; message?: string };
type Coverage = { indices: { index: string; days: { date: string; minute_candles: number; daily_ohlc: boolean }[] }[] };

const paise = (rupees: number) => Math.round(rupees * 100);
const cases = testBackends.flatMap((backend) => flavors.map((flavor) => [backend, flavor] as const));

describe.each(cases)('fetching candles from Noren on %s (%s)', (backend, flavor) => {
  let stack: NorenStack;
  let desk: NorenDesk;

  beforeAll(async () => {
    stack = await startNorenStack(backend, flavor);
    desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await stack.close();
  });

  const fetchCandles = (body: Record<string, unknown>) =>
    stack.call<Fetched>('importBrokerCandles', { token: desk.token, body: { broker_account_id: desk.account.id, index: 'NIFTY', interval: 'minute', from: '2026-01-12', to: '2026-01-14', ...body } });
  const storedMinutes = async () =>
    (await stack.server.db.query<{ minute: Date; o: string; h: string; l: string; c: string }>(
      `SELECT minute, open_paise::text AS o, high_paise::text AS h, low_paise::text AS l, close_paise::text AS c FROM history_index_minutes
       WHERE index_name = 'NIFTY' AND source = 'imported' ORDER BY minute`,
    )).rows.map((row) => [row.minute.toISOString(), Number(row.o), Number(row.h), Number(row.l), Number(row.c)]);
  const coverage = async (index: string) => {
    const answer = await stack.call<Coverage>('getMarketHistoryCoverage', { token: desk.token });
    return answer.body.indices.find((entry) => entry.index === index)?.days ?? [];
  };

  it("stores NIFTY's minutes as TPSeries served them, readable through the coverage; fetched again, nothing changes", async () => {
    const answer = await fetchCandles({});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ files: [expect.objectContaining({ kind: 'index_minutes', days: ['2026-01-12', '2026-01-13', '2026-01-14'], rows: 3 * 375, skipped_rows: 0 })], requests: 1 });
    const expected = ['2026-01-12', '2026-01-13', '2026-01-14'].flatMap((day) => dayMinutes(26_000, day)).map((c) => [c.start.toISOString(), paise(c.open), paise(c.high), paise(c.low), paise(c.close)]);
    expect(await storedMinutes()).toEqual(expected);
    // The index's token on NSE, the sessions' instants (09:00 IST of the first day to 15:59 IST of the last) in seconds.
    expect(stack.noren.control.chartCalls().at(-1)).toEqual({ name: 'TPSeries', data: { uid: desk.userId, exch: 'NSE', token: '26000', st: '1768188600', et: '1768386540', intrv: '1' } });
    expect((await coverage('NIFTY')).map((day) => [day.date, day.minute_candles])).toEqual([['2026-01-12', 375], ['2026-01-13', 375], ['2026-01-14', 375]]);

    const imports = (await stack.server.db.query('SELECT id FROM history_imports')).rows.length;
    expect((await fetchCandles({})).status).toBe(200);
    expect(await storedMinutes()).toEqual(expected);
    expect((await stack.server.db.query('SELECT id FROM history_imports')).rows).toHaveLength(imports);
  });

  it("stores BANKNIFTY's daily candles (EODChartData) as the index's days", async () => {
    const answer = await fetchCandles({ index: 'BANKNIFTY', interval: 'day', from: '2026-01-12', to: '2026-01-16' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const days = ['2026-01-12', '2026-01-13', '2026-01-14', '2026-01-16'];
    expect(answer.body.files[0]).toMatchObject({ kind: 'index_closes', days, rows: 4 });
    expect(stack.noren.control.chartCalls().at(-1)).toMatchObject({ name: 'EODChartData', data: { sym: 'NSE:NIFTY BANK' } });
    const { rows } = await stack.server.db.query<{ day: string; o: string; h: string; l: string; c: string }>(
      `SELECT to_char(trade_date, 'YYYY-MM-DD') AS day, open_paise::text AS o, high_paise::text AS h, low_paise::text AS l, close_paise::text AS c
       FROM history_index_days WHERE index_name = 'BANKNIFTY' ORDER BY trade_date`,
    );
    expect(rows.map((row) => [row.day, Number(row.o), Number(row.h), Number(row.l), Number(row.c)])).toEqual(
      days.map((day) => {
        const candle = dayCandle(59_200, day)!;
        return [day, paise(candle.open), paise(candle.high), paise(candle.low), paise(candle.close)];
      }),
    );
    expect((await coverage('BANKNIFTY')).filter((day) => day.daily_ohlc).map((day) => day.date)).toEqual(days);
  });

  it("refuses clearly: the broker's own words (422), no candles (422), an index not asked for here (400), a dead session (403, logged out)", async () => {
    stack.noren.control.refuseNextChart('Invalid Input : Data not available for the requested period');
    const refused = await fetchCandles({});
    expect([refused.status, refused.body.code]).toEqual([422, 'broker_refused']);
    expect(refused.body.message).toContain('Data not available for the requested period');

    const weekend = await fetchCandles({ from: '2026-01-10', to: '2026-01-11' });
    expect([weekend.status, weekend.body.code]).toEqual([422, 'no_candles']);

    const before = stack.noren.control.chartCalls().length;
    const finnifty = await fetchCandles({ index: 'FINNIFTY' });
    expect([finnifty.status, finnifty.body.code]).toEqual([400, 'validation_failed']);
    expect(stack.noren.control.chartCalls()).toHaveLength(before);

    stack.noren.control.endSessions(desk.userId);
    const ended = await fetchCandles({});
    expect([ended.status, ended.body.code]).toEqual([403, 'broker_session_expired']);
    const { rows } = await stack.server.db.query('SELECT 1 FROM broker_accounts WHERE id = $1 AND session_access_token_encrypted IS NULL', [desk.account.id]);
    expect(rows).toHaveLength(1);
  });
});
