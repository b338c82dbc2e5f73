// The kill switch and a bot on a live Kite account, through the same broker interface as on paper: arming
// cancels every working order at Kite and closes every position at market, shorts bought back before longs
// sold, each exit under the share's portfolio; a daily bot enters at its time with its action's key as the
// orders' tag, is seen holding its legs (from the mirrored fills), exits at its time, and acts once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { istOffsetMs } from '../../../server/services/market/ist.ts';
import { testBackends } from '../support/test-database.ts';
import { baseStrategies, createPortfolio, dailyBotBody } from '../support/trading.ts';
import { liveBotReady, openKiteDesk, startKiteStack, type KiteDesk, type KiteStack } from './kite-desk.ts';

type Schemas = components['schemas'];

const friday = '2026-11-20';
const istInstant = (time: string) => new Date(Date.parse(`${friday}T${time}:00Z`) - istOffsetMs);

describe.each(testBackends)('the kill switch and a bot on a Kite account on %s', (backend) => {
  let stack: KiteStack;
  let desk: KiteDesk;

  beforeAll(async () => {
    stack = await startKiteStack(backend, { clockStart: istInstant('09:30') });
  });

  afterAll(async () => {
    await stack.close();
  });

  beforeEach(async () => {
    stack.server.clock.advance(1000);
    desk = await openKiteDesk(stack);
  });

  const at = (time: string) => stack.server.clock.advance(istInstant(time).getTime() - stack.server.clock.now().getTime());

  /**
   * A daily short-straddle bot of one lot on the desk's account, entering and exiting at the times given,
   * with StrikeDesk's market (the engine's decisions) and Kite's (the fills) agreeing on the prices.
   */
  const straddleBot = async (entryTime: string, exitTime: string) => {
    const portfolio = await createPortfolio(stack.call, desk.token, desk.account.id);
    const strategy = (await baseStrategies(stack.call, desk.token)).get('short_straddle')!.id;
    const live = await liveBotReady(stack, desk);
    const created = await stack.call<{ daily_bot: Schemas['DailyBot'] }>('createDailyBot', {
      token: desk.token,
      params: { portfolioId: portfolio.id },
      body: live(dailyBotBody(portfolio.id, strategy, { lots: 1, weekdays: [5], entry_time: entryTime, exit_time: exitTime, params: {} })),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.daily_bot.mode).toBe('live');
    const [call, put] = [desk.symbol(desk.atm, 'CE'), desk.symbol(desk.atm, 'PE')];
    stack.market.spot(desk.atm);
    for (const [symbol, rupees] of [[call, 120], [put, 110]] as const) {
      stack.market.set(symbol, { bid: rupees - 0.25, ask: rupees + 0.25, last: rupees, close: rupees });
      stack.kite.control.setPrice(`NFO:${symbol}`, rupees);
    }
    return { bot: created.body.daily_bot, portfolio, call, put };
  };

  it('cancels every working order and flattens through the adapter, the short bought back before the long is sold', async () => {
    const portfolio = await createPortfolio(stack.call, desk.token, desk.account.id);
    const [call, put] = [desk.symbol(desk.atm, 'CE'), desk.symbol(desk.atm, 'PE')];
    stack.kite.control.setPrice(`NFO:${call}`, 120);
    stack.kite.control.setPrice(`NFO:${put}`, 130);
    await desk.place([desk.order(call, 'BUY', 2 * desk.lotSize)], { portfolio_id: portfolio.id });
    await desk.place([desk.order(put, 'SELL', desk.lotSize)]);
    const stop = await desk.trade('placeStopLossOrder', desk.order(call, 'SELL', 2 * desk.lotSize, { order_type: 'SL', price: 94.5, trigger_price: 95, portfolio_id: portfolio.id }));
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    const resting = await desk.place([desk.order(call, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 100 })]);
    expect(resting.body.orders[0]!.status).toBe('OPEN');

    stack.server.clock.advance(1000);
    const armed = await stack.call<Schemas['KillSwitchResult']>('armKillSwitch', {
      token: desk.token,
      body: { account_number: desk.accountNumber, source: 'header' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    const [result] = armed.body.accounts;
    expect(result!.flat).toBe(true);
    expect(result!.cancelled.map((order) => order.order_id).sort()).toEqual([stop.body.orders[0]!.order_id, resting.body.orders[0]!.order_id].sort());
    expect(result!.cancelled.every((order) => order.status === 'CANCELLED')).toBe(true);
    expect(result!.exits.map((order) => [order.transaction_type, order.tradingsymbol, order.quantity, order.status, order.portfolio_id])).toEqual([
      ['BUY', put, desk.lotSize, 'COMPLETE', null],
      ['SELL', call, 2 * desk.lotSize, 'COMPLETE', portfolio.id],
    ]);
    // At Kite: nothing working, nothing open.
    const working = stack.kite.control.orders().filter((order) => order!.placed_by === desk.accountNumber && ['OPEN', 'TRIGGER PENDING'].includes(order!.status));
    expect(working).toEqual([]);
    const positions = await desk.positionBook();
    expect(positions.body.position_book.net.filter((position) => position.quantity !== 0)).toEqual([]);
    // New entries are refused before Kite is asked.
    const calls = stack.network.calls().length;
    const refused = await desk.place([desk.order(call, 'BUY', desk.lotSize)]);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'kill_switch_armed' });
    expect(stack.network.calls().slice(calls).filter((line) => line.startsWith('POST /orders'))).toEqual([]);
  });

  it('runs a daily bot on Kite: enters at its time, holds its legs, exits at its time, once', async () => {
    const { bot, portfolio, call, put } = await straddleBot('10:05', '10:30');
    const tick = () => stack.services.botEngine.tick(stack.server.clock.now());
    const botOrders = async () =>
      (await stack.server.db.query<{ order_id: string; tradingsymbol: string; transaction_type: string; status: string; tag: string; purpose: string }>(
        "SELECT order_id, tradingsymbol, transaction_type, status, tag, purpose FROM kite_orders WHERE bot_kind = 'daily' AND bot_id = $1 ORDER BY id",
        [bot.id],
      )).rows;

    at('10:05');
    await tick();
    const entered = await botOrders();
    expect(entered.map((order) => [order.transaction_type, order.tradingsymbol, order.status, order.purpose])).toEqual([
      ['SELL', call, 'COMPLETE', 'entry'],
      ['SELL', put, 'COMPLETE', 'entry'],
    ]);
    const run = async () => (await stack.server.db.query<{ state: string; entries: number }>('SELECT state, entries FROM bot_runs WHERE bot_kind = $1 AND bot_id = $2', ['daily', bot.id])).rows[0];
    expect(await run()).toMatchObject({ state: 'in_position', entries: 1 });
    // Kite has the orders under the action's key, and StrikeDesk groups the position under the bot.
    expect(stack.kite.control.orders().filter((order) => order!.tag === entered[0]!.tag)).toHaveLength(2);
    const byBot = await stack.call<Schemas['PositionsByBotResponse']>('getPositionsByBot', { token: desk.token, params: { portfolioId: portfolio.id } });
    expect(byBot.body.data.groups.map((group) => [group.bot?.id ?? null, group.positions.map((position) => position.quantity)])).toEqual([[bot.id, [-desk.lotSize, -desk.lotSize]]]);

    // The bot's card marks its legs at Kite's prices, never the simulator's: Kite's call up ₹10 costs the short
    // ₹10 a unit; the simulator's call moved ₹300 changes nothing.
    const pnlToday = async () =>
      (await stack.call<Schemas['BotStatesResponse']>('getBotStates', { token: desk.token, params: { portfolioId: portfolio.id } })).body.bots.find((one) => one.bot_id === bot.id)!.pnl_today;
    at('10:06');
    const before = await pnlToday();
    expect(before).not.toBeNull();
    stack.kite.control.setPrice(`NFO:${call}`, 130);
    stack.market.set(call, { bid: 419.75, ask: 420.25, last: 420, close: 420 });
    at('10:07');
    expect((await pnlToday())! - before!).toBeCloseTo(-10 * desk.lotSize, 2);
    stack.kite.control.setPrice(`NFO:${call}`, 120);
    stack.market.set(call, { bid: 119.75, ask: 120.25, last: 120, close: 120 });

    at('10:10');
    await tick();
    expect(await botOrders()).toHaveLength(2);
    at('10:30');
    await tick();
    const all = await botOrders();
    expect(all.slice(2).map((order) => [order.transaction_type, order.status, order.purpose])).toEqual([
      ['BUY', 'COMPLETE', 'squareoff'],
      ['BUY', 'COMPLETE', 'squareoff'],
    ]);
    expect(await run()).toMatchObject({ state: 'exited', entries: 1 });
    at('10:31');
    await tick();
    expect(await botOrders()).toHaveLength(4);
    const atKite = stack.kite.control.orders().filter((order) => all.some((mine) => mine.tag === order!.tag));
    expect(atKite).toHaveLength(4);
  });

  it("leaves a bot's entry claimed when Kite's answer is lost, and reconciles it from the book once the claim is stale, placing nothing twice", async () => {
    const { bot } = await straddleBot('11:05', '11:30');
    const tick = () => stack.services.botEngine.tick(stack.server.clock.now());
    const action = async () =>
      (await stack.server.db.query<{ status: string; idempotency_key: string }>("SELECT status, idempotency_key FROM bot_actions WHERE bot_kind = 'daily' AND bot_id = $1 AND phase = 'entry'", [bot.id])).rows[0];

    at('11:05');
    // The first leg reaches Kite but its answer is lost, and the book cannot be read right after (the
    // engine's own look for the tag before placing is the first read).
    stack.kite.control.dropNextPlaceAnswer();
    stack.network.failNext('GET', '/orders', 1);
    await tick();
    const claimed = await action();
    expect(claimed?.status).toBe('claimed');
    const atKite = () => stack.kite.control.orders().filter((order) => order!.tag === claimed!.idempotency_key);
    expect(atKite()).toHaveLength(1);

    stack.server.clock.advance(31_000);
    await tick();
    expect((await action())?.status).toBe('completed');
    // The lost leg is found by its tag; nothing was placed twice, and the bot knows what it holds.
    expect(atKite()).toHaveLength(1);
    const run = (await stack.server.db.query<{ state: string }>('SELECT state FROM bot_runs WHERE bot_kind = $1 AND bot_id = $2', ['daily', bot.id])).rows[0];
    expect(run?.state).not.toBe('entering');
  });

  it("exits what a bot's entry placed when Kite refuses a later leg at the door", async () => {
    const { bot, call, put } = await straddleBot('12:05', '12:30');
    // The earlier tests' bots act first (their exits), so this bot's entry is the only one at 12:05.
    at('12:04');
    await stack.services.botEngine.tick(stack.server.clock.now());
    at('12:05');
    stack.kite.control.refusePlacement(1, 'MarginException', 'Insufficient funds.');
    await stack.services.botEngine.tick(stack.server.clock.now());
    const orders = (await stack.server.db.query<{ tradingsymbol: string; transaction_type: string; status: string; purpose: string }>(
      "SELECT tradingsymbol, transaction_type, status, purpose FROM kite_orders WHERE bot_kind = 'daily' AND bot_id = $1 ORDER BY id",
      [bot.id],
    )).rows;
    expect(orders.map((order) => [order.transaction_type, order.tradingsymbol, order.status, order.purpose])).toEqual([
      ['SELL', call, 'COMPLETE', 'entry'],
      ['SELL', put, 'REJECTED', 'entry'],
      ['BUY', call, 'COMPLETE', 'squareoff'],
    ]);
    const run = (await stack.server.db.query<{ state: string }>('SELECT state FROM bot_runs WHERE bot_kind = $1 AND bot_id = $2', ['daily', bot.id])).rows[0];
    expect(run).toMatchObject({ state: 'exited' });
    // The trader is told why, in Kite's words.
    const alerts = (await stack.server.db.query<{ body: string }>('SELECT body FROM alerts WHERE broker_account_id = $1 ORDER BY id', [desk.account.id])).rows;
    expect(alerts.some((alert) => alert.body.includes('Insufficient funds.'))).toBe(true);
  });

  it("waits for a bot's entry that Kite has not filled yet, then holds what filled; cancels what is still working after two minutes", async () => {
    // The earlier tests' bots act first (their exits), so these bots' entries are the only ones at their times.
    at('13:04');
    await stack.services.botEngine.tick(stack.server.clock.now());
    const { bot, call, put } = await straddleBot('13:05', '13:55');
    const tick = () => stack.services.botEngine.tick(stack.server.clock.now());
    const entry = async () =>
      (await stack.server.db.query<{ status: string; idempotency_key: string }>("SELECT status, idempotency_key FROM bot_actions WHERE bot_kind = 'daily' AND bot_id = $1 AND phase = 'entry'", [bot.id])).rows[0]!;
    const run = async () => (await stack.server.db.query<{ state: string }>('SELECT state FROM bot_runs WHERE bot_kind = $1 AND bot_id = $2', ['daily', bot.id])).rows[0]?.state;

    at('13:05');
    stack.kite.control.holdFills();
    await tick();
    // Placed, not filled: neither refused nor entered; the action waits.
    expect((await entry()).status).toBe('claimed');
    const { idempotency_key: key } = await entry();
    const atKite = () => stack.kite.control.orders().filter((order) => order!.tag === key);
    expect(atKite().map((order) => order!.status)).toEqual(['OPEN', 'OPEN']);
    stack.server.clock.advance(31_000);
    await tick();
    expect((await entry()).status).toBe('claimed');

    // The exchange fills both: the next look settles the entry, in position, nothing placed again.
    for (const order of atKite()) stack.kite.control.fillOrder(order!.order_id);
    stack.kite.control.holdFills(false);
    stack.server.clock.advance(1000);
    await tick();
    expect((await entry()).status).toBe('completed');
    expect(await run()).toBe('in_position');
    expect(atKite()).toHaveLength(2);
    expect([call, put].sort()).toEqual(atKite().map((order) => order!.tradingsymbol).sort());
  });

  it("cancels a bot's entry Kite left working for two minutes, and exits the leg that filled", async () => {
    at('14:04');
    await stack.services.botEngine.tick(stack.server.clock.now());
    const { bot, call, put } = await straddleBot('14:05', '14:55');
    const tick = () => stack.services.botEngine.tick(stack.server.clock.now());
    const orders = async () =>
      (await stack.server.db.query<{ tradingsymbol: string; transaction_type: string; status: string; purpose: string }>(
        "SELECT tradingsymbol, transaction_type, status, purpose FROM kite_orders WHERE bot_kind = 'daily' AND bot_id = $1 ORDER BY id",
        [bot.id],
      )).rows.map((order) => [order.transaction_type, order.tradingsymbol, order.status, order.purpose]);

    at('14:05');
    stack.kite.control.holdFills();
    await tick();
    const callOrder = stack.kite.control.orders().find((order) => order!.tradingsymbol === call && order!.status === 'OPEN' && order!.transaction_type === 'SELL');
    stack.kite.control.fillOrder(callOrder!.order_id);
    stack.kite.control.holdFills(false);
    stack.server.clock.advance(60_000);
    await tick();
    expect(await orders()).toEqual([
      ['SELL', call, 'COMPLETE', 'entry'],
      ['SELL', put, 'OPEN', 'entry'],
    ]);
    // A millisecond before two minutes the put still works; at two minutes after the entry it is cancelled at
    // Kite, and the call that filled is bought back.
    stack.server.clock.advance(59_999);
    await tick();
    expect((await orders()).map(([, , status]) => status)).toEqual(['COMPLETE', 'OPEN']);
    stack.server.clock.advance(1);
    await tick();
    expect(await orders()).toEqual([
      ['SELL', call, 'COMPLETE', 'entry'],
      ['SELL', put, 'CANCELLED', 'entry'],
      ['BUY', call, 'COMPLETE', 'squareoff'],
    ]);
  });

  it("waits while Kite has not confirmed cancelling a bot's entry, and holds the leg the exchange filled first", async () => {
    at('14:29');
    await stack.services.botEngine.tick(stack.server.clock.now());
    const { bot, call, put } = await straddleBot('14:30', '14:58');
    const tick = () => stack.services.botEngine.tick(stack.server.clock.now());
    const orders = async () =>
      (await stack.server.db.query<{ tradingsymbol: string; transaction_type: string; status: string }>(
        "SELECT tradingsymbol, transaction_type, status FROM kite_orders WHERE bot_kind = 'daily' AND bot_id = $1 ORDER BY id",
        [bot.id],
      )).rows.map((order) => [order.transaction_type, order.tradingsymbol, order.status]);
    const entry = async () => (await stack.server.db.query<{ status: string }>("SELECT status FROM bot_actions WHERE bot_kind = 'daily' AND bot_id = $1 AND phase = 'entry'", [bot.id])).rows[0]?.status;
    const run = async () => (await stack.server.db.query<{ state: string }>('SELECT state FROM bot_runs WHERE bot_kind = $1 AND bot_id = $2', ['daily', bot.id])).rows[0]?.state;

    at('14:30');
    stack.kite.control.holdFills();
    await tick();
    const putOrder = stack.kite.control.orders().find((order) => order!.tradingsymbol === put && order!.status === 'OPEN' && order!.transaction_type === 'SELL')!;
    const callOrder = stack.kite.control.orders().find((order) => order!.tradingsymbol === call && order!.status === 'OPEN' && order!.transaction_type === 'SELL')!;
    stack.kite.control.fillOrder(callOrder.order_id);
    stack.kite.control.holdFills(false);

    // Two minutes on, the put is cancelled, but Kite has not confirmed it: a working order, not a refused
    // leg. Settling now would buy the call back while the put can still fill, leaving a naked short put.
    stack.kite.control.holdCancels();
    stack.server.clock.advance(120_000);
    await tick();
    expect(await orders()).toEqual([
      ['SELL', call, 'COMPLETE'],
      ['SELL', put, 'CANCEL PENDING'],
    ]);
    expect(await entry()).toBe('claimed');
    // A look while Kite still has it pending waits again, without an error.
    stack.server.clock.advance(1000);
    expect((await tick()).failed).toBe(0);
    expect(await orders()).toHaveLength(2);
    expect(await entry()).toBe('claimed');

    // The exchange fills the put before it processes the cancellation: the bot holds its whole straddle.
    stack.kite.control.fillOrder(putOrder.order_id);
    stack.kite.control.holdCancels(false);
    stack.server.clock.advance(1000);
    await tick();
    expect(await orders()).toEqual([
      ['SELL', call, 'COMPLETE'],
      ['SELL', put, 'COMPLETE'],
    ]);
    expect(await entry()).toBe('completed');
    expect(await run()).toBe('in_position');
  });

  it("runs a live bot on Kite's prices, not the simulator's: its strikes and its stop-loss", async () => {
    at('14:59');
    await stack.services.botEngine.tick(stack.server.clock.now());
    const { bot, call, put } = await straddleBot('15:00', '15:25');
    // The simulator's NIFTY is two strikes higher than Kite's: the bot sells Kite's at-the-money strike.
    stack.market.spot(desk.atm + 2 * (desk.strikes[1]! - desk.strikes[0]!));
    const tick = () => stack.services.botEngine.tick(stack.server.clock.now());
    const exits = async () =>
      (await stack.server.db.query<{ action: string; status: string }>("SELECT action, status FROM bot_actions WHERE bot_kind = 'daily' AND bot_id = $1 AND phase = 'exit'", [bot.id])).rows;
    at('15:00');
    await tick();
    const entered = await stack.server.db.query<{ tradingsymbol: string }>("SELECT tradingsymbol FROM kite_orders WHERE bot_kind = 'daily' AND bot_id = $1 AND purpose = 'entry' ORDER BY id", [bot.id]);
    expect(entered.rows.map((order) => order.tradingsymbol)).toEqual([call, put]);
    const run = async () => (await stack.server.db.query<{ state: string }>('SELECT state FROM bot_runs WHERE bot_kind = $1 AND bot_id = $2', ['daily', bot.id])).rows[0]?.state;
    expect(await run()).toBe('in_position');

    // The simulator says the call doubled; Kite says it did not move: the bot holds.
    stack.market.set(call, { bid: 249.75, ask: 250.25, last: 250, close: 120 });
    stack.server.clock.advance(2000);
    await tick();
    expect(await exits()).toEqual([]);
    // Kite says it did: the stop-loss (25 % of the ₹230 credit) is hit, and the bot exits at once.
    stack.market.set(call, { bid: 119.75, ask: 120.25, last: 120, close: 120 });
    stack.kite.control.setPrice(`NFO:${call}`, 250);
    stack.server.clock.advance(2000);
    await tick();
    expect(await exits()).toEqual([{ action: 'stop_loss', status: 'completed' }]);
    expect(await run()).not.toBe('in_position');
  });
});
