// A trading bot on the index's stored candles: the trend-following option buyer with ema_crossover buys a
// call when the fast EMA crosses above the slow one, exits on the opposite cross and buys the put.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import { monday, openBotDesk, type BotDesk, writeIndexCandles } from './bot-desk.ts';

describe.each(testBackends)('a trading bot on %s', (backend) => {
  let t: BotDesk;

  beforeEach(async () => {
    t = await openBotDesk(backend);
  });

  afterEach(async () => {
    await t.server.close();
  });

  const candles = (time: string, closes: readonly number[]) => writeIndexCandles(t.server.db, time, closes);

  /** A trend-following option buyer on the 3/5 EMA crossover of one-minute candles, 09:30 to 14:30. */
  const emaCrossoverBot = (maxTradesPerDay: number) =>
    t.createTrading({
      entry_from: '09:30',
      entry_until: '14:30',
      exit_time: '15:15',
      params: { indicator: 'ema_crossover', timeframe_minutes: 1, fast_ema: 3, slow_ema: 5, max_trades_per_day: maxTradesPerDay, exit_on_reverse_signal: true },
    });

  it('buys a call on an upward EMA crossover, exits on the downward one and buys the put', async () => {
    const bot = await emaCrossoverBot(3);
    t.straddle(120, 110);
    // Falling closes (the fast average under the slow one), then a jump: the cross is on the 10:09 candle.
    await candles('10:00', [26100, 26090, 26080, 26070, 26060, 26050, 26040, 26030, 26020]);
    t.at(monday, '10:09', 5);
    expect((await t.tick()).acted).toBe(0);
    await candles('10:09', [26200]);
    t.at(monday, '10:09', 30);
    expect((await t.tick()).acted).toBe(0);
    t.at(monday, '10:10', 5);
    expect((await t.tick()).acted).toBe(1);
    t.at(monday, '10:10', 40);
    expect((await t.tick()).acted).toBe(0);
    await candles('10:10', [25900]);
    t.at(monday, '10:11', 5);
    expect((await t.tick()).acted).toBe(1);
    t.at(monday, '10:11', 40);
    expect((await t.tick()).acted).toBe(1);
    t.at(monday, '10:12', 30);
    expect((await t.tick()).acted).toBe(0);
    expect((await t.orders('trading', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type, order.purpose])).toEqual([
      [t.symbol(0, 'CE'), 'BUY', 'entry'],
      [t.symbol(0, 'CE'), 'SELL', 'squareoff'],
      [t.symbol(0, 'PE'), 'BUY', 'entry'],
    ]);
    expect((await t.actions('trading', bot.id)).map((action) => [action.action, action.sequence, action.status])).toEqual([
      ['enter', 1, 'completed'],
      ['signal_exit', 1, 'completed'],
      ['re_enter', 2, 'completed'],
    ]);
    // Out by its exit time.
    t.at(monday, '15:15');
    expect((await t.tick()).acted).toBe(1);
    expect((await t.actions('trading', bot.id)).at(-1)).toMatchObject({ action: 'exit', sequence: 2, status: 'completed' });
  });

  it('is out for the day after its last trade: the reverse signal exits and buys nothing more', async () => {
    const bot = await emaCrossoverBot(1);
    t.straddle(120, 110);
    await candles('10:00', [26100, 26090, 26080, 26070, 26060, 26050, 26040, 26030, 26020, 26200]);
    t.at(monday, '10:10', 5);
    expect((await t.tick()).acted).toBe(1);
    await candles('10:10', [25900]);
    t.at(monday, '10:11', 5);
    expect((await t.tick()).acted).toBe(1);
    expect(await t.run('trading', bot.id)).toMatchObject({ state: 'exited', entries: 1 });
    t.at(monday, '10:11', 40);
    expect((await t.tick()).acted).toBe(0);
    expect((await t.actions('trading', bot.id)).map((action) => action.action)).toEqual(['enter', 'signal_exit']);
  });

  it('enters once at entry_from when its strategy has no signal', async () => {
    const bot = await t.createTrading({ base_strategy: t.strategies.get('short_straddle')!.id, entry_from: '09:30', entry_until: '14:30', exit_time: '15:15' });
    t.straddle(100.25, 100.25);
    t.at(monday, '09:29');
    expect((await t.tick()).acted).toBe(0);
    t.at(monday, '09:30');
    expect((await t.tick()).acted).toBe(1);
    t.at(monday, '09:45');
    expect((await t.tick()).acted).toBe(0);
    expect((await t.orders('trading', bot.id)).map((order) => order.transaction_type)).toEqual(['SELL', 'SELL']);
  });
});
