// Loaded only by the open-interest screen, on demand: lightweight-charts stays out of every other screen's
// download. Plain DOM, no React (as participant-chart.ts). Lines of OI, OI change, PCR or max pain over the
// day's minutes or across days; a point without a value is whitespace, so a line breaks at a gap. PCR, a
// ratio, reads on the left scale when max pain (an index level) shares the chart.
import { ColorType, LineSeries, createChart, type ISeriesApi, type Time } from 'lightweight-charts';
import { styledLines } from '@/features/open-interest/charts/oi-styles';
import type { OiLine } from '@/features/open-interest/model/oi-model';
import { intlLocaleFor, type Locale } from '@/i18n/locale';
import { formatDate } from '@/lib/format/date';
import { formatNumber } from '@/lib/format/number';
import { meaningfulAutoscale } from '@/lib/charts/meaningful-range';

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

/** Intraday points are IST shown as UTC: the axis and the crosshair read the IST clock. */
function crosshairTime(time: Time, locale: Locale): string {
  // A day: noon IST, the same calendar day whatever the rounding.
  if (typeof time === 'string') return formatDate(`${time}T12:00:00+05:30`, locale);
  if (typeof time !== 'number') return formatDate(`${time.year}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}T12:00:00+05:30`, locale);
  return new Intl.DateTimeFormat(intlLocaleFor(locale), { timeZone: 'UTC', day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(time * 1000));
}

export type OiChart = { remove: () => void };

export function drawOiChart(box: HTMLElement, locale: Locale, lines: readonly OiLine[]): OiChart {
  const line = cssColor('--sd-line', '#dfe3ea');
  const twoScales = lines.some((entry) => entry.kind === 'pcr') && lines.some((entry) => entry.kind === 'max_pain');
  const whole = (value: number) => formatNumber(Math.round(value), locale, { maximumFractionDigits: 0 });
  const chart = createChart(box, {
    autoSize: true,
    layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: cssColor('--sd-fg-muted', '#4b5563'), attributionLogo: false },
    // Each series formats its own scale (PCR with two decimals, OI and max pain whole): no chart-wide price formatter.
    localization: { locale: intlLocaleFor(locale), timeFormatter: (time: Time) => crosshairTime(time, locale) },
    grid: { vertLines: { color: line }, horzLines: { color: line } },
    leftPriceScale: { visible: twoScales, borderVisible: false },
    rightPriceScale: { borderVisible: false },
    timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true, timeVisible: lines.some((entry) => typeof entry.points[0]?.time === 'number') },
  });
  const ratio = (value: number) => formatNumber(value, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const series: ISeriesApi<'Line'>[] = [];
  for (const entry of styledLines(lines)) {
    const drawn = chart.addSeries(LineSeries, {
      color: cssColor(entry.style.variable, entry.style.fallback),
      lineStyle: entry.style.lineStyle,
      lineWidth: 2,
      title: entry.label,
      priceLineVisible: false,
      priceScaleId: twoScales && entry.kind === 'pcr' ? 'left' : 'right',
      priceFormat: entry.kind === 'pcr' ? { type: 'custom', formatter: ratio, minMove: 0.0001 } : { type: 'custom', formatter: whole, minMove: 1 },
      // A change in OI is read against zero (added above, unwound below).
      autoscaleInfoProvider: meaningfulAutoscale(false),
      // A lone point (one day, one bucket) would draw nothing as a line.
      pointMarkersVisible: entry.points.filter((point) => point.value !== undefined).length <= 2,
    });
    drawn.setData(entry.points.map((point) => (point.value === undefined ? { time: point.time as Time } : { time: point.time as Time, value: point.value })));
    series.push(drawn);
  }
  chart.timeScale().fitContent();
  return { remove: () => chart.remove() };
}
