// The overlays traders draw on a straddle's premium (pure): VWAP from each day's open, SMA and EMA of the
// closes, and SuperTrend. Each is computed over the candles there are (a gap is no candle, so it neither
// adds a zero nor is bridged: the line resumes at the next candle, as a chart of traded bars does), and
// answers one value per candle (null until it has enough candles). EMA and SuperTrend are the bot engine's own
// (quant/trend-indicators.ts, which server/services/bots/engine/signals.ts trades on).
import { emaLine, supertrend } from '@quant/trend-indicators.ts';

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
  return emaLine(
    candles.map((candle) => candle.close),
    period,
  ).map((value, i) => (i >= period - 1 ? value : null));
}

export type SuperTrendPoint = { value: number; up: boolean } | null;

/** SuperTrend: the lower band under an uptrend, the upper band over a downtrend; null for the ATR's first period. */
export function superTrend(candles: readonly OverlayCandle[], period: number, multiplier: number): SuperTrendPoint[] {
  return supertrend(candles, period, multiplier).map((point, i) => (i < period ? null : { value: point.up ? point.lower : point.upper, up: point.up }));
}
