// From the premium route's columns to what the chart draws (pure): the candles, the whitespace where a candle
// is missing inside a session (a gap, kept as a gap), the overlays the trader turned on, and their fills, each
// on the candle it fell in.
import type { PremiumInterval, StrategyPremium } from '@/features/analytics/premium/api/get-strategy-premium';
import { ema, sma, superTrend, vwap } from '@/features/analytics/premium/model/premium-overlays';

export type OverlaySettings = {
  vwap: boolean;
  sma: { on: boolean; period: number };
  ema: { on: boolean; period: number };
  superTrend: { on: boolean; period: number; multiplier: number };
};

export const defaultOverlays: OverlaySettings = {
  vwap: true,
  sma: { on: false, period: 20 },
  ema: { on: true, period: 9 },
  superTrend: { on: false, period: 10, multiplier: 3 },
};

export type PremiumCandle = { time: number; open: number; high: number; low: number; close: number; volume: number };

export const intervalMinutes: Record<PremiumInterval, number> = { '1m': 1, '3m': 3, '5m': 5, '15m': 15, '30m': 30, '60m': 60, '1d': 375 };

export function premiumCandles(answer: StrategyPremium): PremiumCandle[] {
  return answer.time.map((time, i) => ({
    time,
    open: answer.open[i] as number,
    high: answer.high[i] as number,
    low: answer.low[i] as number,
    close: answer.close[i] as number,
    volume: answer.volume[i] as number,
  }));
}

const istDay = (time: number) => Math.floor((time + 19_800) / 86_400);

/** The bucket starts missing between two candles of one IST day (day candles: none, a day off is no gap). */
export function gapTimes(candles: readonly PremiumCandle[], interval: PremiumInterval): number[] {
  if (interval === '1d') return [];
  const step = intervalMinutes[interval] * 60;
  const gaps: number[] = [];
  candles.forEach((candle, i) => {
    const next = candles[i + 1];
    if (next === undefined || istDay(next.time) !== istDay(candle.time)) return;
    for (let time = candle.time + step; time < next.time; time += step) gaps.push(time);
  });
  return gaps;
}

/** The candle a fill at `time` fell in: the last one starting at or before it (null before the first). */
export function candleOf(candles: readonly PremiumCandle[], time: number): PremiumCandle | null {
  let found: PremiumCandle | null = null;
  for (const candle of candles) {
    if (candle.time > time) break;
    found = candle;
  }
  return found;
}

export type OverlayLine = { id: 'vwap' | 'sma' | 'ema' | 'supertrend'; values: ({ value: number; up?: boolean } | null)[] };

/** The overlays turned on; VWAP has no meaning across day candles (it restarts each day), so not on those. */
export function overlayLines(candles: readonly PremiumCandle[], settings: OverlaySettings, interval: PremiumInterval): OverlayLine[] {
  const lines: OverlayLine[] = [];
  const plain = (values: (number | null)[]) => values.map((value) => (value === null ? null : { value: Math.round(value * 100) / 100 }));
  if (settings.vwap && interval !== '1d') lines.push({ id: 'vwap', values: plain(vwap(candles)) });
  if (settings.sma.on) lines.push({ id: 'sma', values: plain(sma(candles, settings.sma.period)) });
  if (settings.ema.on) lines.push({ id: 'ema', values: plain(ema(candles, settings.ema.period)) });
  if (settings.superTrend.on) {
    const points = superTrend(candles, settings.superTrend.period, settings.superTrend.multiplier);
    lines.push({ id: 'supertrend', values: points.map((point) => (point === null ? null : { value: Math.round(point.value * 100) / 100, up: point.up })) });
  }
  return lines;
}
