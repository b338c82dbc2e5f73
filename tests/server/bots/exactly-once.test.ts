// Exactly once: a crash between the broker call and the action's completion leaves a claimed row that a new
// engine instance reconciles from the order book by its tag (never placing again); two server instances on
// one database ticking at the same moment act once between them, and neither takes the other's fresh entry
// for a position left from an earlier day.
import { describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../../server/db/database.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { engineOf, monday, openBotDesk } from './bot-desk.ts';

describe.each(testBackends)('exactly-once bot actions on %s', (backend) => {
  it('reconciles an action claimed before a crash from the order book by its tag, with one set of orders', async () => {
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
      expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.status])).toEqual([['enter', 'claimed']]);
      const placed = await t.orders('daily', bot.id);
      expect(placed.map((order) => order.status)).toEqual(['COMPLETE', 'COMPLETE']);

      // A new instance (the crashed one is gone) on the same database.
      restarted = await startTestServer({ backend, database, clock: t.server.clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: t.market.source });
      const engine = engineOf(restarted);
      t.at(monday, '09:20', 10);
      expect((await engine.tick(t.server.clock.now())).acted).toBe(0);
      t.at(monday, '09:21');
      expect((await engine.tick(t.server.clock.now())).acted).toBe(1);
      t.at(monday, '09:22');
      expect((await engine.tick(t.server.clock.now())).acted).toBe(0);

      expect(await t.orders('daily', bot.id)).toEqual(placed);
      const [entry] = await t.actions('daily', bot.id);
      expect(entry).toMatchObject({ action: 'enter', status: 'completed' });
      expect([...entry!.order_ids].sort()).toEqual(placed.map((order) => order.order_id).sort());
      expect(await t.run('daily', bot.id)).toMatchObject({ state: 'in_position', entries: 1 });
      expect((await t.alerts(bot.id)).map((alert) => alert.event)).toEqual(['bot_entered']);
    } finally {
      await restarted?.close();
      await t.server.close();
      await database.close();
    }
  });

  it('reconciles a per-leg stop claimed before a crash: that leg bought back once, the other leg kept', async () => {
    const database = await createMigratedTestDatabase(backend);
    let calls = 0;
    const t = await openBotDesk(backend, {
      database,
      engineHooks: {
        afterBrokerCall: (action) => {
          calls += 1;
          if (action.phase === 'adjust' && calls === 2) throw new Error('power cut after the broker call');
        },
      },
    });
    let restarted: TestServer | undefined;
    try {
      const bot = await t.createDaily({ stop_loss_pct: 100, target_pct: 90, params: { leg_stop_loss_pct: 30, move_sl_to_cost: false } });
      t.straddle(100.25, 100.25);
      t.at(monday, '09:20');
      await t.tick();
      t.straddle(131, 95);
      t.at(monday, '10:00');
      expect(await t.tick()).toMatchObject({ acted: 0, failed: 1 });
      expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.status])).toEqual([
        ['enter', 'completed'],
        ['leg_stop_loss', 'claimed'],
      ]);

      restarted = await startTestServer({ backend, database, clock: t.server.clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: t.market.source });
      const engine = engineOf(restarted);
      t.at(monday, '10:01');
      expect((await engine.tick(t.server.clock.now())).acted).toBe(1);
      t.at(monday, '10:02');
      expect((await engine.tick(t.server.clock.now())).acted).toBe(0);
      expect((await t.orders('daily', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type])).toEqual([
        [t.symbol(0, 'CE'), 'SELL'],
        [t.symbol(0, 'PE'), 'SELL'],
        [t.symbol(0, 'CE'), 'BUY'],
      ]);
      expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.status])).toEqual([
        ['enter', 'completed'],
        ['leg_stop_loss', 'completed'],
      ]);
      expect(await t.run('daily', bot.id)).toMatchObject({ state: 'in_position' });
      expect((await t.alerts(bot.id)).map((alert) => alert.event)).toEqual(['bot_entered', 'bot_stop_loss']);
    } finally {
      await restarted?.close();
      await t.server.close();
      await database.close();
    }
  });

  it('acts once when two server instances tick at the same moment', async () => {
    const database = await createMigratedTestDatabase(backend);
    const t = await openBotDesk(backend, { database, capital: 2_000_000 });
    const second = await startTestServer({ backend, database, clock: t.server.clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: t.market.source });
    try {
      const bots = [await t.createDaily(), await t.createDaily(), await t.createDaily()];
      t.straddle(100.25, 100.25);
      t.at(monday, '09:20');
      const both = async () => {
        const counts = await Promise.all([t.tick(), engineOf(second).tick(t.server.clock.now()), t.tick(), engineOf(second).tick(t.server.clock.now())]);
        return counts.reduce((sum, count) => sum + count.acted, 0);
      };
      expect(await both()).toBe(3);
      t.at(monday, '15:10');
      expect(await both()).toBe(3);
      for (const bot of bots) {
        expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.status])).toEqual([
          ['enter', 'completed'],
          ['exit', 'completed'],
        ]);
        expect((await t.orders('daily', bot.id)).map((order) => order.transaction_type)).toEqual(['SELL', 'SELL', 'BUY', 'BUY']);
        expect((await t.alerts(bot.id)).map((alert) => alert.event)).toEqual(['bot_entered', 'bot_exited']);
      }
    } finally {
      await second.close();
      await t.server.close();
      await database.close();
    }
  });

  // PostgreSQL only: on PGlite (one connection) a transaction holds every other query back, so the other
  // instance cannot act between this tick's reads and the race cannot happen.
  it.runIf(backend === 'postgres')('reads the bots, runs, actions and held legs as one snapshot while another instance enters', async () => {
    const database = await createMigratedTestDatabase(backend);
    const t = await openBotDesk(backend, { database });
    // The second instance's tick stops after reading today's runs until the first instance has entered.
    let reachedRuns = () => undefined as void;
    const atRuns = new Promise<void>((resolve) => (reachedRuns = resolve));
    let firstEntered = () => undefined as void;
    const entered = new Promise<void>((resolve) => (firstEntered = resolve));
    let armed = false;
    const heldAfterRuns = (q: Queryable): Queryable => ({
      ...q,
      query: async (sql, params) => {
        const result = await q.query(sql, params);
        if (armed && sql.includes('FROM bot_runs WHERE trading_day')) {
          armed = false;
          reachedRuns();
          await entered;
        }
        return result as never;
      },
    });
    const secondDatabase: Database = { ...database, ...heldAfterRuns(database), transaction: (fn) => database.transaction((tx) => fn(heldAfterRuns(tx))) };
    const second = await startTestServer({ backend, database: secondDatabase, clock: t.server.clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: t.market.source });
    try {
      const bot = await t.createDaily();
      t.straddle(100.25, 100.25);
      t.at(monday, '09:20');
      armed = true;
      const secondTick = engineOf(second).tick(t.server.clock.now());
      await atRuns;
      expect((await t.tick()).acted).toBe(1);
      firstEntered();
      // Its reads after the runs still see the moment before the entry: no run, no action, nothing held.
      expect((await secondTick).acted).toBe(0);
      expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.status])).toEqual([['enter', 'completed']]);
      expect((await t.orders('daily', bot.id)).map((order) => order.transaction_type)).toEqual(['SELL', 'SELL']);
      expect(await t.run('daily', bot.id)).toMatchObject({ state: 'in_position', entries: 1 });
    } finally {
      await second.close();
      await t.server.close();
      await database.close();
    }
  });
});
