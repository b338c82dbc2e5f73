// The trend indicators StrikeDesk draws and trades on, one definition for both: the premium chart's EMA and
// SuperTrend overlays (src/features/analytics/premium/model/premium-overlays.ts) and the trend-following bot's
// signals (server/services/bots/engine/signals.ts), so a line on the chart is the line a bot acts on.
//
// EMA: seeded with the first value, alpha 2/(period+1).
// SuperTrend: ATR(period) by Wilder's smoothing of the true range (the first `period` candles average what they
// have); bands at (high+low)/2 ± multiplier × ATR, the final upper band only moving down and the final lower band
// only up while the close stays inside them (the standard Supertrend). The trend turns down when a close falls
// below the final lower band, up when one rises above the final upper band.

export type TrendCandle = { high: number; low: number; close: number };

/** The exponential moving average after each value, seeded with the first (alpha 2/(period+1)). */
export function emaLine(values: readonly number[], period: number): number[] {
  const alpha = 2 / (period + 1);
  const out: number[] = [];
  values.forEach((value, index) => out.push(index === 0 ? value : alpha * value + (1 - alpha) * out[index - 1]!));
  return out;
}

export type SupertrendPoint = { atr: number; upper: number; lower: number; up: boolean };

/** The Supertrend on each candle: the ATR, the final bands and the direction (true: up). */
export function supertrend(candles: readonly TrendCandle[], period: number, multiplier: number): SupertrendPoint[] {
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
