// Each signal-driven bot reads the signal of its own settings (indicator, timeframe, periods) on its index
// (bot-signals.ts): bots sharing settings share one computation, the candles are read once a tick for the
// indices asked over the last three days, and a bot that trades on no signal gets none.
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import type { PriceSource } from '../../../server/services/brokers/paper/price-source.ts';
import { signalsFor } from '../../../server/services/bots/engine/bot-signals.ts';
import type { EngineBot } from '../../../server/services/bots/engine/engine-types.ts';
import type { MinuteCandle } from '../../../server/services/bots/engine/signals.ts';
import { istInstant, monday } from './bot-desk.ts';

const open = istInstant(monday, '09:15').getTime();
const now = new Date(open + 200 * 60_000);

/**
 * 200 minutes of a random walk (a fixed seed) on which, at 12:35 IST, the 5-minute EMA 9/21 has just crossed
 * up, and the 1-minute Supertrend 10/3 has just flipped up, while the 5-minute Supertrend, the 1-minute
 * Supertrend with multiplier 2 and the 5-minute EMA 3/21 say nothing.
 */
function walk(): MinuteCandle[] {
  let seed = 3743;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  let price = 24_000;
  return Array.from({ length: 200 }, (_, index) => {
    const before = price;
    price += (random() - 0.5) * 40;
    return { minute: new Date(open + index * 60_000), open: before, high: Math.max(before, price) + random() * 10, low: Math.min(before, price) - random() * 10, close: price };
  });
}

const bot = (id: number, params: Record<string, unknown>, overrides: Partial<EngineBot> = {}): EngineBot => ({
  kind: 'trading',
  id,
  name: `Trend ${id}`,
  portfolioId: 1,
  userId: 1,
  account: { id: 1, accountNumber: 'PA1', capitalPaise: 100_000_000 },
  broker: 'paper',
  sessionOpen: true,
  status: 'active',
  strategy: 'trend_option_buyer',
  underlying: 'NIFTY',
  lots: 1,
  stopLossPct: 30,
  targetPct: 50,
  params,
  entryFrom: '09:30',
  entryUntil: '14:30',
  exitTime: '15:10',
  weekdays: null,
  changedAt: new Date(0),
  ...overrides,
});

/** A price source with its own index candles (a backtest's), recording what was asked; no database read. */
function candleSource() {
  const asked: Array<{ indices: string[]; since: Date }> = [];
  const candles = new Map([['NIFTY', walk()]]);
  const source = {
    demo: false,
    indexCandles: async (indices: readonly string[], since: Date) => {
      asked.push({ indices: [...indices], since });
      return candles;
    },
  } as unknown as PriceSource;
  return { source, asked };
}
const noDatabase = {} as Database;

describe('the signals of signal-driven bots', () => {
  it("gives each bot the signal of its own indicator, timeframe and periods, the defaults where it says none", async () => {
    const { source, asked } = candleSource();
    const up = { direction: 'up', at: now };
    const bots = [
      bot(1, { indicator: 'ema_crossover' }),
      bot(2, { indicator: 'ema_crossover' }),
      bot(3, {}),
      bot(4, { timeframe_minutes: 1 }),
      bot(5, { timeframe_minutes: 1, supertrend_multiplier: 2 }),
      bot(6, { indicator: 'ema_crossover', fast_ema: 3 }),
      bot(7, { indicator: 'ema_crossover' }, { underlying: 'BANKNIFTY' }),
      bot(8, {}, { kind: 'daily', strategy: 'short_straddle' }),
    ];
    const signals = await signalsFor(noDatabase, source, bots, now);
    expect(Object.fromEntries(signals)).toEqual({
      'trading:1': up,
      'trading:2': up,
      'trading:3': null,
      'trading:4': up,
      'trading:5': null,
      'trading:6': null,
      // No candles for the index: no signal.
      'trading:7': null,
    });
    // One read for the tick: each index once, three days back.
    expect(asked).toEqual([{ indices: ['NIFTY', 'BANKNIFTY'], since: new Date(now.getTime() - 3 * 24 * 60 * 60_000) }]);
  });

  it('reads no candles when no bot trades on a signal', async () => {
    const { source, asked } = candleSource();
    expect((await signalsFor(noDatabase, source, [bot(1, {}, { kind: 'daily', strategy: 'short_straddle' })], now)).size).toBe(0);
    expect(asked).toEqual([]);
  });
});
