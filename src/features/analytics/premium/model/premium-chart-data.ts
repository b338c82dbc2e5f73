// What the chart module draws from one answer and the overlays chosen (pure, so it can be tested without a
// canvas): candles, gap whitespace, overlay lines, and the trader's fills on the candle they fell in.
import type { StrategyPremium } from '@/features/analytics/premium/api/get-strategy-premium';
import type { ChartLine, PremiumChartData } from '@/features/analytics/premium/charts/premium-chart';
import { candleOf, gapTimes, overlayLines, premiumCandles, type OverlayLine, type OverlaySettings } from '@/features/analytics/premium/model/premium-view';

type Fill = StrategyPremium['fills'][number];
export type ChartWords = { overlay: (id: OverlayLine['id']) => string; fill: (fill: Fill) => string };

const colours: Record<OverlayLine['id'], ChartLine['colour']> = { vwap: 'fg', sma: 'warn', ema: 'brand', supertrend: 'trend' };

export function premiumChartData(answer: StrategyPremium, overlays: OverlaySettings, words: ChartWords): PremiumChartData {
  const candles = premiumCandles(answer);
  const lines = overlayLines(candles, overlays, answer.interval).map(
    (line): ChartLine => ({
      id: line.id,
      title: words.overlay(line.id),
      colour: colours[line.id],
      points: line.values.map((point, i) => ({ time: (candles[i] as (typeof candles)[number]).time, value: point?.value ?? null, ...(point?.up === undefined ? {} : { up: point.up }) })),
    }),
  );
  const marks = answer.fills.flatMap((fill) => {
    const candle = candleOf(candles, fill.time);
    return candle === null ? [] : [{ time: candle.time, side: fill.side, text: words.fill(fill) }];
  });
  return { candles, gaps: gapTimes(candles, answer.interval), lines, marks };
}
