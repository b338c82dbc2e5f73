// The entry and exit signals of the signal-driven bots, one computation per index, timeframe and indicator
// however many bots share it, from the minute candles of the last three days: the price source's own
// (history's index path in a backtest), else the market's stored candles.
import type { Database } from '../../../db/database.ts';
import type { PriceSource } from '../../brokers/paper/price-source.ts';
import { loadCandles } from './engine-store.ts';
import { botKey, type EngineBot } from './engine-types.ts';
import { num, signalStrategies } from './rules.ts';
import { aggregate, emaCrossover, supertrendFlip, type Signal } from './signals.ts';

export async function signalsFor(db: Database, prices: PriceSource, bots: readonly EngineBot[], now: Date): Promise<Map<string, Signal | null>> {
  const signalBots = bots.filter((bot) => signalStrategies.includes(bot.strategy));
  const signals = new Map<string, Signal | null>();
  if (signalBots.length === 0) return signals;
  const indices = [...new Set(signalBots.map((bot) => bot.underlying))];
  const since = new Date(now.getTime() - 3 * 24 * 60 * 60 * 1000);
  const candles = prices.indexCandles === undefined ? await loadCandles(db, indices, since) : await prices.indexCandles(indices, since, db);
  const computed = new Map<string, Signal | null>();
  for (const bot of signalBots) {
    const timeframe = num(bot.params.timeframe_minutes, 5);
    const indicator = bot.params.indicator === 'ema_crossover' ? 'ema' : 'supertrend';
    const settings =
      indicator === 'ema' ? [num(bot.params.fast_ema, 9), num(bot.params.slow_ema, 21)] : [num(bot.params.supertrend_period, 10), num(bot.params.supertrend_multiplier, 3)];
    const key = `${bot.underlying}:${timeframe}:${indicator}:${settings.join(':')}`;
    if (!computed.has(key)) {
      const bars = aggregate(candles.get(bot.underlying) ?? [], timeframe, now.getTime());
      computed.set(key, indicator === 'ema' ? emaCrossover(bars, settings[0]!, settings[1]!) : supertrendFlip(bars, settings[0]!, settings[1]!));
    }
    signals.set(botKey(bot.kind, bot.id), computed.get(key) ?? null);
  }
  return signals;
}
