// A paper account that behaves like a limit-only broker (Angel One from 1 April 2026, issue 60): it refuses
// MARKET with that broker's dated reason; a bot on it enters and exits by LIMIT orders re-priced at the touch,
// each step recorded; an exit past its try limit keeps being re-priced, and the trader is told; the kill switch
// flattens it. The clock is the test's, the re-pricer is ticked by hand.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { testBackends } from '../support/test-database.ts';
import { monday, openBotDesk, type BotDesk } from '../bots/bot-desk.ts';
import { executionCalls, limitPolicy as policy } from './execution-desk.ts';

type Schemas = components['schemas'];

describe.each(testBackends)('a limit-only paper account on %s', (backend) => {
  let t: BotDesk;
  let e: ReturnType<typeof executionCalls>;

  beforeEach(async () => {
    t = await openBotDesk(backend);
    e = executionCalls(t);
  });

  afterEach(async () => {
    await t.server.close();
  });

  it("refuses MARKET as Angel One does, with its dated reason, and refuses a policy that would send MARKET", async () => {
    const before = await t.call<Schemas['ExecutionPolicyResponse']>('getExecutionPolicy', { token: t.desk.token, params: { accountId: t.desk.account.id } });
    expect(before.body.execution).toMatchObject({ mode: 'market', stored: false, rules_of: 'paper', defaults_from: '2026-04-01' });
    expect(before.body.execution.limit_only_brokers.map((rule) => [rule.broker, rule.effective_from])).toEqual([['angelone', '2026-04-01']]);

    const market = await e.setPolicy({ ...policy, mode: 'market', paper_rules_of: 'angelone' });
    expect(market.status).toBe(400);
    expect(JSON.stringify(market.body)).toContain('Angel One refuses MARKET orders from API algos since 2026-04-01');

    const set = await e.setPolicy({ ...policy, paper_rules_of: 'angelone' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.execution).toMatchObject({ mode: 'limit_reprice', rules_of: 'angelone', paper_rules_of: 'angelone', stored: true });
    expect(set.body.execution.rules.map((rule) => rule.rule).sort()).toEqual(['no_ioc', 'no_market']);

    t.straddle(100, 90);
    const refused = await t.desk.place(t.symbol(0, 'CE'), 'BUY', t.desk.lotSize);
    expect(refused.status).toBe('REJECTED');
    expect(refused.status_message).toContain("Angel One refuses MARKET orders from API algos since 2026-04-01 (Angel One, \"What's changing in SmartAPI access");
    expect(refused.status_message_i18n).toMatchObject({ code: 'order.market_refused_by_broker', params: { broker: 'Angel One', since: '2026-04-01' } });
    // A LIMIT order goes through as on any account.
    const limit = await t.desk.place(t.symbol(0, 'CE'), 'BUY', t.desk.lotSize, { order_type: 'LIMIT', price: 100.25 });
    expect(limit.status).toBe('COMPLETE');
  });

  it('lets a bot enter and exit by re-pricing, each step recorded; an exit past its limit keeps going and the trader is told', async () => {
    expect((await e.setPolicy({ ...policy, paper_rules_of: 'angelone' })).status).toBe(200);
    const bot = await t.createDaily({ exit_time: '09:40' });
    const call = t.symbol(0, 'CE');
    const put = t.symbol(0, 'PE');
    t.straddle(100, 90);
    // Nobody bids the call: its sell rests at the last price less a tick, unfilled. The put fills at its bid.
    t.market.set(call, { bid: 0, ask: 100.25, last: 100, close: 100 });
    t.at(monday, '09:20');
    await t.tick();
    expect((await t.orders('daily', bot.id)).map((order) => [order.tradingsymbol, order.status])).toEqual([
      [call, 'OPEN'],
      [put, 'COMPLETE'],
    ]);

    // Ten seconds on, a bid below the resting limit: the sell is MODIFIED down to it (the same order) and fills.
    t.market.set(call, { bid: 98.75, ask: 99.25, last: 99, close: 100 });
    t.at(monday, '09:20', 10);
    expect((await e.reprice()).worked).toBe(1);
    const entryOrders = await t.orders('daily', bot.id);
    expect(entryOrders.map((order) => order.status)).toEqual(['COMPLETE', 'COMPLETE']);
    expect(entryOrders).toHaveLength(2);
    expect((await e.steps()).map((step) => [step.tradingsymbol, step.reason, step.new_price_paise === null ? null : Number(step.new_price_paise)])).toEqual([
      [call, 'placed', 9995],
      [put, 'placed', 8970],
      [put, 'filled', 8975],
      [call, 'repriced', 9870],
      [call, 'filled', 9875],
    ]);

    // The engine settles the entry once its orders are final (its claim is read again after 30 s).
    t.at(monday, '09:20', 31);
    await t.tick();
    expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.status])).toEqual([['enter', 'completed']]);

    // The exit at 09:40: nobody offers the call. Its buy-back rests at the last price plus a tick.
    t.market.set(call, { bid: 98.75, ask: 0, last: 99, close: 100 });
    t.at(monday, '09:40');
    await t.tick();
    const exitCall = (await t.orders('daily', bot.id)).filter((order) => order.purpose === 'squareoff' && order.tradingsymbol === call);
    expect(exitCall.map((order) => order.status)).toEqual(['OPEN']);

    // Two tries, then past the limit: it is not given up, and the trader is told each step and that it goes on.
    for (const seconds of [10, 20, 30]) {
      t.at(monday, '09:40', seconds);
      await e.reprice();
    }
    const working = await t.server.db.query<{ state: string; tries: number; over_limit_at: Date | null }>(
      `SELECT state, tries, over_limit_at FROM repricing_orders WHERE broker_account_id = $1 AND tradingsymbol = $2 AND exit ORDER BY id DESC LIMIT 1`,
      [t.desk.account.id, call],
    );
    expect(working.rows[0]).toMatchObject({ state: 'working', tries: 4 });
    expect(working.rows[0]!.over_limit_at).not.toBeNull();
    const told = (await t.alerts(bot.id)).filter((alert) => alert.event === 'order_repriced');
    expect(told.map((alert) => (alert.body_i18n as { code: string }).code)).toEqual([
      'alert.reprice_exit_step_body',
      'alert.reprice_exit_over_body',
      'alert.reprice_exit_step_body',
      'alert.reprice_exit_step_body',
    ]);
    // The order book says so: re-pricing, past its limit, with each step and the touch it was priced on.
    const shown = (await t.desk.orderBook()).order_book.find((order) => order.tradingsymbol === call && order.transaction_type === 'BUY');
    expect(shown?.repricing).toMatchObject({ state: 'working', exit: true, over_limit: true, tries: 4, max_tries: 2 });
    expect(shown?.repricing?.steps.map((step) => step.reason)).toEqual(['placed', 'held', 'over_limit', 'held', 'held']);
    expect(shown?.repricing?.steps[0]).toMatchObject({ new_price: 99.05, bid: 98.75, ask: 0, last: 99 });
    // The engine leaves it to the re-pricer past its own patience (it cancels working orders after 120 s).
    t.at(monday, '09:43');
    await t.tick();
    expect((await t.orders('daily', bot.id)).filter((order) => order.purpose === 'squareoff' && order.tradingsymbol === call).map((order) => order.status)).toEqual(['OPEN']);

    // An offer comes back: the next step moves the limit to it and the exit fills.
    t.market.set(call, { bid: 101, ask: 101.5, last: 101.25, close: 100 });
    t.at(monday, '09:43', 10);
    await e.reprice();
    expect((await t.orders('daily', bot.id)).filter((order) => order.purpose === 'squareoff').map((order) => order.status)).toEqual(['COMPLETE', 'COMPLETE']);
    expect((await t.alerts(bot.id)).some((alert) => (alert.body_i18n as { code: string } | null)?.code === 'alert.reprice_exit_filled_body')).toBe(true);
    t.at(monday, '09:44');
    await t.tick();
    expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.status])).toEqual([
      ['enter', 'completed'],
      ['exit', 'completed'],
    ]);
    expect(await t.desk.positionBook()).toSatisfy((book: Schemas['PositionBook']) => book.net.every((position) => position.quantity === 0));
  });

  it("cancels and places an exit again at the broker's cap of 25 modifications, once, and the bot's exit settles", async () => {
    expect((await e.setPolicy({ ...policy, max_tries: 40, max_seconds: 3600, paper_rules_of: 'angelone' })).status).toBe(200);
    const bot = await t.createDaily({ exit_time: '09:40' });
    const call = t.symbol(0, 'CE');
    t.straddle(100, 90);
    t.at(monday, '09:20');
    await t.tick();
    t.at(monday, '09:20', 31);
    await t.tick();
    // Nobody offers the call at the exit: its buy-back rests, and the last price moves each step.
    t.market.set(call, { bid: 98.75, ask: 0, last: 99, close: 100 });
    t.at(monday, '09:40');
    await t.tick();
    for (let step = 1; step <= 26; step += 1) {
      t.market.set(call, { bid: 98.75, ask: 0, last: step % 2 === 1 ? 99.5 : 99, close: 100 });
      t.at(monday, '09:40', step * 10);
      await e.reprice();
    }
    const exits = async () =>
      (
        await t.server.db.query<{ status: string; modifications: number; status_message: string | null; intent_key: string }>(
          `SELECT status, modifications, status_message, intent_key FROM paper_orders WHERE bot_id = $1 AND purpose = 'squareoff' AND tradingsymbol = $2 ORDER BY id`,
          [bot.id, call],
        )
      ).rows;
    const [original, replacement, ...more] = await exits();
    expect(original).toMatchObject({ status: 'CANCELLED', modifications: 25 });
    expect(original!.status_message).toContain('the broker takes no more modifications');
    expect(replacement).toMatchObject({ status: 'OPEN', modifications: 0 });
    expect(replacement!.intent_key).toMatch(/~r1$/);
    expect(more).toEqual([]);
    expect((await e.steps()).filter((step) => step.reason === 'replaced')).toHaveLength(1);

    // An offer: the replacement fills, and the bot's exit completes (the replaced order is no refusal).
    t.market.set(call, { bid: 100, ask: 100.5, last: 100.25, close: 100 });
    t.at(monday, '09:45');
    await e.reprice();
    expect((await exits()).map((order) => order.status)).toEqual(['CANCELLED', 'COMPLETE']);
    t.at(monday, '09:46');
    await t.tick();
    expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.status])).toEqual([
      ['enter', 'completed'],
      ['exit', 'completed'],
    ]);
  });

  it('gives an entry up after its tries, cancelling it as the policy says, and tells the trader', async () => {
    expect((await e.setPolicy({ ...policy, paper_rules_of: 'angelone' })).status).toBe(200);
    const { bot, call } = await e.enterWithCallUnbid();
    for (const seconds of [10, 20]) {
      t.at(monday, '09:20', seconds);
      await e.reprice();
    }
    const callOrder = (await t.orders('daily', bot.id)).find((order) => order.tradingsymbol === call)!;
    expect(callOrder.status).toBe('CANCELLED');
    const row = await t.server.db.query<{ status_message: string }>('SELECT status_message FROM paper_orders WHERE order_id = $1', [callOrder.order_id]);
    expect(row.rows[0]!.status_message).toBe("Not filled after 2 prices in 20 s: cancelled, as the account's execution policy says for an entry.");
    expect((await t.alerts(bot.id)).map((alert) => alert.event)).toContain('order_reprice_gave_up');
  });

  it("squares a position off by LIMIT at the touch (the trader's square-off, portfolio protection's), followed by the re-pricer", async () => {
    expect((await e.setPolicy({ ...policy, paper_rules_of: 'angelone' })).status).toBe(200);
    const put = t.symbol(0, 'PE');
    t.straddle(100, 90);
    t.at(monday, '09:30');
    expect((await t.desk.place(put, 'SELL', t.desk.lotSize, { order_type: 'LIMIT', price: 89.75 })).status).toBe('COMPLETE');
    // Nobody offers the put: the buy-back rests at the last price plus a tick, followed for re-pricing.
    t.market.set(put, { bid: 89.75, ask: 0, last: 90, close: 90 });
    const squared = await t.desk.trade('squareoffTrades', { positions: [{ tradingsymbol: put, exchange: 'NFO', product: 'NRML' }] });
    expect(squared.status, JSON.stringify(squared.body)).toBe(200);
    expect(squared.body.orders.map((order) => [order.order_type, order.price, order.status])).toEqual([['LIMIT', 90.05, 'OPEN']]);
    t.market.set(put, { bid: 91, ask: 91.5, last: 91.25, close: 90 });
    t.at(monday, '09:30', 10);
    await e.reprice();
    expect((await e.steps()).map((step) => [step.reason, step.new_price_paise === null ? null : Number(step.new_price_paise)])).toEqual([
      ['placed', 9005],
      ['repriced', 9155],
      ['filled', 9150],
    ]);
    expect((await t.desk.positionBook()).net.every((position) => position.quantity === 0)).toBe(true);
  });

  it('is flattened by the kill switch with LIMIT exits at the touch', async () => {
    expect((await e.setPolicy({ ...policy, paper_rules_of: 'angelone' })).status).toBe(200);
    t.straddle(100, 90);
    t.at(monday, '09:30');
    const sold = await t.desk.place(t.symbol(0, 'CE'), 'SELL', t.desk.lotSize, { order_type: 'LIMIT', price: 99.75 });
    expect(sold.status).toBe('COMPLETE');
    const armed = await t.call<Schemas['KillSwitchResult']>('armKillSwitch', {
      token: t.desk.token,
      body: { account_number: t.desk.accountNumber, source: 'header' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    const book = await t.desk.orderBook();
    const exits = book.order_book.filter((order) => order.tradingsymbol === t.symbol(0, 'CE') && order.transaction_type === 'BUY');
    // The buy-back went out as a LIMIT one tick over the offer (never MARKET, which the account refuses), and filled.
    expect(exits.map((order) => [order.order_type, order.price, order.status])).toEqual([['LIMIT', 100.3, 'COMPLETE']]);
    expect((await t.desk.positionBook()).net.every((position) => position.quantity === 0)).toBe(true);
    expect((await e.steps()).map((step) => step.reason)).toEqual(['placed', 'filled']);
  });
});
