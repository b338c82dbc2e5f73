// Loaded only by the chart screens, on demand: lightweight-charts stays out of every other screen's download.
// Plain DOM, no React (see positions/components/pnl-history-chart.ts for why).
import { CandlestickSeries, ColorType, createChart, HistogramSeries, LineSeries, type IChartApi, type ISeriesApi, type Time, type UTCTimestamp } from 'lightweight-charts';
import { chartLocalization, istOffsetSeconds } from '@/features/analytics/charts/chart-localization';
import type { Locale } from '@/i18n/locale';

/** One bar: `time` is an ISO instant (intraday) or an IST trading day `YYYY-MM-DD` (daily). */
/** `sample`: a bar the backend made up (a new install's history), not one it recorded. */
export type Bar = { time: string; open: number; high: number; low: number; close: number; volume: number; sample?: boolean };

export type CandleChart = { show: (bars: readonly Bar[], daily: boolean) => void; remove: () => void };

/** Moving averages drawn over the candles (periods in bars). */
export const movingAverages = [20, 50] as const;

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

export function chartTime(time: string, daily: boolean): Time {
  return daily ? time : ((Date.parse(time) / 1000 + istOffsetSeconds) as UTCTimestamp);
}

/** The simple moving average of the closes over `period` bars, from the first bar that has `period` behind it. */
export function simpleMovingAverage(bars: readonly Bar[], period: number): Array<{ index: number; value: number }> {
  const averages: Array<{ index: number; value: number }> = [];
  let sum = 0;
  bars.forEach((bar, i) => {
    sum += bar.close;
    if (i >= period) sum -= bars[i - period]!.close;
    if (i >= period - 1) averages.push({ index: i, value: Math.round((sum / period) * 100) / 100 });
  });
  return averages;
}

/** Candles with volume below them and two moving averages, in the page's theme colours and `locale`'s figures. */
export function drawCandleChart(box: HTMLElement, locale: Locale): CandleChart {
  const profit = cssColor('--sd-profit', '#047857');
  const loss = cssColor('--sd-loss', '#b91c1c');
  const line = cssColor('--sd-line', '#dfe3ea');
  const chart: IChartApi = createChart(box, {
    autoSize: true,
    // The library's own attribution logo injects a <style> element, which `style-src 'self'` refuses: the
    // screen draws the same TradingView logo and link itself (chart-panel.tsx), styled by the app's stylesheet.
    layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: cssColor('--sd-fg-muted', '#4b5563'), attributionLogo: false },
    localization: chartLocalization(locale),
    grid: { vertLines: { color: line }, horzLines: { color: line } },
    rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.08, bottom: 0.25 } },
    // Fixed edges: there is nothing to scroll to before the first bar or after the last, and the library then
    // slides the first and last time labels inside the axis instead of cutting them in half.
    timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false, fixLeftEdge: true, fixRightEdge: true },
  });
  const candles: ISeriesApi<'Candlestick'> = chart.addSeries(CandlestickSeries, {
    upColor: profit,
    downColor: loss,
    borderUpColor: profit,
    borderDownColor: loss,
    wickUpColor: profit,
    wickDownColor: loss,
  });
  const volume = chart.addSeries(HistogramSeries, { priceScaleId: 'volume', priceFormat: { type: 'volume' }, lastValueVisible: false, priceLineVisible: false });
  chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  const averageColours = [cssColor('--sd-brand', '#1d4ed8'), cssColor('--sd-warn', '#854d0e')];
  const averages = movingAverages.map((period, i) =>
    chart.addSeries(LineSeries, { color: averageColours[i], lineWidth: 2, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false, title: `SMA ${period}` }),
  );
  return {
    show(bars, daily) {
      candles.setData(bars.map((bar) => ({ time: chartTime(bar.time, daily), open: bar.open, high: bar.high, low: bar.low, close: bar.close })));
      volume.setData(bars.map((bar) => ({ time: chartTime(bar.time, daily), value: bar.volume, color: bar.close >= bar.open ? `${profit}66` : `${loss}66` })));
      movingAverages.forEach((period, i) => {
        averages[i]!.setData(simpleMovingAverage(bars, period).map(({ index, value }) => ({ time: chartTime(bars[index]!.time, daily), value })));
      });
      chart.timeScale().fitContent();
    },
    remove: () => chart.remove(),
  };
}
