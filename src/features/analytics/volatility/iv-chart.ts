// Loaded only by the Volatility screen, on demand: lightweight-charts stays out of every other screen's download.
// Plain DOM, no React (as charts/participant-chart.ts). Two kinds of chart: IV on a time axis (a day's minutes, or
// days), a gap drawn as a break (whitespace points); and the smile on a strike axis (lightweight-charts 5's
// options chart, whose horizontal scale is a price), now solid and earlier dashed.
import { ColorType, LineSeries, createChart, createOptionsChart, type ChartOptions, type DeepPartial } from 'lightweight-charts';
import { chartTimeLabel } from '@/features/analytics/charts/chart-localization';
import type { DayPoint, StrikePoint, TimePoint } from '@/features/analytics/volatility/iv-series';
import { intlLocaleFor, type Locale } from '@/i18n/locale';
import { formatNumber } from '@/lib/format/number';
import { meaningfulAutoscale } from '@/lib/charts/meaningful-range';

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

/** IV in percent with two decimals, grouped as the interface's language writes numbers. */
const percent = (locale: Locale) => (value: number) => `${formatNumber(value, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;

function baseOptions(locale: Locale): DeepPartial<ChartOptions> {
  const line = cssColor('--sd-line', '#dfe3ea');
  return {
    autoSize: true,
    layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: cssColor('--sd-fg-muted', '#4b5563'), attributionLogo: false },
    grid: { vertLines: { color: line }, horzLines: { color: line } },
    rightPriceScale: { borderVisible: false },
    timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
    localization: { locale: intlLocaleFor(locale), priceFormatter: percent(locale) },
  };
}

export type IvChart = { remove: () => void };

/** One IV line over time (a day's minutes, or days); `intraday` shows the minutes on the axis. */
export function drawIvLine(box: HTMLElement, locale: Locale, points: readonly (TimePoint | DayPoint)[], intraday: boolean): IvChart {
  const options = baseOptions(locale);
  const chart = createChart(box, {
    ...options,
    localization: { ...options.localization, timeFormatter: (time: Parameters<typeof chartTimeLabel>[0]) => chartTimeLabel(time, locale) },
    timeScale: { ...options.timeScale, timeVisible: intraday, secondsVisible: false },
  });
  const series = chart.addSeries(LineSeries, {
    color: cssColor('--sd-brand', '#1d4ed8'),
    lineWidth: 2,
    priceLineVisible: false,
    autoscaleInfoProvider: meaningfulAutoscale(false),
    pointMarkersVisible: points.filter((point) => point.value !== undefined).length === 1,
  });
  series.setData(points.map((point) => (point.value === undefined ? { time: point.time } : { time: point.time, value: point.value })) as Parameters<typeof series.setData>[0]);
  chart.timeScale().fitContent();
  return { remove: () => chart.remove() };
}

/** The smile now (solid) against earlier (dashed), IV by strike. */
export function drawSmile(box: HTMLElement, locale: Locale, now: readonly StrikePoint[], earlier: readonly StrikePoint[]): IvChart {
  const options = baseOptions(locale);
  const chart = createOptionsChart(box, {
    ...options,
    localization: { ...options.localization, timeFormatter: (strike: number) => formatNumber(strike, locale, { maximumFractionDigits: 2 }) },
  });
  const earlierSeries = chart.addSeries(LineSeries, { color: cssColor('--sd-fg-muted', '#4b5563'), lineWidth: 2, lineStyle: 2, priceLineVisible: false, pointMarkersVisible: true });
  const nowSeries = chart.addSeries(LineSeries, { color: cssColor('--sd-brand', '#1d4ed8'), lineWidth: 2, priceLineVisible: false, pointMarkersVisible: true });
  earlierSeries.setData([...earlier]);
  nowSeries.setData([...now]);
  chart.timeScale().fitContent();
  return { remove: () => chart.remove() };
}
