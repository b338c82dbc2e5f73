// Crash leftovers of a webhook alert (issue 61). A server that dies between an alert's order and its bookkeeping
// left the order placed once, the alert's log "working" for ever and its entry claimed, so an exit alert in the
// next 30 s was refused 409 bot_action_in_progress (and TradingView never sends it again). The crash is the
// broker call's hook never returning: the order is placed, nothing after it runs on that instance.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';
import { engineOf, istInstant, monday, openBotDesk, type BotDesk } from './bot-desk.ts';
import { webhookDesk } from './webhook-desk.ts';

const buyAtmCall = (alertId: string) => ({ action: 'enter', alert_id: alertId, legs: [{ strike: 'ATM', option_type: 'CE', side: 'BUY' }] });

describe.each(testBackends)('a webhook alert a crash interrupted, on %s', (backend) => {
  let t: BotDesk;
  let w: ReturnType<typeof webhookDesk>;
  let database: Database;
  let other: TestServer | undefined;
  /** The crash: set, the next broker call's hook says it was reached and never returns (until the test ends). */
  let crashNext: (() => void) | null = null;
  let release: ((error: Error) => void) | null = null;
  let stuck: Promise<unknown> | null = null;

  beforeEach(async () => {
    database = await createMigratedTestDatabase(backend);
    t = await openBotDesk(backend, {
      database,
      capital: 2_000_000,
      engineHooks: {
        afterBrokerCall: async () => {
          const reached = crashNext;
          if (reached === null) return;
          crashNext = null;
          reached();
          await new Promise<void>((_resolve, reject) => (release = reject));
        },
      },
    });
    w = webhookDesk(t);
    t.straddle(100.25, 100.25);
    t.at(monday, '10:00');
  });

  afterEach(async () => {
    // The dead instance's request is let go (it then logs its own refusal, after everything was read).
    release?.(new Error('test over'));
    release = null;
    await stuck?.catch(() => undefined);
    stuck = null;
    await other?.close();
    other = undefined;
    await t.server.close();
    await database.close();
  });

  /** An entry alert whose order is placed and whose instance then dies before its bookkeeping. */
  async function crashAfterEntryOrder(token: string, botId: number) {
    await new Promise<void>((resolve) => {
      crashNext = resolve;
      stuck = w.deliver(token, buyAtmCall('tv-crash'));
    });
    const orders = await t.orders('trading', botId);
    expect(orders.map((order) => [order.transaction_type, order.status])).toEqual([['BUY', 'COMPLETE']]);
    return orders;
  }

  it('settles the alert left working from the order book at start, and places an exit alert right after the restart once', async () => {
    const bot = await w.createBot();
    const { token } = await w.enable(bot.id);
    const [entryOrder] = await crashAfterEntryOrder(token!, bot.id);
    expect(await w.log(bot.id)).toMatchObject([{ alert_id: 'tv-crash', outcome: 'working', order_ids: [] }]);
    expect(await t.actions('trading', bot.id)).toMatchObject([{ action: 'enter', status: 'claimed' }]);

    // The server comes back 4 s later (the dead instance's claim is nowhere near the engine's 30 s).
    t.at(monday, '10:00', 4);
    other = await startTestServer({ backend, database, clock: t.server.clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: t.market.source });
    const [settled] = await w.log(bot.id);
    expect(settled).toMatchObject({ alert_id: 'tv-crash', outcome: 'placed', order_ids: [entryOrder!.order_id] });
    expect(settled!.message_i18n).toEqual({ code: 'webhook.placed', params: { orders: 1 } });
    expect(await t.actions('trading', bot.id)).toMatchObject([{ action: 'enter', status: 'completed', order_ids: [entryOrder!.order_id] }]);
    expect(await t.run('trading', bot.id)).toMatchObject({ state: 'in_position', entries: 1 });

    // TradingView's exit alert 2 s after the restart: placed, once.
    t.at(monday, '10:00', 6);
    const call = guardedClient(other.app);
    const exit = await w.deliver(token!, { action: 'exit', alert_id: 'tv-exit' }, { call });
    expect(exit.status, JSON.stringify(exit.body)).toBe(200);
    expect(exit.body).toMatchObject({ outcome: 'placed', order_ids: [expect.any(String) as string] });
    expect((await w.deliver(token!, { action: 'exit', alert_id: 'tv-exit' }, { call })).body.code).toBe('alert_duplicate');
    // Neither engine places anything again once the claim would have been stale.
    t.at(monday, '10:01');
    await engineOf(other).tick(t.server.clock.now());
    expect((await t.orders('trading', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type])).toEqual([
      [t.symbol(0, 'CE'), 'BUY'],
      [t.symbol(0, 'CE'), 'SELL'],
    ]);
    expect((await t.actions('trading', bot.id)).map((action) => [action.action, action.status])).toEqual([
      ['enter', 'completed'],
      ['signal_exit', 'completed'],
    ]);
  });

  it('an exit alert to a live instance settles the claim a dead one left from the order book by its tag, then exits once', async () => {
    const bot = await w.createBot();
    const { token } = await w.enable(bot.id);
    // The other instance was up all along: no start-up settles anything for it.
    other = await startTestServer({ backend, database, clock: t.server.clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: t.market.source });
    const [entryOrder] = await crashAfterEntryOrder(token!, bot.id);
    t.at(monday, '10:00', 3);
    const exit = await w.deliver(token!, { action: 'exit', alert_id: 'tv-exit' }, { call: guardedClient(other.app) });
    expect(exit.status, JSON.stringify(exit.body)).toBe(200);
    expect(exit.body.outcome).toBe('placed');
    expect(await t.actions('trading', bot.id)).toMatchObject([
      { action: 'enter', status: 'completed', order_ids: [entryOrder!.order_id] },
      { action: 'signal_exit', status: 'completed' },
    ]);
    expect((await t.orders('trading', bot.id)).map((order) => order.transaction_type)).toEqual(['BUY', 'SELL']);
    // The entry's alert is settled by the live instance's next tick.
    t.at(monday, '10:00', 5);
    await engineOf(other).tick(t.server.clock.now());
    const log = await w.log(bot.id);
    expect(log.map((entry) => [entry.alert_id, entry.outcome])).toEqual([
      ['tv-exit', 'placed'],
      ['tv-crash', 'placed'],
    ]);
  });

  it("joins an exit the bot's engine left claimed before its broker call: answered working, placed once by the engine's reconcile", async () => {
    const bot = await w.createBot();
    const { token } = await w.enable(bot.id);
    const entry = await w.deliver(token!, buyAtmCall('tv-1'));
    expect(entry.body.outcome).toBe('placed');
    // An exit claimed at 10:02 by an instance that died before calling the broker.
    await t.server.db.query(
      `INSERT INTO bot_actions (bot_kind, bot_id, trading_day, action, sequence, phase, status, claimed_at, idempotency_key)
       VALUES ('trading', $1, $2::date, 'exit', 1, 'exit', 'claimed', $3, $4)`,
      [bot.id, monday, istInstant(monday, '10:02'), `BT${bot.id}-261123-X1`],
    );
    t.at(monday, '10:02', 5);
    const exit = await w.deliver(token!, { action: 'exit', alert_id: 'tv-2' });
    expect(exit.status, JSON.stringify(exit.body)).toBe(200);
    expect(exit.body).toMatchObject({ outcome: 'working', order_ids: [] });
    expect(exit.body.message_i18n).toEqual({ code: 'webhook.exit_under_way', params: {} });
    expect((await t.orders('trading', bot.id)).map((order) => order.transaction_type)).toEqual(['BUY']);
    // Stale at 30 s: the engine takes the exit over and places it once; the alert's log says so.
    t.at(monday, '10:02', 40);
    await t.tick();
    expect((await t.orders('trading', bot.id)).map((order) => order.transaction_type)).toEqual(['BUY', 'SELL']);
    const [joined] = await w.log(bot.id);
    expect(joined).toMatchObject({ alert_id: 'tv-2', outcome: 'placed', order_ids: [expect.any(String) as string] });
  });
});

