// An entry past its re-pricing limit goes where the trader's execution policy says (issue 60): with "go to the
// protected market" the same order is modified to MARKET and fills at the touch inside the exchange's market
// protection, the step says so and the trader is told the entry was given up on LIMIT; the bot's entry then
// settles as filled. (Cancelling instead, and an exit that never gives up, are limit-only.test.ts's.)
import { describe, expect, it } from 'vitest';
import { botDeskPerFile, monday, type BotDesk } from '../bots/bot-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { executionCalls, limitPolicy } from './execution-desk.ts';

describe.each(testBackends)('an entry past its re-pricing limit on %s', (backend) => {
  let t: BotDesk;
  botDeskPerFile(backend, {}, (desk) => (t = desk));

  it('goes to the protected market when the trader chose it, and fills there', async () => {
    const { setPolicy, reprice, steps, enterWithCallUnbid } = executionCalls(t);
    // A paper account with no limit-only broker: the market fallback is the trader's to choose.
    const set = await setPolicy({ ...limitPolicy, entry_fallback: 'market' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.execution).toMatchObject({ mode: 'limit_reprice', entry_fallback: 'market', max_tries: 2 });
    // Nobody bids the call: its sell rests at the last price less a tick; the put fills at its bid.
    const { bot, call } = await enterWithCallUnbid();
    const callOrder = async () => (await t.orders('daily', bot.id)).find((order) => order.tradingsymbol === call)!;
    expect((await callOrder()).status).toBe('OPEN');

    // Its second price, still unfilled; then, past its two tries, a bid below the limit: to the market, and filled there.
    t.at(monday, '09:20', 10);
    await reprice();
    expect((await callOrder()).status).toBe('OPEN');
    t.market.set(call, { bid: 98.5, ask: 99, last: 98.75, close: 100 });
    t.at(monday, '09:20', 20);
    expect((await reprice()).worked).toBe(1);

    const order = await callOrder();
    expect(order.status).toBe('COMPLETE');
    const filled = await t.server.db.query<{ order_type: string; filled_value_paise: string; filled_quantity: number }>(
      'SELECT order_type, filled_value_paise, filled_quantity FROM paper_orders WHERE order_id = $1',
      [order.order_id],
    );
    // The same order, modified to MARKET (no second order), filled at the bid.
    expect(filled.rows[0]).toMatchObject({ order_type: 'MARKET' });
    expect(Number(filled.rows[0]!.filled_value_paise) / filled.rows[0]!.filled_quantity).toBe(9850);
    expect((await t.orders('daily', bot.id)).filter((placed) => placed.tradingsymbol === call)).toHaveLength(1);
    expect((await steps()).filter((step) => step.tradingsymbol === call).map((step) => [step.reason, step.state])).toEqual([
      ['placed', 'filled'],
      ['held', 'filled'],
      ['market', 'filled'],
    ]);
    expect((await t.alerts(bot.id)).map((alert) => alert.event)).toContain('order_reprice_gave_up');

    // The engine settles the entry once its orders are final: entered, short both legs.
    t.at(monday, '09:20', 31);
    await t.tick();
    expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.status])).toEqual([['enter', 'completed']]);
  });
});
