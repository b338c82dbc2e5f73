// Which contracts a bot's entry sends (bot-intents.ts): its strategy's legs placed by its parameters in strike
// steps from the money (call_distance, put_distance, wing_width, strike_offset, spread_width), hedges bought
// before sells, lots × lot size each; and its exit, shorts bought back before longs are sold. One server;
// each test its own bot, on Monday 23 November 2026 (spot on a strike, 50-point steps).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPaise } from '../../../server/services/brokers/paper/paise.ts';
import { istInstant, monday, openBotDesk, type BotDesk } from './bot-desk.ts';
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

  const runOf = async (botId: number) =>
    (await t.server.db.query<{ state: string; entries: number; re_entries_used: number }>(`SELECT state, entries, re_entries_used FROM bot_runs WHERE bot_kind = 'trading' AND bot_id = $1 AND trading_day = $2::date`, [botId, monday]))
      .rows[0];
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

  it('re-enters the same strikes after a stop-loss (same_strike), though the money has moved, once their premium is back, hedges first', async () => {
    const bot = await t.createDaily({
      strategy: 'iron_condor',
      entry_time: '10:20',
      exit_time: '10:40',
      stop_loss_pct: 25,
      params: { call_distance: 2, put_distance: 2, wing_width: 2, re_entry: 'same_strike', max_re_entries: 1 },
    });
    const legs = [
      [t.symbol(4, 'CE'), 'BUY'],
      [t.symbol(-4, 'PE'), 'BUY'],
      [t.symbol(2, 'CE'), 'SELL'],
      [t.symbol(-2, 'PE'), 'SELL'],
    ];
    t.at(monday, '10:20');
    await t.tick();
    // Credit at the fills: two shorts sold at 89.75, two wings bought at 80.25, 19 a unit (the wings paid, not added).
    expect((await t.alerts(bot.id))[0]).toMatchObject({ event: 'bot_entered', body: `4 legs on NIFTY, net premium ${formatPaise(1900 * t.desk.lotSize)}.` });
    // The short call at 100 costs 30 to close: a loss of 11, over 25 % of 19.
    t.price(2, 'CE', 100);
    t.at(monday, '10:25');
    await t.tick();
    expect(await t.run('daily', bot.id)).toMatchObject({ state: 'waiting', reason: 'stop-loss hit', entries: 1 });
    // The money moves two steps up (a new ATM entry would sell the 4 CE and the 0 PE); the old strikes' credit
    // (88 + 90 − 80 − 80 = 18) is back under the entry's 19.
    t.market.spot(t.desk.atm + 100);
    t.price(2, 'CE', 88);
    try {
      t.at(monday, '10:26');
      await t.tick();
      const sides = (await sent(bot.id)).map(([symbol, side]) => [symbol, side]);
      expect(sides.slice(0, 4)).toEqual(legs);
      expect(sides.slice(8)).toEqual(legs);
      expect(await t.run('daily', bot.id)).toMatchObject({ state: 'in_position', entries: 2 });
      t.at(monday, '10:40');
      await t.tick();
      expect(await t.run('daily', bot.id)).toMatchObject({ state: 'exited' });
    } finally {
      t.market.spot(t.desk.atm);
      t.price(2, 'CE', 90);
    }
  });

  it("buys a signal bot's call at its strike offset from the money nearest the spot, and the put on the reverse signal", async () => {
    // One-minute NIFTY candles from 10:50: falling closes, then a jump on the 10:59 candle (the fast EMA crosses above).
    const closes = [26100, 26090, 26080, 26070, 26060, 26050, 26040, 26030, 26020, 26200];
    for (const [index, close] of closes.entries()) {
      await t.server.db.query(
        `INSERT INTO market_candles (index_name, minute, open, high, low, close, ticks, volume) VALUES ('NIFTY', $1, $2, $2, $2, $2, 1, 0)
         ON CONFLICT (index_name, minute) DO UPDATE SET close = $2`,
        [new Date(istInstant(monday, '10:50').getTime() + index * 60_000), close],
      );
    }
    const bot = await t.createTrading({
      lots: 1,
      entry_from: '10:30',
      entry_until: '14:30',
      exit_time: '15:15',
      params: { indicator: 'ema_crossover', timeframe_minutes: 1, fast_ema: 3, slow_ema: 5, max_trades_per_day: 3, exit_on_reverse_signal: true, strike_offset: 1 },
    });
    // 26 points above a strike is nearer the next one up (50-point steps): the money is one step up, the call one more.
    t.market.spot(t.desk.atm + 26);
    t.at(monday, '11:00', 5);
    await t.tick();
    expect((await t.orders('trading', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type, order.quantity])).toEqual([[t.symbol(2, 'CE'), 'BUY', t.desk.lotSize]]);
    // The reverse signal: out of the call, and the put one step below the money (24 points above a strike: the money is that strike).
    await t.server.db.query(`INSERT INTO market_candles (index_name, minute, open, high, low, close, ticks, volume) VALUES ('NIFTY', $1, 25900, 25900, 25900, 25900, 1, 0)`, [
      istInstant(monday, '11:00'),
    ]);
    t.market.spot(t.desk.atm + 24);
    t.at(monday, '11:01', 5);
    await t.tick();
    // Out on the signal, with trades left today: waiting for the next.
    expect(await runOf(bot.id)).toMatchObject({ state: 'waiting', entries: 1, re_entries_used: 0 });
    t.at(monday, '11:01', 40);
    await t.tick();
    expect((await t.orders('trading', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type])).toEqual([
      [t.symbol(2, 'CE'), 'BUY'],
      [t.symbol(2, 'CE'), 'SELL'],
      [t.symbol(-1, 'PE'), 'BUY'],
    ]);
    // A signal's re-entry is one of its trades today, not a re-entry after a stop-loss.
    expect(await runOf(bot.id)).toMatchObject({ state: 'in_position', entries: 2, re_entries_used: 0 });
    // Out at its exit time for the day, though trades are left.
    t.at(monday, '15:15');
    await t.tick();
    expect((await t.actions('trading', bot.id)).at(-1)).toMatchObject({ action: 'exit', sequence: 2, status: 'completed' });
    expect(await runOf(bot.id)).toMatchObject({ state: 'exited', entries: 2 });
    t.market.spot(t.desk.atm);
  });
});
