// POST /api/market-history/broker-candles/ for a logged-in Dhan account, against the Dhan test server on the one
// clock both servers read (Friday 16 January 2026): NIFTY's one-minute candles of Monday 12 to Wednesday 14
// January (Dhan's POST /v2/charts/intraday) stored as the minutes Dhan served, its daily candles of the first
// half of January (POST /v2/charts/historical) as the index's days, both read back through the coverage the
// history screen and replay list days from; a second fetch changes nothing; a range longer than Dhan's 90 days a
// request is asked in windows; and the refusals are clear: no Data API plan (DH-902), a dead token (logged out),
// an index the broker is not asked for, a paper account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayCandle, dayMinutes } from '../../dhan-server/index-candles.ts';
import { createBrokerAccount } from '../support/trading.ts';
import { testBackends } from '../support/test-database.ts';
import { openDhanDesk, startDhanStack, type DhanDesk, type DhanStack } from './dhan-desk.ts';

type Fetched = { files: { file_name: string; kind: string; days: string[]; rows: number; skipped_rows: number }[]; requests: number; code?: string; message?: string };
type Coverage = { indices: { index: string; days: { date: string; minute_candles: number; daily_ohlc: boolean }[] }[] };

const paise = (rupees: number) => Math.round(rupees * 100);

describe.each(testBackends)('fetching candles from Dhan on %s', (backend) => {
  let stack: DhanStack;
  let desk: DhanDesk;

  beforeAll(async () => {
    stack = await startDhanStack(backend);
    // MIDCPNIFTY under another id in the day's scrip master (read once a day, so listed before anything reads it).
    stack.dhan.control.listIndex({ symbol: 'MIDCPNIFTY', securityId: '9442', name: 'NIFTY MID SELECT' }, 13_000);
    desk = await openDhanDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await stack.close();
  });

  const fetchCandles = (body: Record<string, unknown>, accountId = desk.account.id) =>
    stack.call<Fetched>('importBrokerCandles', { token: desk.token, body: { broker_account_id: accountId, index: 'NIFTY', interval: 'minute', from: '2026-01-12', to: '2026-01-14', ...body } });
  const storedMinutes = async () =>
    (await stack.server.db.query<{ minute: Date; o: string; h: string; l: string; c: string }>(
      `SELECT minute, open_paise::text AS o, high_paise::text AS h, low_paise::text AS l, close_paise::text AS c FROM history_index_minutes
       WHERE index_name = 'NIFTY' AND source = 'imported' ORDER BY minute`,
    )).rows.map((row) => [row.minute.toISOString(), Number(row.o), Number(row.h), Number(row.l), Number(row.c)]);
  const coverage = async () => {
    const answer = await stack.call<Coverage>('getMarketHistoryCoverage', { token: desk.token });
    expect(answer.status).toBe(200);
    return answer.body.indices.find((entry) => entry.index === 'NIFTY')?.days ?? [];
  };

  it("stores NIFTY's minutes exactly as Dhan served them, readable through the coverage; fetched again, nothing changes", async () => {
    const answer = await fetchCandles({});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ files: [expect.objectContaining({ kind: 'index_minutes', days: ['2026-01-12', '2026-01-13', '2026-01-14'], rows: 3 * 375, skipped_rows: 0 })], requests: 1 });
    const served = ['2026-01-12', '2026-01-13', '2026-01-14'].flatMap((day) => dayMinutes(26_000, day));
    const expected = served.map((candle) => [candle.start.toISOString(), paise(candle.open), paise(candle.high), paise(candle.low), paise(candle.close)]);
    expect(await storedMinutes()).toEqual(expected);
    // Dhan was asked for the index in IDX_I, one-minute candles, the days' whole sessions (IST).
    expect(stack.dhan.control.chartRequests().at(-1)).toEqual({
      path: '/v2/charts/intraday',
      body: { securityId: '13', exchangeSegment: 'IDX_I', instrument: 'INDEX', interval: '1', oi: false, fromDate: '2026-01-12 09:00:00', toDate: '2026-01-14 15:59:00' },
    });
    expect((await coverage()).map((day) => [day.date, day.minute_candles])).toEqual([['2026-01-12', 375], ['2026-01-13', 375], ['2026-01-14', 375]]);

    const imports = await stack.server.db.query('SELECT id FROM history_imports');
    const again = await fetchCandles({});
    expect(again.status).toBe(200);
    expect(await storedMinutes()).toEqual(expected);
    const after = await stack.server.db.query('SELECT id FROM history_imports');
    expect(after.rows).toHaveLength(imports.rows.length);
  });

  it("stores its daily candles as the index's days (the holiday and the weekend have none)", async () => {
    const answer = await fetchCandles({ interval: 'day', from: '2026-01-05', to: '2026-01-16' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const tradingDays = ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09', '2026-01-12', '2026-01-13', '2026-01-14', '2026-01-16'];
    expect(answer.body.files[0]).toMatchObject({ kind: 'index_closes', days: tradingDays, rows: 9 });
    // Dhan's toDate is not included: the day after the range's last was sent.
    expect(stack.dhan.control.chartRequests().at(-1)?.body).toMatchObject({ fromDate: '2026-01-05', toDate: '2026-01-17', securityId: '13' });
    const { rows } = await stack.server.db.query<{ day: string; o: string; h: string; l: string; c: string }>(
      `SELECT to_char(trade_date, 'YYYY-MM-DD') AS day, open_paise::text AS o, high_paise::text AS h, low_paise::text AS l, close_paise::text AS c
       FROM history_index_days WHERE index_name = 'NIFTY' ORDER BY trade_date`,
    );
    expect(rows.map((row) => [row.day, Number(row.o), Number(row.h), Number(row.l), Number(row.c)])).toEqual(
      tradingDays.map((day) => {
        const candle = dayCandle(26_000, day)!;
        return [day, paise(candle.open), paise(candle.high), paise(candle.low), paise(candle.close)];
      }),
    );
    expect((await coverage()).filter((day) => day.daily_ohlc).map((day) => day.date)).toEqual(tradingDays);
  });

  it("names the index by the scrip master's security id, the day's file's word over the ids known in the code", async () => {
    const answer = await fetchCandles({ index: 'MIDCPNIFTY', from: '2026-01-12', to: '2026-01-12' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(stack.dhan.control.chartRequests().at(-1)?.body).toMatchObject({ securityId: '9442', exchangeSegment: 'IDX_I' });
    const { rows } = await stack.server.db.query<{ o: string }>(`SELECT open_paise::text AS o FROM history_index_minutes WHERE index_name = 'MIDCPNIFTY' ORDER BY minute LIMIT 1`);
    expect(Number(rows[0]!.o)).toBe(paise(dayMinutes(13_000, '2026-01-12')[0]!.open));
  });

  it("asks a range longer than Dhan's 90 days a request in windows", async () => {
    const before = stack.dhan.control.chartRequests().length;
    const answer = await fetchCandles({ index: 'BANKNIFTY', from: '2025-09-01', to: '2026-01-14' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.requests).toBe(2);
    const asked = stack.dhan.control.chartRequests().slice(before).map((request) => [request.body.securityId, request.body.fromDate, request.body.toDate]);
    expect(asked).toEqual([['25', '2025-09-01 09:00:00', '2025-11-29 15:59:00'], ['25', '2025-11-30 09:00:00', '2026-01-14 15:59:00']]);
  });

  it('refuses clearly: no Data API plan (422), a dead token (403, logged out), no candles (422), a paper account (400), a day to come (400)', async () => {
    stack.dhan.control.setDataPlan(desk.clientId, false);
    const noPlan = await fetchCandles({});
    stack.dhan.control.setDataPlan(desk.clientId, true);
    expect([noPlan.status, noPlan.body.code]).toEqual([422, 'historical_data_not_enabled']);
    expect(noPlan.body.message).toContain('no Data API plan');

    const none = await fetchCandles({ from: '2026-01-10', to: '2026-01-11' });
    expect([none.status, none.body.code]).toEqual([422, 'no_candles']);
    const future = await fetchCandles({ to: '2026-01-19' });
    expect([future.status, future.body.code]).toEqual([400, 'validation_failed']);
    const paper = await createBrokerAccount(stack.call, desk.token);
    const onPaper = await fetchCandles({}, paper.account.id);
    expect([onPaper.status, onPaper.body.code]).toEqual([400, 'validation_failed']);

    stack.dhan.control.expireAllTokens(desk.clientId);
    const expired = await fetchCandles({});
    expect([expired.status, expired.body.code]).toEqual([403, 'broker_session_expired']);
    const { rows } = await stack.server.db.query('SELECT 1 FROM broker_accounts WHERE id = $1 AND session_access_token_encrypted IS NULL', [desk.account.id]);
    expect(rows).toHaveLength(1);
  });
});
