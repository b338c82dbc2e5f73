// Replays of days outside NSE's usual week and hours (issue 39): the data decides, and a day trades at the hours
// it traded. A Saturday and a holiday for which market history holds imported minutes and option rows (the market
// traded, whatever the calendar says now) are listed and trade like any day; a closed day with nothing imported is
// refused with the calendar's reason (the holiday by name, the weekend). A special session replays at its own
// hours from NSE's calendar: Muhurat trading on Friday 1 November 2024 ran 18:00–19:00 (NSE/CMTR/59722 and the
// session's circular), so its replay opens at 18:00, seeks within the hour, stops at 19:00, refuses a minute outside
// it, and squares MIS positions off at the session's own 18:50, not at a regular day's 15:25.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';
import { importHistory, importMinutes, syntheticRows } from '../backtests/history-fixture.ts';
import { replayDay, replayServer } from './replay-fixture.ts';

type Schemas = components['schemas'];
/** Friday 2 October 2026 (Mahatma Gandhi Jayanti, listed closed) and Saturday the 3rd, both held in history. */
const holiday = '2026-10-02';
const saturday = '2026-10-03';
/** Friday 1 November 2024: Diwali Laxmi Pujan, Muhurat trading only, 18:00–19:00 (migration 037), MIS square-off 18:50 (066). */
const muhurat = '2024-11-01';
const indexAt = (minute: number) => 25_000 + minute;
/** The Muhurat hour's index: 24,300.00 at 18:00, up ₹1 a minute. */
const eveningAt = (minute: number) => 24_300 + minute;

describe.each(testBackends)('replays of closed days and special sessions on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;

  beforeEach(async () => {
    ({ server, call, token } = await replayServer(backend, async ({ db }) => {
      const underlying = { [holiday]: indexAt(374), [saturday]: indexAt(374) };
      await importHistory(db, 'NIFTY', underlying, syntheticRows(underlying, ['2026-10-06', '2026-10-13'], { around: 4 }));
      await importMinutes(db, 'NIFTY', holiday, indexAt);
      await importMinutes(db, 'NIFTY', saturday, indexAt);
      const evening = { [muhurat]: eveningAt(59) };
      // NIFTY's lot was 25 in November 2024.
      await importHistory(db, 'NIFTY', evening, syntheticRows(evening, ['2024-11-07', '2024-11-14'], { around: 4 }), 25);
      await importMinutes(db, 'NIFTY', muhurat, eveningAt, { open: '18:00', minutes: 60 });
    }));
  });

  afterEach(async () => {
    await server.close();
  });

  const start = (day: string, body: Record<string, unknown> = { start: '10:00' }) =>
    call<{ replay: Schemas['Replay'] }>('createReplay', { token, body: { index: 'NIFTY', day, replace: true, ...body } });
  const act = async (operationId: string, id: number, body?: Record<string, unknown>) =>
    call<{ replay: Schemas['Replay'] }>(operationId, { token, params: { id }, ...(body === undefined ? {} : { body }) });
  const place = (id: number, key: string, order: Record<string, unknown>) =>
    call<Schemas['OrdersResponse']>('placeReplayOrders', { token, params: { id }, headers: { 'idempotency-key': key }, body: { orders: [order] } });
  const positions = async (id: number) => (await call<Schemas['PositionBookResponse']>('getReplayPositions', { token, params: { id } })).body.position_book;

  it('lists a Saturday, a holiday and a Muhurat evening that history holds, each with the hours it traded', async () => {
    const days = (await call<Schemas['ReplayDaysResponse']>('getReplayDays', { token })).body.days;
    expect(days.map((listed) => [listed.day, listed.session, listed.special])).toEqual([
      // October 2026: the regular session of the day, 09:15–15:40 (NSE's F&O hours since 3 August 2026).
      [replayDay, { open: '09:15', close: '15:40', mis_square_off: '15:25' }, null],
      [saturday, { open: '09:15', close: '15:40', mis_square_off: '15:25' }, null],
      [holiday, { open: '09:15', close: '15:40', mis_square_off: '15:25' }, null],
      [muhurat, { open: '18:00', close: '19:00', mis_square_off: '18:50' }, 'Diwali Laxmi Pujan: Muhurat trading only'],
    ]);
  });

  it('trades a Saturday and a holiday at the replayed prices', async () => {
    for (const day of [saturday, holiday]) {
      const created = await start(day);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const { id } = created.body.replay;
      const symbol = 'NIFTY26O1325350CE';
      const chain = await call<Schemas['ReplayChainResponse']>('getReplayChain', { token, params: { id }, query: { expiry: '2026-10-13' } });
      const ask = chain.body.data[`NFO:${symbol}`]!.ask!;
      expect(ask).toBeGreaterThan(0);
      const placed = await place(id, `closed-${day}`, { tradingsymbol: symbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: 75 });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      expect(placed.body.orders[0]!.status).toBe('COMPLETE');
      expect((await positions(id)).net.map((position) => [position.tradingsymbol, position.quantity, position.average_price])).toEqual([[symbol, 75, ask]]);
    }
  });

  it('replays a Muhurat session from its open to its close, seeks within it and refuses a minute outside it', async () => {
    const created = await start(muhurat, {});
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const replay = created.body.replay;
    // Without a start, the session's open.
    expect([replay.minute, replay.start, replay.session, replay.at_close]).toEqual(['18:00', '18:00', { open: '18:00', close: '19:00', mis_square_off: '18:50' }, false]);
    const index = async () => (await call<Schemas['ReplayQuotesResponse']>('getReplayIndex', { token, params: { id: replay.id } })).body;
    expect(Object.values((await index()).data).map((quote) => quote.last_price)).toEqual([eveningAt(0)]);

    const seek = await act('seekReplay', replay.id, { minute: '18:30' });
    expect(seek.status, JSON.stringify(seek.body)).toBe(200);
    expect(seek.body.replay.minute).toBe('18:30');
    // The index at 18:30 is the imported minute's close, not a 09:15–15:30 path's.
    expect(Object.values((await index()).data).map((quote) => quote.last_price)).toEqual([eveningAt(30)]);
    const chain = await call<Schemas['ReplayChainResponse']>('getReplayChain', { token, params: { id: replay.id }, query: { expiry: '2024-11-07' } });
    expect(chain.status).toBe(200);
    expect(chain.body.chain.valid_until).toBe('2024-11-01T13:30:00.000Z');
    expect(Object.values(chain.body.data).filter((quote) => (quote.ask ?? 0) > 0).length).toBeGreaterThan(0);

    // A minute outside the session, before it, after it or in a regular day's hours: the session's hours in the refusal.
    for (const minute of ['17:59', '19:01', '10:00']) {
      const outside = await act('seekReplay', replay.id, { minute });
      expect(outside.status).toBe(422);
      expect(outside.body).toMatchObject({ code: 'replay_outside_session', field: 'minute', details: { text: { code: 'replay.outside_session', params: { minute, day: muhurat, open: '18:00', close: '19:00' } } } });
    }
    const early = await start(muhurat, { start: '09:15' });
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ code: 'replay_outside_session', field: 'start', details: { text: { params: { open: '18:00', close: '19:00' } } } });

    // Played at 60×, it stops at the session's close.
    const played = await act('updateReplaySpeed', replay.id, { speed: 60 });
    expect(played.status, JSON.stringify(played.body)).toBe(200);
    server.clock.advance(60_000);
    const closed = (await act('getReplay', replay.id)).body.replay;
    expect([closed.minute, closed.at_close]).toEqual(['19:00', true]);
  });

  it('takes MIS orders in a Muhurat session and squares them off at the session’s own 18:50', async () => {
    const { id } = (await start(muhurat, { start: '18:20' })).body.replay;
    const symbol = 'NIFTY24N0724350CE';
    // 18:20 is after a regular day's 15:25: the session's cut-off, not 15:25, decides.
    const bought = await place(id, 'muhurat-mis', { tradingsymbol: symbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'MIS', quantity: 25 });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.orders[0]!.status).toBe('COMPLETE');
    expect((await positions(id)).net.map((position) => [position.tradingsymbol, position.product, position.quantity])).toEqual([[symbol, 'MIS', 25]]);
    expect((await act('seekReplay', id, { minute: '18:49' })).status).toBe(200);
    expect((await positions(id)).net.map((position) => position.quantity)).toEqual([25]);
    expect((await act('seekReplay', id, { minute: '18:51' })).status).toBe(200);
    expect((await positions(id)).net.map((position) => position.quantity)).toEqual([0]);
    const late = await place(id, 'muhurat-late', { tradingsymbol: symbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'MIS', quantity: 25 });
    expect(late.body.orders[0]).toMatchObject({ status: 'REJECTED' });
    expect(JSON.stringify(late.body.orders[0])).toContain('18:50');
  });

  it('refuses a closed day without history with the calendar’s reason', async () => {
    const sunday = await start('2026-10-04');
    expect(sunday.status).toBe(422);
    expect(sunday.body).toMatchObject({ code: 'replay_no_history', field: 'day', details: { text: { code: 'replay.closed_weekend', params: { index: 'NIFTY', day: '2026-10-04', weekday: 'sunday' } } } });
    const diwali = await start('2026-11-10');
    expect(diwali.status).toBe(422);
    expect(diwali.body).toMatchObject({ code: 'replay_no_history', details: { text: { code: 'replay.closed_holiday', params: { day: '2026-11-10', holiday: 'Diwali Balipratipada' } } } });
    // A weekday the exchange traded, with nothing imported: history's own reason.
    const monday = await start('2026-10-12');
    expect(monday.body).toMatchObject({ code: 'replay_no_history', details: { text: { code: 'replay.no_history' } } });
  });
});
