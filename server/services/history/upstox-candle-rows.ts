// Upstox's candles as market history stores them, and the strikes "around the money" a fetch asks for.
import type { UpstoxCandle } from '../brokers/upstox/upstox-market.ts';
import type { HistoryIndex, MinuteCandle } from './history-files.ts';
import { pricedCandle, type PricedCandle } from './minute-candles-parser.ts';
import type { OptionMinute } from './option-minutes-store.ts';


/** The candles of `days` (others are left out, and so are malformed ones, counted), one per minute, oldest first. */
function byMinute<Row extends { minute: Date; tradeDate: string }>(candles: readonly UpstoxCandle[], days: ReadonlySet<string>, make: (candle: UpstoxCandle, at: PricedCandle) => Row) {
  const rows = new Map<number, Row>();
  let skipped = 0;
  for (const candle of candles) {
    const at = pricedCandle(candle);
    if (at === null) skipped += 1;
    // Upstox answers newest first; should it answer a minute twice, the first (newest) stays.
    else if (days.has(at.tradeDate) && !rows.has(at.minute.getTime())) rows.set(at.minute.getTime(), make(candle, at));
  }
  return { rows: [...rows.values()].sort((a, b) => a.minute.getTime() - b.minute.getTime()), skipped };
}

export function indexMinuteRows(index: HistoryIndex, candles: readonly UpstoxCandle[], days: ReadonlySet<string>) {
  return byMinute<MinuteCandle>(candles, days, (_candle, at) => ({ index, ...at }));
}

export function optionMinuteRows(candles: readonly UpstoxCandle[], days: ReadonlySet<string>) {
  return byMinute<OptionMinute>(candles, days, (candle, at) => ({ ...at, volume: Math.max(0, Math.round(candle.volume)), openInterest: Math.max(0, Math.round(candle.oi)) }));
}

/**
 * The strikes a fetch asks for: every listed strike the index traded through on the fetched days (between
 * their lowest low and highest high), and `around` more on each side.
 */
export function strikesAround(strikes: readonly number[], lowPaise: number, highPaise: number, around: number): number[] {
  const sorted = [...new Set(strikes)].sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  let first = sorted.findIndex((strike) => strike >= lowPaise);
  if (first === -1) first = sorted.length - 1;
  let last = sorted.findLastIndex((strike) => strike <= highPaise);
  if (last === -1) last = 0;
  if (last < first) [first, last] = [last, first];
  return sorted.slice(Math.max(0, first - around), Math.min(sorted.length, last + around + 1));
}
