// Loaded only by the premium chart screen, on demand: lightweight-charts stays out of every other screen's
// download. Plain DOM, no React (see positions/components/pnl-history-chart.ts for why). Candles of the combined
// premium, the overlays the trader turned on, and their own fills marked on the candle they fell in. A minute
// without a candle (a leg lacked a price) is whitespace: the time axis keeps its place and nothing is drawn.
import { CandlestickSeries, ColorType, createChart, createSeriesMarkers, LineSeries, type ISeriesApi, type SeriesMarker, type Time, type UTCTimestamp } from 'lightweight-charts';
import { chartLocalization, istOffsetSeconds } from '@/features/analytics/charts/chart-localization';
import type { Locale } from '@/i18n/locale';

export type ChartCandle = { time: number; open: number; high: number; low: number; close: number };
export type ChartLine = { id: string; title: string; colour: 'brand' | 'warn' | 'fg' | 'trend'; points: { time: number; value: number | null; up?: boolean }[] };
export type ChartMark = { time: number; side: 'BUY' | 'SELL'; text: string };
export type PremiumChartData = { candles: readonly ChartCandle[]; gaps: readonly number[]; lines: readonly ChartLine[]; marks: readonly ChartMark[] };
export type PremiumChart = { show: (data: PremiumChartData) => void; remove: () => void };

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

/** A candle's start shifted so the library's UTC axis reads IST. */
const axisTime = (time: number) => (time + istOffsetSeconds) as UTCTimestamp;

export function drawPremiumChart(box: HTMLElement, locale: Locale): PremiumChart {
  const profit = cssColor('--sd-profit', '#047857');
  const loss = cssColor('--sd-loss', '#b91c1c');
  const grid = cssColor('--sd-line', '#dfe3ea');
  const colours = { brand: cssColor('--sd-brand', '#1d4ed8'), warn: cssColor('--sd-warn', '#854d0e'), fg: cssColor('--sd-fg', '#111827'), trend: profit };
  const chart = createChart(box, {
    autoSize: true,
    // The library's attribution logo injects a <style> element, which the CSP refuses (candle-chart.ts).
    layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: cssColor('--sd-fg-muted', '#4b5563'), attributionLogo: false },
    localization: chartLocalization(locale),
    grid: { vertLines: { color: grid }, horzLines: { color: grid } },
    rightPriceScale: { borderVisible: false },
    timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false, fixLeftEdge: true, fixRightEdge: true },
  });
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: profit,
    downColor: loss,
    borderUpColor: profit,
    borderDownColor: loss,
    wickUpColor: profit,
    wickDownColor: loss,
  });
  const markers = createSeriesMarkers(candles, []);
  const lines = new Map<string, ISeriesApi<'Line'>>();
  return {
    show(data) {
      const whitespace = data.gaps.map((time) => ({ time: axisTime(time) }));
      const bars = data.candles.map((candle) => ({ time: axisTime(candle.time), open: candle.open, high: candle.high, low: candle.low, close: candle.close }));
      candles.setData([...bars, ...whitespace].sort((a, b) => a.time - b.time));
      for (const [id, series] of lines) {
        if (!data.lines.some((line) => line.id === id)) {
          chart.removeSeries(series);
          lines.delete(id);
        }
      }
      for (const line of data.lines) {
        let series = lines.get(line.id);
        if (series === undefined) {
          series = chart.addSeries(LineSeries, { lineWidth: 2, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false });
          lines.set(line.id, series);
        }
        series.applyOptions({ color: colours[line.colour], title: line.title });
        const points = line.points.map((point) =>
          point.value === null
            ? { time: axisTime(point.time) }
            : { time: axisTime(point.time), value: point.value, ...(point.up === undefined ? {} : { color: point.up ? profit : loss }) },
        );
        series.setData([...points, ...whitespace].sort((a, b) => a.time - b.time));
      }
      markers.setMarkers(
        data.marks.map(
          (mark): SeriesMarker<Time> => ({
            time: axisTime(mark.time),
            position: mark.side === 'BUY' ? 'belowBar' : 'aboveBar',
            shape: mark.side === 'BUY' ? 'arrowUp' : 'arrowDown',
            color: mark.side === 'BUY' ? colours.brand : colours.warn,
            text: mark.text,
          }),
        ),
      );
      chart.timeScale().fitContent();
    },
    remove: () => chart.remove(),
  };
}
