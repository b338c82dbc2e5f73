// The overlays traders draw on a straddle's premium (pure): VWAP from each day's open, SMA and EMA of the
// closes, and SuperTrend. Each is computed over the candles there are (a gap is no candle, so it neither
// adds a zero nor is bridged: the line resumes at the next candle, as a chart of traded bars does), and
// answers one value per candle (null until it has enough candles). Same definitions as the bot engine's
// signals (server/services/bots/engine/signals.ts): EMA seeded with the first close, alpha 2/(n+1);
// SuperTrend on Wilder's ATR with bands at (high+low)/2 ± multiplier × ATR.

export type OverlayCandle = { time: number; high: number; low: number; close: number; volume: number };

const istDay = (time: number) => Math.floor((time + 19_800) / 86_400);

/** VWAP of the typical price ((high+low+close)/3), restarted each IST day; null while the day has no volume. */
export function vwap(candles: readonly OverlayCandle[]): (number | null)[] {
  let day = -1;
  let weighted = 0;
  let volume = 0;
  return candles.map((candle) => {
    if (istDay(candle.time) !== day) {
      day = istDay(candle.time);
      weighted = 0;
      volume = 0;
    }
    weighted += ((candle.high + candle.low + candle.close) / 3) * candle.volume;
    volume += candle.volume;
    return volume === 0 ? null : weighted / volume;
  });
}

export function sma(candles: readonly OverlayCandle[], period: number): (number | null)[] {
  let sum = 0;
  return candles.map((candle, i) => {
    sum += candle.close;
    if (i >= period) sum -= (candles[i - period] as OverlayCandle).close;
    return i >= period - 1 ? sum / period : null;
  });
}

export function ema(candles: readonly OverlayCandle[], period: number): (number | null)[] {
  const alpha = 2 / (period + 1);
  let value = 0;
  return candles.map((candle, i) => {
    value = i === 0 ? candle.close : alpha * candle.close + (1 - alpha) * value;
    return i >= period - 1 ? value : null;
  });
}

export type SuperTrendPoint = { value: number; up: boolean } | null;

/** SuperTrend: the lower band under an uptrend, the upper band over a downtrend; null for the ATR's first period. */
export function superTrend(candles: readonly OverlayCandle[], period: number, multiplier: number): SuperTrendPoint[] {
  let atr = 0;
  let upper = Infinity;
  let lower = -Infinity;
  let up = true;
  return candles.map((candle, i) => {
    const previous = candles[i - 1];
    const range = previous === undefined ? candle.high - candle.low : Math.max(candle.high - candle.low, Math.abs(candle.high - previous.close), Math.abs(candle.low - previous.close));
    atr = i < period ? (atr * i + range) / (i + 1) : (atr * (period - 1) + range) / period;
    const middle = (candle.high + candle.low) / 2;
    const basicUpper = middle + multiplier * atr;
    const basicLower = middle - multiplier * atr;
    upper = previous !== undefined && previous.close > upper ? basicUpper : Math.min(basicUpper, upper);
    lower = previous !== undefined && previous.close < lower ? basicLower : Math.max(basicLower, lower);
    if (up && candle.close < lower) up = false;
    else if (!up && candle.close > upper) up = true;
    return i < period ? null : { value: up ? lower : upper, up };
  });
}
