// A replay survives a server restart (issue 39): its minute, its speed and its book (rebuilt on the new server
// from the actions it logged, at the replayed instants they were done) are as they were, order ids included.
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../../server/db/database.ts';
import { signedInAccount } from '../support/accounts.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';
import { importReplayDay, replayDay } from './replay-fixture.ts';

type Schemas = components['schemas'];

describe.each(testBackends)('a replay across a restart on %s', (backend) => {
  let database: Database;
  const servers: TestServer[] = [];

  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close().catch(() => undefined);
    await database.close();
  });

  it('keeps its minute, its speed and its book', async () => {
    database = await createMigratedTestDatabase(backend);
    const clock = manualClock();
    const first = await startTestServer({ database, clock });
    servers.push(first);
    await importReplayDay(database);
    let call = guardedClient(first.app);
    const { token } = await signedInAccount(call);
    const { id } = (await call<{ replay: Schemas['Replay'] }>('createReplay', { token, body: { index: 'NIFTY', day: replayDay, start: '10:00' } })).body.replay;
    const order = (symbol: string, side: 'BUY' | 'SELL', type: 'MARKET' | 'LIMIT', price?: number) => ({
      tradingsymbol: symbol, exchange: 'NFO', transaction_type: side, order_type: type, product: 'NRML', quantity: 75, ...(price === undefined ? {} : { price }),
    });
    const place = (key: string, body: Record<string, unknown>) => call('placeReplayOrders', { token, params: { id }, headers: { 'idempotency-key': key }, body: { orders: [body] } });
    expect((await place('restart-sell-call', order('NIFTY26O1325050CE', 'SELL', 'MARKET'))).status).toBe(200);
    await call('seekReplay', { token, params: { id }, body: { minute: '11:30' } });
    const put = await place('restart-sell-put', order('NIFTY26O1325350PE', 'SELL', 'MARKET'));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // A buy far below the market works on.
    expect((await place('restart-limit', order('NIFTY26O1325350PE', 'BUY', 'LIMIT', 1))).status).toBe(200);
    await call('updateReplaySpeed', { token, params: { id }, body: { speed: 5 } });
    clock.advance(60_000);
    const read = async () => ({
      replay: (await call<{ replay: Schemas['Replay'] }>('getReplay', { token, params: { id } })).body.replay,
      orders: (await call<Schemas['OrderBookResponse']>('getReplayOrders', { token, params: { id } })).body.order_book,
      positions: (await call<Schemas['PositionBookResponse']>('getReplayPositions', { token, params: { id } })).body.position_book,
    });
    const before = await read();
    expect(before.replay).toMatchObject({ minute: '11:35', speed: 5 });
    expect(before.orders.map((placed) => placed.status).sort()).toEqual(['COMPLETE', 'COMPLETE', 'OPEN']);
    await first.app.close();

    const second = await startTestServer({ database, clock });
    servers.push(second);
    call = guardedClient(second.app);
    const after = await read();
    expect(after).toEqual(before);
    // Played on from there, the book goes on: the open order still works.
    clock.advance(12_000);
    expect((await read()).replay.minute).toBe('11:36');
    // Two servers, each starting the replay's book in a worker thread of its own (a PGlite start, seconds of CPU at a
    // lower priority than the test processes beside it): more than the server suite's 30 s on a loaded runner.
  }, 90_000);
});
