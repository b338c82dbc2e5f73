// Which contracts a bot's entry sends (bot-intents.ts): its strategy's legs placed by its parameters in strike
// steps from the money (call_distance, put_distance, wing_width, strike_offset, spread_width), hedges bought
// before sells, lots × lot size each; and its exit, shorts bought back before longs are sold. One server;
// each test its own bot, on Monday 23 November 2026 (spot on a strike, 50-point steps).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monday, openBotDesk, type BotDesk } from './bot-desk.ts';
import { testBackends } from '../support/test-database.ts';

describe.each(testBackends)("a bot's entry legs on %s", (backend) => {
  let t: BotDesk;

  beforeAll(async () => {
    t = await openBotDesk(backend, { capital: 5_000_000 });
    for (let steps = -8; steps <= 8; steps += 1) {
      t.price(steps, 'CE', 100 - 5 * steps);
      t.price(steps, 'PE', 100 + 5 * steps);
    }
  });

  afterAll(async () => {
    await t.server.close();
  });

  const sent = async (botId: number) => (await t.orders('daily', botId)).map((order) => [order.tradingsymbol, order.transaction_type, order.quantity, order.status]);

  it('places an iron condor at its call and put distances with wings of its width, hedges first, and exits shorts first', async () => {
    const bot = await t.createDaily({ strategy: 'iron_condor', lots: 2, entry_time: '09:20', exit_time: '09:30', params: { call_distance: 2, put_distance: 3, wing_width: 2 } });
    const quantity = 2 * t.desk.lotSize;
    t.at(monday, '09:20');
    await t.tick();
    expect(await sent(bot.id)).toEqual([
      [t.symbol(4, 'CE'), 'BUY', quantity, 'COMPLETE'],
      [t.symbol(-5, 'PE'), 'BUY', quantity, 'COMPLETE'],
      [t.symbol(2, 'CE'), 'SELL', quantity, 'COMPLETE'],
      [t.symbol(-3, 'PE'), 'SELL', quantity, 'COMPLETE'],
    ]);
    t.at(monday, '09:30');
    await t.tick();
    const exit = (await sent(bot.id)).slice(4);
    expect(exit.map(([, side, count]) => [side, count])).toEqual([
      ['BUY', quantity],
      ['BUY', quantity],
      ['SELL', quantity],
      ['SELL', quantity],
    ]);
    expect(new Set(exit.slice(0, 2).map(([symbol]) => symbol))).toEqual(new Set([t.symbol(2, 'CE'), t.symbol(-3, 'PE')]));
  });

  it('places wings 4 steps out when the bot names no width', async () => {
    const bot = await t.createDaily({ strategy: 'iron_condor', entry_time: '09:40', exit_time: '09:50', params: { call_distance: 1, put_distance: 2 } });
    t.at(monday, '09:40');
    await t.tick();
    expect((await sent(bot.id)).map(([symbol, side]) => [symbol, side])).toEqual([
      [t.symbol(5, 'CE'), 'BUY'],
      [t.symbol(-6, 'PE'), 'BUY'],
      [t.symbol(1, 'CE'), 'SELL'],
      [t.symbol(-2, 'PE'), 'SELL'],
    ]);
  });

  it('places a bull call spread at its strike offset and spread width', async () => {
    const bot = await t.createDaily({ strategy: 'bull_call_spread', entry_time: '10:00', exit_time: '10:10', params: { strike_offset: -1, spread_width: 3 } });
    t.at(monday, '10:00');
    await t.tick();
    expect((await sent(bot.id)).map(([symbol, side]) => [symbol, side])).toEqual([
      [t.symbol(-1, 'CE'), 'BUY'],
      [t.symbol(2, 'CE'), 'SELL'],
    ]);
  });
});
