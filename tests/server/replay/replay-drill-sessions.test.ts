// A day of two sessions replayed through both (issue 39). NSE's disaster-recovery drill of Saturday 2 March 2024
// traded 09:15–10:00 from the primary site and again 11:30–12:30 from the recovery site (NSE circular of 14
// February 2024; migration 071 holds the second session). The replay runs from 09:15 to 12:30 and passes through
// the stretch between, when the market was shut: an order placed then is refused, and a limit order working
// from the first session does not fill then even at a price it would take, only once the second opens.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';
import { importHistory, importMinutes, syntheticRows } from '../backtests/history-fixture.ts';
import { replayServer } from './replay-fixture.ts';

type Schemas = components['schemas'];
const drill = '2024-03-02';
/** The first session's index, 22,000.00 at 09:15 and up ₹1 a minute to 22,044.00 at 09:59. */
const firstAt = (minute: number) => 22_000 + minute;
/** The second session's, 22,100.00 at 11:30 and up ₹1 a minute. */
const secondAt = (minute: number) => 22_100 + minute;
const putSymbol = 'NIFTY2430722000PE';

describe.each(testBackends)('a replay of a disaster-recovery drill through both its sessions on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;

  beforeEach(async () => {
    ({ server, call, token } = await replayServer(backend, async ({ db }) => {
      const underlying = { [drill]: secondAt(59) };
      // NIFTY's lot was 50 in March 2024.
      await importHistory(db, 'NIFTY', underlying, syntheticRows(underlying, ['2024-03-07', '2024-03-14'], { around: 4 }), 50);
      await importMinutes(db, 'NIFTY', drill, firstAt, { open: '09:15', minutes: 45 });
      await importMinutes(db, 'NIFTY', drill, secondAt, { open: '11:30', minutes: 60 }, 'e');
    }));
  });

  afterEach(async () => {
    await server.close();
  });

  const act = async (operationId: string, id: number, body?: Record<string, unknown>) =>
    call<{ replay: Schemas['Replay'] }>(operationId, { token, params: { id }, ...(body === undefined ? {} : { body }) });
  const place = (id: number, key: string, order: Record<string, unknown>) =>
    call<Schemas['OrdersResponse']>('placeReplayOrders', { token, params: { id }, headers: { 'idempotency-key': key }, body: { orders: [order] } });
  const putAsk = async (id: number) =>
    (await call<Schemas['ReplayChainResponse']>('getReplayChain', { token, params: { id }, query: { expiry: '2024-03-07' } })).body.data[`NFO:${putSymbol}`]!.ask!;
  const orders = async (id: number) => (await call<Schemas['OrderBookResponse']>('getReplayOrders', { token, params: { id } })).body.order_book;

  it('lists the day with both sessions: from 09:15 to 12:30, shut from 10:00 to 11:30', async () => {
    const days = (await call<Schemas['ReplayDaysResponse']>('getReplayDays', { token, query: { index: 'NIFTY' } })).body.days;
    expect(days.find((listed) => listed.day === drill)?.session).toEqual({ open: '09:15', close: '12:30', mis_square_off: '09:15', pause: { from: '10:00', until: '11:30' } });
  });

  it('plays from the first session through the shut stretch into the second: no fill and no order between', async () => {
    const created = await call<{ replay: Schemas['Replay'] }>('createReplay', { token, body: { index: 'NIFTY', day: drill, start: '10:30' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id } = created.body.replay;
    expect(created.body.replay.session).toEqual({ open: '09:15', close: '12:30', mis_square_off: '09:15', pause: { from: '10:00', until: '11:30' } });
    // The put's ask while the market is shut (the index held at the first session's last minute, 22,044).
    const shutAsk = await putAsk(id);
    expect((await act('seekReplay', id, { minute: '09:50' })).status).toBe(200);
    const firstAsk = await putAsk(id);
    // The index rises through the morning: the put is dearer at 09:50 than at 10:30, so a buy limited to the
    // 10:30 ask does not fill in the first session, and would at 10:30 if the market were open then.
    expect(firstAsk).toBeGreaterThan(shutAsk);
    const limited = await place(id, 'drill-limit', { tradingsymbol: putSymbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'LIMIT', price: shutAsk, product: 'NRML', quantity: 50 });
    expect(limited.status, JSON.stringify(limited.body)).toBe(200);
    expect(limited.body.orders[0]!.status).toBe('OPEN');

    const shut = await act('seekReplay', id, { minute: '11:29' });
    expect(shut.status, JSON.stringify(shut.body)).toBe(200);
    expect(shut.body.replay.minute).toBe('11:29');
    expect((await orders(id)).map((order) => order.status)).toEqual(['OPEN']);
    // An order placed while the market is shut is refused, never filled.
    const between = await place(id, 'drill-between', { tradingsymbol: putSymbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: 50 });
    expect(between.status, JSON.stringify(between.body)).toBe(200);
    expect(between.body.orders[0]!.status).toBe('REJECTED');
    expect(between.body.orders[0]!.status_message).toBe("The market is shut between the day's two sessions. Orders are taken again from 11:30 IST.");

    // The second session opens at 11:30 with the index at 22,100: the put is cheaper and the limit fills then.
    expect((await act('seekReplay', id, { minute: '11:30' })).status).toBe(200);
    const filled = (await orders(id)).find((order) => order.order_type === 'LIMIT')!;
    expect(filled.status).toBe('COMPLETE');
    expect(filled.average_price).toBeLessThanOrEqual(shutAsk);

    // Played on, it stops at the second session's close.
    expect((await act('updateReplaySpeed', id, { speed: 60 })).status).toBe(200);
    server.clock.advance(60_000);
    const closed = (await act('getReplay', id)).body.replay;
    expect([closed.minute, closed.at_close]).toEqual(['12:30', true]);
  }, 240_000);
});
