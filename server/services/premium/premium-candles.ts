// The combined premium of a strategy's legs, minute by minute, and its candles per N minutes or per day (pure:
// the store reads the legs' prices, this adds them). A minute is charted only when every leg has a price in
// it: a minute one leg lacks is a gap, never filled with that leg's last price nor bridged.
//
// A minute's combined open and close are the legs' opens and closes added with their coefficients (signed
// ratios, premium-legs.ts). Its high and low are the bounds the legs' own highs and lows allow: a bought leg
// adds its high to the high, a sold leg its low (the legs' extremes need not fall at the same instant, so the
// true high of the sum is at most this). That is how the straddle charts traders know draw them, and it keeps
// every candle whole (low ≤ open, close ≤ high).
export type PriceSource = 'live' | 'recorded' | 'imported' | 'simulated';

/** One leg's price over one minute (or one day, from a bhavcopy), in paise; volume in units traded. */
export type LegPrice = { open: number; high: number; low: number; close: number; volume: number; source: PriceSource };

/** A combined candle: `time` its start (Unix seconds), prices in paise, `minutes` how many minutes it holds. */
export type PremiumCandle = { time: number; open: number; high: number; low: number; close: number; volume: number; source: PriceSource; minutes: number };

/** Where a candle mixes sources, it says the least real one: simulated over imported over recorded over live. */
const sourceRank: Record<PriceSource, number> = { live: 0, recorded: 1, imported: 2, simulated: 3 };
export const weakerSource = (a: PriceSource, b: PriceSource): PriceSource => (sourceRank[a] >= sourceRank[b] ? a : b);

/** Adds the legs' prices of each instant every leg has; `gaps` counts instants some but not all legs have. */
export function combineLegs(coefficients: readonly number[], legs: readonly ReadonlyMap<number, LegPrice>[]): { candles: PremiumCandle[]; gaps: number } {
  const instants = new Set<number>();
  for (const leg of legs) for (const time of leg.keys()) instants.add(time);
  const candles: PremiumCandle[] = [];
  let gaps = 0;
  for (const time of [...instants].sort((a, b) => a - b)) {
    const prices = legs.map((leg) => leg.get(time));
    if (prices.some((price) => price === undefined)) {
      gaps += 1;
      continue;
    }
    const candle: PremiumCandle = { time, open: 0, high: 0, low: 0, close: 0, volume: 0, source: 'live', minutes: 1 };
    (prices as LegPrice[]).forEach((price, i) => {
      const k = coefficients[i] as number;
      candle.open += k * price.open;
      candle.close += k * price.close;
      candle.high += k > 0 ? k * price.high : k * price.low;
      candle.low += k > 0 ? k * price.low : k * price.high;
      candle.volume += price.volume;
      candle.source = weakerSource(candle.source, price.source);
    });
    candles.push(candle);
  }
  return { candles, gaps };
}

/** The IST session's first minute (09:15) as minutes after midnight: buckets start there, as Kite's do. */
const sessionOpenMinute = 9 * 60 + 15;
const istOffsetSeconds = 19_800;

/** A day candle's interval ('1d'): every minute of the IST day is in the one candle, at 09:15. */
export const dayInterval = 375;

/**
 * The start (Unix seconds) of the `interval`-minute bucket holding the minute starting at `time`. A day candle
 * holds the whole IST day (a 15:35 minute since NSE's 15:40 close, a demo evening's minutes) at its 09:15.
 */
export function bucketStart(time: number, interval: number): number {
  const istSeconds = time + istOffsetSeconds;
  const midnight = istSeconds - (istSeconds % 86_400);
  if (interval >= dayInterval) return midnight - istOffsetSeconds + sessionOpenMinute * 60;
  const minuteOfDay = (istSeconds - midnight) / 60;
  const offset = Math.floor((minuteOfDay - sessionOpenMinute) / interval) * interval;
  return midnight - istOffsetSeconds + (sessionOpenMinute + offset) * 60;
}

/** Minute candles (in time order) gathered into candles of `interval` minutes, aligned on 09:15 IST each day. */
export function bucketCandles(minutes: readonly PremiumCandle[], interval: number): PremiumCandle[] {
  if (interval === 1) return [...minutes];
  const buckets: PremiumCandle[] = [];
  for (const minute of minutes) {
    const time = bucketStart(minute.time, interval);
    const last = buckets.at(-1);
    if (last !== undefined && last.time === time) {
      last.high = Math.max(last.high, minute.high);
      last.low = Math.min(last.low, minute.low);
      last.close = minute.close;
      last.volume += minute.volume;
      last.source = weakerSource(last.source, minute.source);
      last.minutes += 1;
    } else buckets.push({ ...minute, time });
  }
  return buckets;
}
