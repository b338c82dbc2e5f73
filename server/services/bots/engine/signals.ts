// The trend-following option buyer's signals, computed from the index's stored minute candles (pure).
//
// Candles: minute candles are grouped into buckets of `timeframe` minutes aligned to the IST clock
// (09:15, 09:20, ... for 5 minutes); only buckets that have ended are used, so a signal never flickers with
// the candle still forming. A signal is read on the LAST completed candle only: it is fresh by construction,
// and a server that was down does not act on a cross from an hour ago.
//
// The EMA and the Supertrend are quant/trend-indicators.ts's, the premium chart's overlays too.
//
// ema_crossover: EMA(fast) and EMA(slow) of the closes (seeded with the first close, alpha 2/(n+1)). When
// fast − slow changes sign from the previous completed candle to the last one, the trend turned: up (fast
// now above) buys a call, down buys a put.
//
// supertrend: ATR(period) by Wilder's smoothing of the true range; bands at (high+low)/2 ± multiplier × ATR,
// the final upper band only moving down and the final lower band only up while the close stays inside them
// (the standard Supertrend). The trend is up while the close is above the final upper band once crossed,
// down while below the final lower band; a flip on the last completed candle is the signal (up: call, down: put).
import { emaLine, supertrend, type SupertrendPoint } from '../../../../quant/trend-indicators.ts';
import { istOffsetMs } from '../../market/ist.ts';

export type MinuteCandle = { minute: Date; open: number; high: number; low: number; close: number };
export type Candle = { start: number; end: number; open: number; high: number; low: number; close: number };
export type Signal = { direction: 'up' | 'down'; at: Date };

/** Completed candles of `timeframe` minutes (aligned to the IST clock), oldest first, from minutes oldest first. */
export function aggregate(minutes: readonly MinuteCandle[], timeframe: number, nowMs: number): Candle[] {
  const size = timeframe * 60_000;
  const byStart = new Map<number, Candle>();
  for (const candle of minutes) {
    const ms = candle.minute.getTime();
    const start = Math.floor((ms + istOffsetMs) / size) * size - istOffsetMs;
    const known = byStart.get(start);
    if (known === undefined) byStart.set(start, { start, end: start + size, open: candle.open, high: candle.high, low: candle.low, close: candle.close });
    else {
      known.high = Math.max(known.high, candle.high);
      known.low = Math.min(known.low, candle.low);
      known.close = candle.close;
    }
  }
  // A Map keeps its keys in insertion order: the minutes' order, oldest first.
  return [...byStart.values()].filter((candle) => candle.end <= nowMs);
}

/** The exponential moving average of each value (quant/trend-indicators.ts, shared with the premium chart). */
export const ema = emaLine;

export function emaCrossover(candles: readonly Candle[], fast: number, slow: number): Signal | null {
  if (candles.length < 2) return null;
  const closes = candles.map((candle) => candle.close);
  const fastLine = ema(closes, fast);
  const slowLine = ema(closes, slow);
  const last = candles.length - 1;
  const before = Math.sign(fastLine[last - 1]! - slowLine[last - 1]!);
  const now = Math.sign(fastLine[last]! - slowLine[last]!);
  if (now === 0 || before === now) return null;
  return { direction: now === 1 ? 'up' : 'down', at: new Date(candles[last]!.end) };
}

export { supertrend, type SupertrendPoint };

/** The Supertrend's direction on each candle (true: up), from the candle after the ATR's first period. */
export function supertrendDirections(candles: readonly Candle[], period: number, multiplier: number): boolean[] {
  return supertrend(candles, period, multiplier)
    .slice(period)
    .map((point) => point.up);
}

export function supertrendFlip(candles: readonly Candle[], period: number, multiplier: number): Signal | null {
  const directions = supertrendDirections(candles, period, multiplier);
  if (directions.length < 2) return null;
  const now = directions[directions.length - 1]!;
  if (now === directions[directions.length - 2]) return null;
  return { direction: now ? 'up' : 'down', at: new Date(candles[candles.length - 1]!.end) };
}
