// Bot actions a crash interrupted (issue 26): one claimed on an earlier day is reconciled from the order
// book when an engine starts again days later, and an exit the crash left claimed before its broker call is
// taken over by exactly one of two instances ticking together (the takeover is a compare-and-set on the
// claim's time, which must hold under PostgreSQL's real concurrency).
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../../server/db/database.ts';
import { actionKey } from '../../../server/services/bots/engine/action-keys.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { engineOf, istInstant, monday, openBotDesk } from './bot-desk.ts';

/** Promise.withResolvers, which Node 20 lacks. */
function promiseWithResolvers() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const wednesday = '2026-11-25';

/** The state a crash leaves between claiming Monday's 15:10 exit and calling the broker: the claim, no order. */
async function leaveExitClaimed(db: Queryable, botId: number): Promise<void> {
  await db.query(
    `INSERT INTO bot_actions (bot_kind, bot_id, trading_day, action, sequence, phase, status, claimed_at, idempotency_key)
     VALUES ('daily', $1, $2::date, 'exit', 1, 'exit', 'claimed', $3, $4)`,
    [botId, monday, istInstant(monday, '15:10'), `BD${botId}-261123-X1`],
  );
}

describe.each(testBackends)('bot actions a crash interrupted, on %s', (backend) => {
  it('reconciles on Wednesday an entry claimed when the server died on Monday, from the book, placing nothing again', async () => {
    const database = await createMigratedTestDatabase(backend);
    let crash = true;
    const t = await openBotDesk(backend, {
      database,
      engineHooks: {
        afterBrokerCall: () => {
          if (crash) {
            crash = false;
            throw new Error('power cut after the broker call');
          }
        },
      },
    });
    let restarted: TestServer | undefined;
    try {
      const bot = await t.createDaily();
      t.straddle(100.25, 100.25);
      t.at(monday, '09:20');
      expect(await t.tick()).toMatchObject({ acted: 0, failed: 1 });
      const placed = await t.orders('daily', bot.id);
      expect(placed.map((order) => order.status)).toEqual(['COMPLETE', 'COMPLETE']);

      // The server stays down over Tuesday's holiday; a new instance starts on Wednesday morning.
      t.at(wednesday, '09:15');
      restarted = await startTestServer({ backend, database, clock: t.server.clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: t.market.source });
      expect((await engineOf(restarted).tick(t.server.clock.now())).acted).toBe(1);

      expect(await t.orders('daily', bot.id)).toEqual(placed);
      const [entry] = await t.actions('daily', bot.id);
      expect(entry).toMatchObject({ action: 'enter', status: 'completed', idempotency_key: `BD${bot.id}-261123-E1` });
      expect([...entry!.order_ids].sort()).toEqual(placed.map((order) => order.order_id).sort());
      expect((await t.alerts(bot.id)).map((alert) => alert.event)).toEqual(['bot_entered']);
    } finally {
      await restarted?.close();
      await t.server.close();
      await database.close();
    }
  });

  it('takes an exit interrupted before its broker call over once when two instances tick together', async () => {
    const database = await createMigratedTestDatabase(backend);
    const t = await openBotDesk(backend, { database });
    const second = await startTestServer({ backend, database, clock: t.server.clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: t.market.source });
    try {
      const bot = await t.createDaily();
      t.straddle(100.25, 100.25);
      t.at(monday, '09:20');
      expect((await t.tick()).acted).toBe(1);

      await leaveExitClaimed(t.server.db, bot.id);
      t.at(monday, '15:11');
      const ticks = await Promise.all([t.tick(), engineOf(second).tick(t.server.clock.now()), t.tick(), engineOf(second).tick(t.server.clock.now())]);
      expect(ticks.reduce((sum, tick) => sum + tick.acted, 0)).toBe(1);

      expect((await t.orders('daily', bot.id)).map((order) => [order.transaction_type, order.status])).toEqual([
        ['SELL', 'COMPLETE'],
        ['SELL', 'COMPLETE'],
        ['BUY', 'COMPLETE'],
        ['BUY', 'COMPLETE'],
      ]);
      expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.status])).toEqual([
        ['enter', 'completed'],
        ['exit', 'completed'],
      ]);
      expect((await t.alerts(bot.id)).map((alert) => alert.event)).toEqual(['bot_entered', 'bot_exited']);
    } finally {
      await second.close();
      await t.server.close();
      await database.close();
    }
  });

  it('leaves a claim taken over since it was read to the instance placing its orders, counting the exit once', async () => {
    // The interleaving the concurrent test above meets only sometimes: the second instance reads the stale
    // claim, the first takes it over and places its orders, and only then does the second read them.
    const database = await createMigratedTestDatabase(backend);
    const gate = { armed: false, secondRead: promiseWithResolvers(), firstPlaced: promiseWithResolvers(), secondDone: promiseWithResolvers() };
    const t = await openBotDesk(backend, {
      database,
      engineHooks: {
        afterBrokerCall: async () => {
          if (!gate.armed) return;
          gate.firstPlaced.resolve();
          await gate.secondDone.promise;
        },
      },
    });
    const second = await startTestServer({
      backend,
      database,
      clock: t.server.clock,
      market: { seed: 'paper', demo: true, tickMs: 1000 },
      prices: t.market.source,
      engineHooks: {
        beforeReconcile: async () => {
          if (!gate.armed) return;
          gate.secondRead.resolve();
          await gate.firstPlaced.promise;
        },
      },
    });
    try {
      const bot = await t.createDaily();
      t.straddle(100.25, 100.25);
      t.at(monday, '09:20');
      expect((await t.tick()).acted).toBe(1);
      await leaveExitClaimed(t.server.db, bot.id);
      t.at(monday, '15:11');
      gate.armed = true;
      const secondTick = engineOf(second).tick(t.server.clock.now());
      await gate.secondRead.promise;
      const firstTick = t.tick();
      const secondActed = (await secondTick).acted;
      gate.secondDone.resolve();
      expect([(await firstTick).acted, secondActed]).toEqual([1, 0]);

      const [, exit] = await t.actions('daily', bot.id);
      const buys = (await t.orders('daily', bot.id)).filter((order) => order.transaction_type === 'BUY');
      expect(buys.map((order) => order.status)).toEqual(['COMPLETE', 'COMPLETE']);
      expect(exit).toMatchObject({ action: 'exit', status: 'completed' });
      expect([...exit!.order_ids].sort()).toEqual(buys.map((order) => order.order_id).sort());
      expect((await t.alerts(bot.id)).map((alert) => alert.event)).toEqual(['bot_entered', 'bot_exited']);
    } finally {
      await second.close();
      await t.server.close();
      await database.close();
    }
  });

  it('carries out a per-leg stop interrupted before its broker call on its leg alone, the other leg still held', async () => {
    const t = await openBotDesk(backend);
    try {
      const bot = await t.createDaily({ stop_loss_pct: 100, target_pct: 90, params: { leg_stop_loss_pct: 100 } });
      t.straddle(100.25, 100.25);
      t.at(monday, '09:20');
      expect((await t.tick()).acted).toBe(1);
      const call = t.symbol(0, 'CE');
      expect((await t.orders('daily', bot.id)).map((order) => order.tradingsymbol)).toEqual([call, t.symbol(0, 'PE')]);

      // The state a crash leaves between claiming the call's leg stop (leg 0) and calling the broker: the claim, no order.
      await t.server.db.query(
        `INSERT INTO bot_actions (bot_kind, bot_id, trading_day, action, sequence, phase, leg, status, claimed_at, idempotency_key)
         VALUES ('daily', $1, $2::date, 'leg_stop_loss', 1, 'adjust', $3, 'claimed', $4, $5)`,
        [bot.id, monday, call, istInstant(monday, '10:00'), actionKey('daily', bot.id, monday, 'leg_stop_loss', 1, 1, 0)],
      );
      t.at(monday, '10:01');
      expect((await t.tick()).acted).toBe(1);

      expect((await t.orders('daily', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type, order.status])).toEqual([
        [call, 'SELL', 'COMPLETE'],
        [t.symbol(0, 'PE'), 'SELL', 'COMPLETE'],
        [call, 'BUY', 'COMPLETE'],
      ]);
      expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.status])).toEqual([
        ['enter', 'completed'],
        ['leg_stop_loss', 'completed'],
      ]);
      expect(await t.run('daily', bot.id)).toMatchObject({ state: 'in_position' });
    } finally {
      await t.server.close();
    }
  });

  // An entry claimed at 09:20 whose broker call never happened: placed when taken over by 09:30 (ten minutes
  // late at most), skipped as missed a second after, and never both.
  it.each([
    ['09:30', 0, 'placed'],
    ['09:30', 1, 'missed'],
  ] as const)('takes over an entry interrupted before its broker call at %s and %i s: %s', async (time, seconds, outcome) => {
    const t = await openBotDesk(backend);
    try {
      const bot = await t.createDaily({ name: 'Interrupted straddle' });
      t.straddle(100.25, 100.25);
      await t.server.db.query(
        `INSERT INTO bot_actions (bot_kind, bot_id, trading_day, action, sequence, phase, status, claimed_at, idempotency_key)
         VALUES ('daily', $1, $2::date, 'enter', 1, 'entry', 'claimed', $3, $4)`,
        [bot.id, monday, istInstant(monday, '09:20'), actionKey('daily', bot.id, monday, 'enter', 1)],
      );
      t.at(monday, time, seconds);
      expect((await t.tick()).acted).toBe(1);
      expect((await t.tick()).acted).toBe(0);

      const orders = (await t.orders('daily', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type, order.status]);
      const [entry, ...others] = await t.actions('daily', bot.id);
      expect(others).toEqual([]);
      if (outcome === 'placed') {
        expect(orders).toEqual([
          [t.symbol(0, 'CE'), 'SELL', 'COMPLETE'],
          [t.symbol(0, 'PE'), 'SELL', 'COMPLETE'],
        ]);
        expect(entry).toMatchObject({ action: 'enter', status: 'completed' });
        expect(await t.run('daily', bot.id)).toMatchObject({ state: 'in_position', entries: 1 });
        expect((await t.alerts(bot.id)).map((alert) => alert.event)).toEqual(['bot_entered']);
      } else {
        expect(orders).toEqual([]);
        expect(entry).toMatchObject({ action: 'enter', status: 'skipped', message: 'Entry interrupted (the server stopped before the broker call) and now too late: not placed' });
        expect(await t.run('daily', bot.id)).toMatchObject({ state: 'missed', reason: entry!.message });
        expect((await t.alerts(bot.id)).map((alert) => alert.event)).toEqual(['bot_missed']);
      }
    } finally {
      await t.server.close();
    }
  });
});
