// Loaded only by /app/position, on demand: lightweight-charts stays out of every other screen's download.
// Plain DOM, no React: a lazy chunk that shares nothing with the entry keeps the bundler from splitting
// React out of the entry chunk (it did, costing the first visit 1.3 KB).
import { BaselineSeries, ColorType, createChart } from 'lightweight-charts';
import { meaningfulAutoscale } from '@/lib/charts/meaningful-range';

export type PnlDay = { date: string; cumulative: number };

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

/**
 * Draws cumulative net realised P&L per trading day into `box` (green above zero, red below), its axis in
 * rupees as the interface's language writes them; returns its cleanup.
 */
export function drawPnlHistory(box: HTMLElement, days: readonly PnlDay[], formatPrice: (value: number) => string): () => void {
  const profit = cssColor('--sd-profit', '#047857');
  const loss = cssColor('--sd-loss', '#b91c1c');
  const line = cssColor('--sd-line', '#dfe3ea');
  const chart = createChart(box, {
    autoSize: true,
    layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: cssColor('--sd-fg-muted', '#4b5563'), attributionLogo: false },
    grid: { vertLines: { color: line }, horzLines: { color: line } },
    rightPriceScale: { borderVisible: false },
    timeScale: { borderVisible: false },
    localization: { priceFormatter: formatPrice },
  });
  const series = chart.addSeries(BaselineSeries, {
    baseValue: { type: 'price', price: 0 },
    topLineColor: profit,
    topFillColor1: `${profit}55`,
    topFillColor2: `${profit}10`,
    bottomLineColor: loss,
    bottomFillColor1: `${loss}10`,
    bottomFillColor2: `${loss}55`,
    // The axis holds zero, the baseline the colours split at; a single day shows as a point on it.
    autoscaleInfoProvider: meaningfulAutoscale(true),
    pointMarkersVisible: days.length === 1,
  });
  series.setData(days.map((day) => ({ time: day.date, value: day.cumulative })));
  chart.timeScale().fitContent();
  return () => chart.remove();
}
