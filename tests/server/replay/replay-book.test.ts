// A replay's own book (issue 39): an order placed in a replay fills at the replayed price the chain shows, with
// paper's charges, in a book of its own; the trader's paper and live books stay untouched; the MIS position is
// squared off at the replayed 15:25; going back before the book's trades is refused and a reset empties it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { chargeRatesOn, fillCharges, autoSquareOffCharges, totalCharges } from '../../../server/services/brokers/paper/charges.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';
import { createBrokerAccount } from '../support/trading.ts';
import { openReplayDesk, replayDay, replayExpiries, type ReplayDesk } from './replay-fixture.ts';

type Schemas = components['schemas'];
const expiry = replayExpiries[1]!;
const call25050 = 'NIFTY26O1325050CE';
const sell = { tradingsymbol: call25050, exchange: 'NFO', transaction_type: 'SELL', order_type: 'MARKET', product: 'MIS', quantity: 75 } as const;

/** Rows of every table a trader's paper or live book keeps, in the server's own database. */
async function bookRows(server: TestServer): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['paper_orders', 'paper_trades', 'paper_positions', 'kite_orders', 'kite_trades', 'order_sends', 'idempotency_keys']) {
    const { rows } = await server.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table}`);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

describe.each(testBackends)("a replay's book on %s", (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;
  let id: number;
  let orderBook: ReplayDesk['orderBook'];
  let positions: ReplayDesk['positions'];

  beforeEach(async () => {
    ({ server, call, token, id, orderBook, positions } = await openReplayDesk(backend));
    // The trader's own paper account, whose book must not move.
    await createBrokerAccount(call, token);
  });

  afterEach(async () => {
    await server.close();
  });

  const place = (key: string, order: Record<string, unknown> = sell) => call<Schemas['OrdersResponse']>('placeReplayOrders', { token, params: { id }, headers: { 'idempotency-key': key }, body: { orders: [order] } });
  const chainQuote = async (symbol: string) =>
    (await call<Schemas['ReplayChainResponse']>('getReplayChain', { token, params: { id }, query: { expiry } })).body.data[`NFO:${symbol}`]!;

  it("fills at the replayed bid with paper's charges, once per key, and leaves the trader's books as they were", async () => {
    const before = await bookRows(server);
    const bid = (await chainQuote(call25050)).bid!;
    const placed = await place('replay-sell-1');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = placed.body.orders[0]!;
    expect(order).toMatchObject({ status: 'COMPLETE', average_price: bid, account_number: 'RP1' });
    const again = await place('replay-sell-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.orders[0]!.order_id).toBe(order.order_id);

    const { order_book: orders, trades } = await orderBook();
    expect(orders).toHaveLength(1);
    const rates = await chargeRatesOn(server.db, 'NFO', replayDay);
    expect(trades[0]!.charges).toBe(totalCharges(fillCharges(rates, 'SELL', 75, Math.round(bid * 100), true)) / 100);
    expect(await bookRows(server)).toEqual(before);
  });

  it('squares the MIS position off at the replayed 15:25 at its ask then', async () => {
    await place('replay-sell-2');
    await call('seekReplay', { token, params: { id }, body: { minute: '15:25' } });
    const ask = (await chainQuote(call25050)).ask!;
    await call('seekReplay', { token, params: { id }, body: { minute: '15:27' } });
    const { order_book: orders, trades } = await orderBook();
    const exit = orders.find((order) => order.transaction_type === 'BUY')!;
    expect(exit).toMatchObject({ status: 'COMPLETE', average_price: ask, product: 'MIS' });
    expect(exit.order_timestamp).toBe('2026-10-05T09:55:00.000Z');
    const rates = await chargeRatesOn(server.db, 'NFO', replayDay);
    const exitTrade = trades.find((trade) => trade.order_id === exit.order_id)!;
    expect(exitTrade.charges).toBe(totalCharges(autoSquareOffCharges(rates, 'BUY', 75, Math.round(ask * 100), true)) / 100);
    expect((await positions()).net.find((position) => position.tradingsymbol === call25050)?.quantity).toBe(0);
  });

  it('refuses to go back before its trades, and a reset empties it', async () => {
    await place('replay-sell-3');
    await call('seekReplay', { token, params: { id }, body: { minute: '11:00' } });
    const back = await call('seekReplay', { token, params: { id }, body: { minute: '10:30' } });
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ code: 'replay_seek_backward', details: { text: { code: 'replay.seek_backward', params: { minute: '11:00' } } } });
    expect((await call<{ replay: Schemas['Replay'] }>('resetReplay', { token, params: { id } })).body.replay.minute).toBe('10:00');
    expect((await orderBook()).order_book).toEqual([]);
    expect((await call('seekReplay', { token, params: { id }, body: { minute: '09:30' } })).status).toBe(200);
  });
});
