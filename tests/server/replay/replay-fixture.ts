// A hand-made day of market history to replay: NIFTY on Monday 5 October 2026, its bhavcopy rows (three weekly
// expiries, strikes 50 apart around the money, settled at Black-76 at 12 %) and its index minutes (25,000.00 at
// 09:15, up ₹1 a minute), imported as the importers store them (tests/server/backtests/history-fixture.ts), and
// the set-up the replay tests share: a server with it, a trader's replay of it and the desk's calls on that.
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../../server/db/database.ts';
import { importHistory, importMinutes, syntheticRows } from '../backtests/history-fixture.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import type { TestBackend } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';

type Schemas = components['schemas'];

export const replayDay = '2026-10-05';
export const replayExpiries = ['2026-10-06', '2026-10-13', '2026-10-20'];
/** The index's close (₹) of the m-th minute from 09:15. */
export const indexAt = (minute: number) => 25_000 + minute;
export const dayClose = indexAt(374);

export async function importReplayDay(db: Database): Promise<void> {
  const underlying = { [replayDay]: dayClose };
  await importHistory(db, 'NIFTY', underlying, syntheticRows(underlying, replayExpiries, { around: 6 }));
  await importMinutes(db, 'NIFTY', replayDay, indexAt);
}

/** What the replay tests share: a server with the day imported, a signed-in trader, their replay of it, and the desk's calls on it. */
export type ReplayDesk = {
  server: TestServer;
  call: ContractCall;
  token: string;
  id: number;
  seek: (minute: string) => ReturnType<ContractCall>;
  chain: (expiry?: string) => Promise<Schemas['ReplayChainResponse']>;
  orderBook: () => Promise<Schemas['OrderBookResponse']>;
  positions: () => Promise<Schemas['PositionBookResponse']['position_book']>;
  place: (key: string, ...orders: Record<string, unknown>[]) => Promise<{ status: number; body: Schemas['OrdersResponse'] }>;
};

/** A trader's replay of the day from `start`, and the desk's calls on it (each trader has one replay at a time). */
export async function traderReplay(call: ContractCall, start = '10:00'): Promise<Omit<ReplayDesk, 'server' | 'call'>> {
  const { token } = await signedInAccount(call);
  const created = await call<{ replay: Schemas['Replay'] }>('createReplay', { token, body: { index: 'NIFTY', day: replayDay, start } });
  if (created.status !== 201) throw new Error(`createReplay: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.replay.id;
  return {
    token,
    id,
    seek: (minute) => call('seekReplay', { token, params: { id }, body: { minute } }),
    chain: async (expiry = replayExpiries[1]!) => (await call<Schemas['ReplayChainResponse']>('getReplayChain', { token, params: { id }, query: { expiry } })).body,
    orderBook: async () => (await call<Schemas['OrderBookResponse']>('getReplayOrders', { token, params: { id } })).body,
    positions: async () => (await call<Schemas['PositionBookResponse']>('getReplayPositions', { token, params: { id } })).body.position_book,
    place: (key, ...orders) => call<Schemas['OrdersResponse']>('placeReplayOrders', { token, params: { id }, headers: { 'idempotency-key': key }, body: { orders } }),
  };
}

/**
 * A server on `backend` with the replay day imported (and whatever `before` adds to its history), and a signed-in
 * trader with no replay yet: the set-up of the tests that start replays themselves. The caller closes the server.
 */
export async function replayServer(backend: TestBackend, before?: (server: TestServer) => Promise<void>): Promise<{ server: TestServer; call: ContractCall; token: string }> {
  const server = await startTestServer({ backend });
  const call = guardedClient(server.app);
  await importReplayDay(server.db);
  await before?.(server);
  return { server, call, token: (await signedInAccount(call)).token };
}

/**
 * The replay tests' set-up: a server on `backend` with the day imported (and whatever `before` adds to its
 * history), a signed-in trader and their replay of the day from `start`. The caller closes the server.
 */
export async function openReplayDesk(backend: TestBackend, { start = '10:00', before }: { start?: string; before?: (server: TestServer) => Promise<void> } = {}): Promise<ReplayDesk> {
  const server = await startTestServer({ backend });
  const call = guardedClient(server.app);
  await importReplayDay(server.db);
  await before?.(server);
  return { server, call, ...(await traderReplay(call, start)) };
}
