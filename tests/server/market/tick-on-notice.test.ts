// An instance that is not the leader tells its streams of a tick when the database tells it of the tick (the
// NOTIFY of migration 050), not at its own timer's next pass, up to a tick later (issue 61). Two servers on one
// database: one ticks; the other's market loop has a timer that never fires in the test, so only the notice
// can bring the tick to its streams. And the leader's own tick is read once for its streams, by its pass.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicesDecorator } from '../../../server/app.ts';
import type { Database } from '../../../server/db/database.ts';
import type { IndexName } from '../../../server/services/market/index-config.ts';
import { startMarketLoop } from '../../../server/services/market/market-loop.ts';
import type { Services } from '../../../server/services/services.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const servicesOf = (server: TestServer) => server.app.getDecorator<Services>(servicesDecorator);

/** The market loop of `server`, its timer never firing: only a notice, or a pass the test asks for, polls. */
function loopOf(server: TestServer, errors: unknown[]) {
  const { market, marketFeed } = servicesOf(server);
  const quiet = Object.assign(Object.create(market) as Services['market'], { tickMs: 2 ** 30 });
  return startMarketLoop({ market: quiet, feed: marketFeed, afterTick: async () => undefined, onError: (error) => errors.push(error) });
}

describe.each(testBackends)('a tick told to the streams of every instance of %s', (backend) => {
  let database: Database;
  let leader: TestServer;
  let follower: TestServer;
  const errors: unknown[] = [];
  let loops: ReturnType<typeof loopOf>[] = [];

  beforeAll(async () => {
    database = await createMigratedTestDatabase(backend);
    leader = await startTestServer({ backend, database });
    follower = await startTestServer({ backend, database, clock: leader.clock });
    leader.clock.advance(1000);
    expect(await servicesOf(leader).market.tick()).toBe(true);
    loops = [loopOf(leader, errors), loopOf(follower, errors)];
  });

  afterAll(async () => {
    for (const loop of loops) await loop.stop();
    await follower?.close();
    await leader?.close();
    await database?.close();
  });

  it("reaches the other instance's streams at the tick's notice, with no pass of its loop", async () => {
    const told: number[] = [];
    const stop = servicesOf(follower).marketFeed.subscribe((update) => {
      if (update.moved.has('NIFTY')) told.push(update.states.get('NIFTY' as IndexName)!.seq);
    });
    try {
      for (let i = 0; i < 3; i += 1) {
        const seq = (await servicesOf(leader).market.readStates()).get('NIFTY')!.seq;
        leader.clock.advance(1000);
        expect(await servicesOf(leader).market.tick()).toBe(true);
        // Within moments of the commit; before, it waited for the follower's next pass, here never.
        await expect.poll(() => told.at(-1), { timeout: 5000 }).toBe(seq + 1);
      }
      expect(told).toEqual([...new Set(told)]);
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });

  it("tells the leader's streams of its own tick once, by its pass", async () => {
    const { marketFeed, market } = servicesOf(leader);
    let polls = 0;
    const poll = marketFeed.poll;
    marketFeed.poll = (now) => {
      polls += 1;
      return poll(now);
    };
    try {
      const seq = (await market.readStates()).get('NIFTY')!.seq;
      leader.clock.advance(1000);
      await loops[0]!.pass();
      expect((await market.readStates()).get('NIFTY')!.seq).toBe(seq + 1);
      // The follower has heard the same notice by now (it polled for it): the leader's came as early.
      await expect.poll(async () => (await servicesOf(follower).market.currentStates(database)).get('NIFTY')?.seq, { timeout: 5000 }).toBe(seq + 1);
      expect(polls).toBe(1);
    } finally {
      marketFeed.poll = poll;
    }
  });
});
