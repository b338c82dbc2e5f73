// The indices' state is read once a tick, not once an order (market/tick-states.ts, issue 37), on every
// instance: two servers on one database, the market ticked by one, and the other's next read is of the new
// tick, told by the database (migration 050). The clock stands still between reads: nothing but the notice can
// make an instance read the state again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesDecorator } from '../../../server/app.ts';
import type { Database, Queryable } from '../../../server/db/database.ts';
import type { Services } from '../../../server/services/services.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** How many statements `run` sends to `db` outside a transaction. */
async function statementsOf(db: Database, run: () => Promise<unknown>): Promise<number> {
  let statements = 0;
  const query = db.query.bind(db);
  db.query = ((sql: string, params?: readonly unknown[]) => {
    statements += 1;
    return query(sql, params);
  }) as Queryable['query'];
  try {
    await run();
  } finally {
    db.query = query;
  }
  return statements;
}

describe.each(testBackends)('the market state read once a tick, on two instances of %s', (backend) => {
  let database: Database;
  let leader: TestServer;
  let follower: TestServer;
  const marketOf = (server: TestServer) => server.app.getDecorator<Services>(servicesDecorator).market;
  const niftySeq = async (server: TestServer) => (await marketOf(server).currentStates(database)).get('NIFTY')?.seq;

  beforeAll(async () => {
    database = await createMigratedTestDatabase(backend);
    leader = await startTestServer({ backend, database });
    follower = await startTestServer({ backend, database, clock: leader.clock });
    leader.clock.advance(1000);
    expect(await marketOf(leader).tick()).toBe(true);
  });

  afterAll(async () => {
    await follower?.close();
    await leader?.close();
    await database?.close();
  });

  it('reads the state once, then answers from it until the market ticks', async () => {
    // Once the last tick's notice is in (beforeAll's tick, a moment ago), reads are answered from memory.
    await expect.poll(() => statementsOf(database, () => niftySeq(follower)), { timeout: 2000 }).toBe(0);
    const seq = await niftySeq(follower);
    expect(await statementsOf(database, async () => {
      for (let i = 0; i < 3; i += 1) expect(await niftySeq(follower)).toBe(seq);
    })).toBe(0);
    expect(await statementsOf(database, async () => expect(await niftySeq(leader)).toBe(seq))).toBeLessThanOrEqual(1);
  });

  it("serves the tick another instance made at once, and its own tick to the fill engine that follows it", async () => {
    for (let i = 0; i < 5; i += 1) {
      const before = await niftySeq(follower);
      expect(await niftySeq(leader)).toBe(before);
      leader.clock.advance(1000);
      expect(await marketOf(leader).tick()).toBe(true);
      // The instance that ticked reads its tick on the very next call.
      expect(await niftySeq(leader)).toBe(before! + 1);
      // The other hears it from the database within moments; without the notice it would keep the old tick
      // for as long as this clock stands still.
      await expect.poll(() => niftySeq(follower), { timeout: 2000 }).toBe(before! + 1);
    }
  });

  it("drops a tick missed by its notices at the market loop's next read of the state", async () => {
    const before = await niftySeq(follower);
    await expect.poll(() => statementsOf(database, () => niftySeq(follower)), { timeout: 2000 }).toBe(0);
    // A tick whose notice never comes (as over a connection gone quiet without failing).
    await database.query('ALTER TABLE market_index_state DISABLE TRIGGER market_index_state_changed');
    try {
      leader.clock.advance(1000);
      expect(await marketOf(leader).tick()).toBe(true);
    } finally {
      await database.query('ALTER TABLE market_index_state ENABLE TRIGGER market_index_state_changed');
    }
    expect(await niftySeq(follower)).toBe(before);
    // Each pass of an instance's market loop reads the stored state for its streams (market-feed.ts).
    await marketOf(follower).readStates();
    expect(await niftySeq(follower)).toBe(before! + 1);
  });
});
