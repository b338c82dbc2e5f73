// The trend-following option buyer's signals, computed from the index's stored minute candles (pure).
//
// Candles: minute candles are grouped into buckets of `timeframe` minutes aligned to the IST clock
// (09:15, 09:20, ... for 5 minutes); only buckets that have ended are used, so a signal never flickers with
// the candle still forming. A signal is read on the LAST completed candle only: it is fresh by construction,
// and a server that was down does not act on a cross from an hour ago.
//
// ema_crossover: EMA(fast) and EMA(slow) of the closes (seeded with the first close, alpha 2/(n+1)). When
// fast − slow changes sign from the previous completed candle to the last one, the trend turned: up (fast
// now above) buys a call, down buys a put.
//
// supertrend: ATR(period) by Wilder's smoothing of the true range; bands at (high+low)/2 ± multiplier × ATR,
// the final upper band only moving down and the final lower band only up while the close stays inside them
// (the standard Supertrend). The trend is up while the close is above the final upper band once crossed,
// down while below the final lower band; a flip on the last completed candle is the signal (up: call, down: put).
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

/** The exponential moving average of each value, seeded with the first (alpha 2/(period+1)). */
export function ema(values: readonly number[], period: number): number[] {
  const alpha = 2 / (period + 1);
  const out: number[] = [];
  values.forEach((value, index) => out.push(index === 0 ? value : alpha * value + (1 - alpha) * out[index - 1]!));
  return out;
}

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

export type SupertrendPoint = { atr: number; upper: number; lower: number; up: boolean };

/** The Supertrend on each candle: the ATR, the final bands and the direction (true: up). */
export function supertrend(candles: readonly Candle[], period: number, multiplier: number): SupertrendPoint[] {
  const points: SupertrendPoint[] = [];
  let atr = 0;
  // No band before the first candle: its basic bands are its final ones.
  let upper = Infinity;
  let lower = -Infinity;
  let up = true;
  candles.forEach((candle, index) => {
    const previous = candles[index - 1];
    const range = previous === undefined ? candle.high - candle.low : Math.max(candle.high - candle.low, Math.abs(candle.high - previous.close), Math.abs(candle.low - previous.close));
    atr = index < period ? (atr * index + range) / (index + 1) : (atr * (period - 1) + range) / period;
    const middle = (candle.high + candle.low) / 2;
    const basicUpper = middle + multiplier * atr;
    const basicLower = middle - multiplier * atr;
    upper = previous !== undefined && previous.close > upper ? basicUpper : Math.min(basicUpper, upper);
    lower = previous !== undefined && previous.close < lower ? basicLower : Math.max(basicLower, lower);
    if (up && candle.close < lower) up = false;
    else if (!up && candle.close > upper) up = true;
    points.push({ atr, upper, lower, up });
  });
  return points;
}

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
