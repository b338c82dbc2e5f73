// Loaded only by the backtest report, on demand: lightweight-charts stays out of every other screen's
// download. Plain DOM, no React (see positions/components/pnl-history-chart.ts for why). The equity is a line
// in the upper pane; the drawdown, drawn downwards from zero, fills the pane beneath it.
import { AreaSeries, ColorType, LineSeries, createChart } from 'lightweight-charts';
import { meaningfulAutoscale } from '@/lib/charts/meaningful-range';

export type EquityPoint = { date: string; equity: number; drawdown: number };

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

/**
 * The drawdown pane's points: the drawdown drawn downwards from zero. A day at its peak is 0, never -0, which
 * the price scale's last-value label would write as "-₹0".
 */
export function drawdownPoints(points: readonly EquityPoint[]): Array<{ time: string; value: number }> {
  return points.map((point) => ({ time: point.date, value: point.drawdown === 0 ? 0 : -point.drawdown }));
}

export function drawEquity(box: HTMLElement, points: readonly EquityPoint[], formatPrice: (value: number) => string): () => void {
  const brand = cssColor('--sd-brand', '#2563eb');
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
  const equity = chart.addSeries(LineSeries, { color: brand, lineWidth: 2, autoscaleInfoProvider: meaningfulAutoscale(false), pointMarkersVisible: points.length === 1 });
  equity.setData(points.map((point) => ({ time: point.date, value: point.equity })));
  const drawdown = chart.addSeries(AreaSeries, { lineColor: loss, topColor: `${loss}10`, bottomColor: `${loss}55`, lineWidth: 1, invertFilledArea: true, autoscaleInfoProvider: meaningfulAutoscale(true) }, 1);
  drawdown.setData(drawdownPoints(points));
  const panes = chart.panes();
  panes[1]?.setHeight(Math.round(box.clientHeight * 0.3));
  chart.timeScale().fitContent();
  return () => chart.remove();
}
