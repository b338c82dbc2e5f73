// Issue 61, "shared across instances": two server instances on one PostgreSQL share the replays. A replay's book is
// held by one instance at a time (replay_owners): its first reads, sent to both instances at once, open one book,
// and the trader's orders and reads through the other instance are forwarded to the holder, so both answer the
// same book. When the holder stops, the other takes the replay over and rebuilds the book from replay_actions,
// with the same orders and positions; so it does when the holder died without letting go (its address refuses
// connections, or its lease went stale), while a live holder it cannot reach yet is answered 503 replay_moving.
// A book open on both instances at once (ownership not exclusive) fails here. On PGlite nothing is claimed.
import { afterAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../../server/db/database.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';
import { importReplayDay, openReplayDesk, replayExpiries, traderReplay } from '../replay/replay-fixture.ts';

type Schemas = components['schemas'];
type Instance = 'a' | 'b';

const servicesOf = (server: TestServer) => server.app.getDecorator<Services>(servicesDecorator);
const order = (symbol: string, side: 'BUY' | 'SELL', type: 'MARKET' | 'LIMIT', price?: number) => ({
  tradingsymbol: symbol, exchange: 'NFO', transaction_type: side, order_type: type, product: 'NRML', quantity: 75, ...(price === undefined ? {} : { price }),
});

describe.each(testBackends)('replays shared by two instances on %s', (backend) => {
  const closing: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const close of closing.reverse()) await close().catch(() => undefined);
  });

  it.runIf(backend === 'pglite')('claims nothing on PGlite (one instance holds every book)', async () => {
    const desk = await openReplayDesk(backend);
    closing.push(() => desk.server.close());
    expect((await desk.chain()).replay.id).toBe(desk.id);
    expect(servicesOf(desk.server).replayOwners).toBeNull();
    expect((await desk.server.db.query('SELECT replay_id FROM replay_owners')).rows).toEqual([]);
  }, 90_000);

  it.runIf(backend === 'postgres')('opens one book, answers it through either instance, and hands it over from replay_actions', async () => {
    const db: Database = await createMigratedTestDatabase(backend);
    closing.push(() => db.close());
    await importReplayDay(db);
    const servers = {} as Record<Instance, TestServer>;
    for (const name of ['a', 'b'] as const) {
      servers[name] = await startTestServer({ backend, database: db, jobs: false });
      closing.push(() => servers[name].close());
      // Forwarded requests travel over HTTP: each instance listens (its address recorded with the replays it holds).
      await servers[name].app.listen({ host: '127.0.0.1', port: 0 });
    }
    const calls: Record<Instance, ContractCall> = { a: guardedClient(servers.a.app), b: guardedClient(servers.b.app) };
    const replay = await traderReplay(calls.a);
    const { token, id } = replay;
    const owners = async () => (await db.query<{ instance_id: string; address: string | null }>('SELECT instance_id, address FROM replay_owners WHERE replay_id = $1', [id])).rows;
    const instanceOf = (name: Instance) => servicesOf(servers[name]).replayOwners!.instance;
    const open = (name: Instance) => servicesOf(servers[name]).replayBooks.isOpen(id);
    const chain = async (on: Instance) => {
      const res = await calls[on]<Schemas['ReplayChainResponse']>('getReplayChain', { token, params: { id }, query: { expiry: replayExpiries[1]! } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const read = async (on: Instance) => ({
      orders: (await calls[on]<Schemas['OrderBookResponse']>('getReplayOrders', { token, params: { id } })).body.order_book,
      positions: (await calls[on]<Schemas['PositionBookResponse']>('getReplayPositions', { token, params: { id } })).body.position_book,
    });

    // The first reads reach both instances at once: one claims the replay and opens its book, the other forwards.
    const [first, second] = await Promise.all([chain('a'), chain('b')]);
    expect(second).toEqual(first);
    expect([open('a'), open('b')].filter(Boolean)).toHaveLength(1);
    const holder: Instance = open('a') ? 'a' : 'b';
    const other: Instance = holder === 'a' ? 'b' : 'a';
    expect(await owners()).toEqual([{ instance_id: instanceOf(holder), address: `http://127.0.0.1:${(servers[holder].app.server.address() as { port: number }).port}` }]);

    // Traded and read through the other instance: the holder's book, the same through either.
    const place = async (on: Instance, key: string, body: Record<string, unknown>) => {
      const res = await calls[on]('placeReplayOrders', { token, params: { id }, headers: { 'idempotency-key': key }, body: { orders: [body] } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await place(other, 'shared-sell-call', order('NIFTY26O1325050CE', 'SELL', 'MARKET'));
    await place(other, 'shared-limit', order('NIFTY26O1325050CE', 'BUY', 'LIMIT', 1));
    // The same key again through the holder: answered from the book's idempotency, placed once.
    await place(holder, 'shared-limit', order('NIFTY26O1325050CE', 'BUY', 'LIMIT', 1));
    const before = await read(other);
    expect(before.orders.map((placed) => placed.status).sort()).toEqual(['COMPLETE', 'OPEN']);
    expect(before.positions.net.map((position) => [position.tradingsymbol, position.quantity])).toEqual([['NIFTY26O1325050CE', -75]]);
    expect(await read(holder)).toEqual(before);
    expect(open(other)).toBe(false);
    const { rows: actions } = await db.query<{ kind: string }>('SELECT kind FROM replay_actions WHERE replay_id = $1 ORDER BY id', [id]);
    expect(actions.map((action) => action.kind)).toEqual(['place', 'place']);

    // The holder stops (lets go of its replays): the other takes the replay over, its book rebuilt from the log.
    const gone = (await owners())[0]!.address!;
    await servers[holder].close();
    expect(await owners()).toEqual([]);
    expect(await read(other)).toEqual(before);
    expect(open(other)).toBe(true);
    expect((await owners()).map((owner) => owner.instance_id)).toEqual([instanceOf(other)]);

    // A holder that died without letting go, at an address nothing listens at any more: taken over at once.
    const survivor = servicesOf(servers[other]);
    await db.query("UPDATE replay_owners SET instance_id = 'crashed', address = $2, heartbeat_at = $3 WHERE replay_id = $1", [id, gone, servers[other].clock.now()]);
    await survivor.replayOwners!.renew();
    expect(open(other)).toBe(false);
    expect(await read(other)).toEqual(before);
    expect((await owners()).map((owner) => owner.instance_id)).toEqual([instanceOf(other)]);

    // A live holder this instance cannot reach (not listening yet): 503 replay_moving, until its lease goes stale.
    await db.query("UPDATE replay_owners SET instance_id = 'starting', address = NULL, heartbeat_at = $2 WHERE replay_id = $1", [id, servers[other].clock.now()]);
    const refused = await calls[other]('getReplayOrders', { token, params: { id } });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'replay_moving' });
    expect(open(other)).toBe(false);
    servers[other].clock.advance(31_000);
    expect(await read(other)).toEqual(before);
    expect((await owners()).map((owner) => owner.instance_id)).toEqual([instanceOf(other)]);

    // Ending the replay ends its ownership.
    expect((await calls[other]('deleteReplay', { token, params: { id } })).status).toBe(200);
    expect(await owners()).toEqual([]);
    // Four book starts (in worker threads at a lower priority than the test): 37 s on a quiet machine, 143 s at load 26.
  }, 300_000);
});
