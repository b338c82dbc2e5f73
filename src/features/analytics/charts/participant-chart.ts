// Loaded only by the Participants screen, on demand: lightweight-charts stays out of every other screen's
// download. Plain DOM, no React (see positions/components/pnl-history-chart.ts for why). One line per
// participant's net contracts by day; a day without NSE's file is whitespace data, so the line breaks.
import { ColorType, LineSeries, createChart, type ISeriesApi } from 'lightweight-charts';
import { chartTimeLabel } from '@/features/analytics/charts/chart-localization';
import { participantStyles } from '@/features/analytics/charts/participant-styles';
import type { ParticipantLine } from '@/features/analytics/model/participant-series';
import { intlLocaleFor, type Locale } from '@/i18n/locale';
import { formatNumber } from '@/lib/format/number';
import { meaningfulAutoscale } from '@/lib/charts/meaningful-range';

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

export type ParticipantChart = { show: (lines: readonly ParticipantLine[]) => void; remove: () => void };

export function drawParticipantChart(box: HTMLElement, locale: Locale): ParticipantChart {
  const line = cssColor('--sd-line', '#dfe3ea');
  const chart = createChart(box, {
    autoSize: true,
    layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: cssColor('--sd-fg-muted', '#4b5563'), attributionLogo: false },
    localization: {
      locale: intlLocaleFor(locale),
      priceFormatter: (value: number) => formatNumber(Math.round(value), locale, { maximumFractionDigits: 0 }),
      timeFormatter: (time: Parameters<typeof chartTimeLabel>[0]) => chartTimeLabel(time, locale),
    },
    grid: { vertLines: { color: line }, horzLines: { color: line } },
    rightPriceScale: { borderVisible: false },
    timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
  });
  const series = new Map<string, ISeriesApi<'Line'>>();
  return {
    show(lines) {
      for (const { participant, points } of lines) {
        let drawn = series.get(participant);
        if (drawn === undefined) {
          const { variable, fallback, lineStyle } = participantStyles[participant];
          drawn = chart.addSeries(LineSeries, {
            color: cssColor(variable, fallback),
            lineStyle,
            lineWidth: 2,
            title: participant,
            priceLineVisible: false,
            // Net positions are read against zero (net long above, net short below).
            autoscaleInfoProvider: meaningfulAutoscale(true),
            pointMarkersVisible: points.length === 1,
          });
          series.set(participant, drawn);
        }
        drawn.setData(points.map((point) => (point.value === undefined ? { time: point.time } : { time: point.time, value: point.value })));
      }
      chart.timeScale().fitContent();
    },
    remove: () => chart.remove(),
  };
}
