/**
 * The bars a chart screen shows, and their first read started early: on a chart screen's first open the
 * entry starts it beside the screen's files (app/router/screens.ts), so the bars are on their way while the
 * shell and the screen download, instead of once the screen has rendered (issue 24: the chart's first open,
 * on Slow 4G about a second). The panel then takes that read instead of making its own.
 * Kept apart from the panel, with nothing but the reads under it, so the early read waits for no screen code.
 */
import { getCandles, getDailyData, type AnalyticsAnswer, type CandleInterval, type IndexName } from '@/features/analytics/api/analytics-reads';
import type { Bar } from '@/features/analytics/charts/candle-chart';

export type ChartInterval = CandleInterval | '1D';
export const chartIntervals: readonly ChartInterval[] = ['1m', '5m', '15m', '1D'];
/** A chart's interval when its link names none. */
export const defaultChartInterval: ChartInterval = '5m';

/** The indices a chart offers before index_config has answered, in its order (the first is the default). */
export const indexNames: readonly IndexName[] = ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX'];

/** Bars a chart asks for: a session of minutes (375), about a week of 5 and 15 minutes, a year of days. */
const barsWanted: Record<ChartInterval, number> = { '1m': 375, '5m': 375, '15m': 250, '1D': 250 };

export async function readBars(index: IndexName, interval: ChartInterval): Promise<AnalyticsAnswer<Bar[]>> {
  if (interval === '1D') {
    const answer = await getDailyData(index, barsWanted['1D']);
    const bars: Bar[] = [...answer.value].reverse().map((day) => ({ time: day.date, open: day.open, high: day.high, low: day.low, close: day.close, volume: day.volume, sample: day.sample }));
    return { ...answer, value: bars };
  }
  return getCandles(index, interval, barsWanted[interval]);
}

/** An early read is taken only this soon after it started: later, the panel reads afresh. */
const EARLY_READ_FRESH_MS = 15_000;

let early: { key: string; startedAt: number; answer: Promise<AnalyticsAnswer<Bar[]>> } | null = null;
let panelAsked = false;

const keyOf = (index: IndexName, interval: ChartInterval) => `${index}:${interval}`;

/**
 * Starts reading the bars a chart link (`search`, its query string) opens on, as the panel will read them:
 * the index it names or the first, the interval it names or the default. An index the link names that is
 * not one of the known indices is left to the panel. Nothing is started once a panel has read its bars.
 */
export function startEarlyBarsRead(search: string): void {
  if (panelAsked) return;
  const params = new URLSearchParams(search);
  const named = params.get('index');
  const index = named === null ? indexNames[0] : indexNames.find((name) => name === named);
  if (index === undefined) return;
  const interval = chartIntervals.find((value) => value === params.get('interval')) ?? defaultChartInterval;
  const answer = readBars(index, interval);
  // A failure is the panel's to show, when it takes this read.
  answer.catch(() => undefined);
  early = { key: keyOf(index, interval), startedAt: Date.now(), answer };
}

/** The panel's read: the early one when it was started moments ago for the same bars (taken once), else a new one. */
export function takeOrReadBars(index: IndexName, interval: ChartInterval): Promise<AnalyticsAnswer<Bar[]>> {
  panelAsked = true;
  const started = early;
  early = null;
  if (started !== null && started.key === keyOf(index, interval) && Date.now() - started.startedAt < EARLY_READ_FRESH_MS) return started.answer;
  return readBars(index, interval);
}
