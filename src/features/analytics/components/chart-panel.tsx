import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { ReplayMark } from '@/components/trading/replay-mark';
import { PageHeader } from '@/components/ui/page-header';
import { SelectField } from '@/components/ui/select-field';
import type { AnalyticsAnswer, IndexName } from '@/features/analytics/api/analytics-reads';
import { chartIntervals, defaultChartInterval, takeOrReadBars, type ChartInterval } from '@/features/analytics/api/chart-bars';
import type { Bar, CandleChart, drawCandleChart } from '@/features/analytics/charts/candle-chart';
import { AnalyticsPanel } from '@/features/analytics/components/analytics-status';
import { isSample, SampleNote } from '@/features/analytics/components/sample-badge';
import { useAnalyticsRead } from '@/features/analytics/hooks/use-analytics-read';
import { useIndexChoices } from '@/features/analytics/hooks/use-index-choices';
import { TradingViewLogo } from '@/features/analytics/components/tradingview-logo';
import { useScreenFillHeight } from '@/features/analytics/hooks/use-screen-fill-height';
import { localeFromIntl, type Locale } from '@/i18n/locale';
import { openReplayAtom } from '@/lib/replay/replay-atom';
import { getReplayCandles, type Replay, type ReplayCandleInterval } from '@/lib/replay/replay-calls';
import { store } from '@/lib/store';

const messages = defineMessages({
  symbol: { id: 'charts.symbol', defaultMessage: 'Index' },
  interval: { id: 'charts.interval', defaultMessage: 'Interval' },
  minute: { id: 'charts.interval.1m', defaultMessage: '1 minute' },
  fiveMinutes: { id: 'charts.interval.5m', defaultMessage: '5 minutes' },
  fifteenMinutes: { id: 'charts.interval.15m', defaultMessage: '15 minutes' },
  day: { id: 'charts.interval.1D', defaultMessage: '1 day' },
  legend: { id: 'charts.legend', defaultMessage: 'Candles with the option contracts traded below them; the lines are the 20- and 50-bar simple moving averages.' },
  attribution: { id: 'charts.attribution', defaultMessage: 'Charts by TradingView' },
  noBars: { id: 'charts.noBars', defaultMessage: 'No bars yet for this index and interval.' },
  loadingChart: { id: 'charts.loadingChart', defaultMessage: 'Loading the chart…' },
  sample: {
    id: 'charts.sample',
    defaultMessage: 'Sample bars: some were made up by this server at its first start, not recorded from the market.',
  },
});

const chartLabel = defineMessage<{ index: MessageValue }>({ id: 'charts.label', defaultMessage: '{index} price chart' });

const intervalLabels: Record<ChartInterval, keyof typeof messages> = { '1m': 'minute', '5m': 'fiveMinutes', '15m': 'fifteenMinutes', '1D': 'day' };

/** The chart library's chunk (lightweight-charts, about 56 KB gzip): fetched once, by whichever asks first. */
let chartLibrary: Promise<{ drawCandleChart: typeof drawCandleChart }> | null = null;
const loadChartLibrary = () => {
  chartLibrary ??= import('@/features/analytics/charts/candle-chart').catch((error: unknown) => {
    chartLibrary = null; // a failed download (offline) is tried again by the next chart
    throw error;
  });
  return chartLibrary;
};

/** How tall a chart is: a fixed 26 rem inside a page, or down to the bottom of the screen (Chart (full)). */
export type ChartSize = 'inline' | 'screen';

/** The full chart's floor on a short phone, and the room it leaves under itself at the screen's foot. */
const screenChart = { minPx: 320, gapPx: 16 };

function ChartCanvas({ bars, daily, size, label, locale }: { bars: Bar[]; daily: boolean; size: ChartSize; label: string; locale: Locale }) {
  const frame = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<CandleChart | null>(null);
  const [ready, setReady] = useState(false);
  const screenHeight = useScreenFillHeight(frame, screenChart);

  useEffect(() => {
    let cancelled = false;
    // lightweight-charts is its own chunk, fetched only when a chart screen opens (ChartPanel starts it).
    void loadChartLibrary().then(({ drawCandleChart }) => {
      if (cancelled || box.current === null) return;
      chart.current = drawCandleChart(box.current, locale);
      setReady(true);
    });
    return () => {
      cancelled = true;
      chart.current?.remove();
      chart.current = null;
      setReady(false);
    };
  }, [locale]);

  useEffect(() => {
    if (ready) chart.current?.show(bars, daily);
  }, [bars, daily, ready]);

  // The height goes through the style property (CSSOM), which the Content-Security-Policy allows, not a style attribute.
  return (
    <div ref={frame} className={`relative w-full ${size === 'inline' ? 'h-[26rem]' : ''}`} style={size === 'screen' && screenHeight !== null ? { height: screenHeight } : undefined}>
      <div ref={box} role="img" aria-label={label} aria-busy={!ready} className="size-full" data-testid="candle-chart" data-bars={bars.length} />
      {ready && <TradingViewLogo />}
    </div>
  );
}

/** A replay's charts: its day's minutes grouped as asked, no daily bars (the day is the replay's). */
const replayIntervals: readonly ReplayCandleInterval[] = ['1m', '5m', '15m'];

/** The replayed index's bars up to the replayed minute (lib/replay), in the chart's shape. */
async function readReplayBars(replay: Replay, interval: ReplayCandleInterval): Promise<AnalyticsAnswer<Bar[]>> {
  const answer = await getReplayCandles(replay.id, interval);
  return { value: answer.candles, fetchedAt: Date.now(), cached: false, total: null };
}

/**
 * A chart screen: its heading, an index's candles from the analytics backend with index and interval pickers
 * (kept in the link, so a chart can be shared and reopened), volume and moving averages. Intraday bars refresh
 * every 15 s. The full-screen chart sets its pickers beside the heading on a wide screen, leaving the chart
 * the height the row saves (on a 720 px laptop, the difference between taller and shorter than the page's chart).
 */
export function ChartPanel({ size, title, description }: { size: ChartSize; title: string; description: string }) {
  const intl = useIntl();
  const locale = localeFromIntl(intl.locale);
  const [params, setParams] = useSearchParams();
  // While a replay is open the chart is the replayed day's, up to the replayed minute (issue 39): its index
  // alone, read again as the replayed clock moves (at its speed, a replayed minute at most once a second).
  const held = useAtomValue(openReplayAtom, { store }) ?? null;
  const replay = held?.replay ?? null;
  const liveIndices = useIndexChoices().map((choice) => choice.index);
  // A stock's replay (issue 63) charts its own path: the index name is the replay's underlying.
  const indices: IndexName[] = replay === null ? liveIndices : [replay.index as IndexName];
  const index: IndexName = indices.find((name) => name === params.get('index')) ?? indices[0] ?? 'NIFTY';
  const intervals: readonly ChartInterval[] = replay === null ? chartIntervals : replayIntervals;
  const interval = intervals.find((value) => value === params.get('interval')) ?? defaultChartInterval;
  const replayPlaying = replay !== null && replay.speed > 0 && !replay.at_close && held?.asOf === null;
  const read = useAnalyticsRead(
    () => (replay === null || interval === '1D' ? takeOrReadBars(index, interval) : readReplayBars(replay, interval)),
    replay === null ? `${index}:${interval}` : `replay:${replay.id}:${interval}:${held?.move ?? 0}:${replay.at}`,
    replay === null ? (interval === '1D' ? undefined : 15_000) : replayPlaying ? Math.max(1000, 60_000 / replay.speed) : undefined,
  );
  // The library downloads while the bars are read, not after them: one round trip less on a first open
  // (on Slow 4G, about a second). A failure here is retried when the canvas asks.
  useEffect(() => {
    loadChartLibrary().catch(() => undefined);
  }, []);
  const choose = (name: 'index' | 'interval', value: string) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set(name, value);
      return next;
    }, { replace: true });

  // "Replay · <date> <time>" over a replayed day's chart, so it is never taken for today's.
  const mark = replay === null ? null : <ReplayMark />;
  const pickers = (
    <div className={`grid grid-cols-2 gap-3 ${size === 'screen' ? 'sm:w-80 xl:w-md' : 'sm:max-w-md'}`}>
      <SelectField label={intl.formatMessage(messages.symbol)} value={index} onChange={(event) => choose('index', event.target.value)}>
        {indices.map((name) => (
          <option key={name} value={name}>{name}</option>
        ))}
      </SelectField>
      <SelectField label={intl.formatMessage(messages.interval)} value={interval} onChange={(event) => choose('interval', event.target.value)}>
        {intervals.map((value) => (
          <option key={value} value={value}>{intl.formatMessage(messages[intervalLabels[value]])}</option>
        ))}
      </SelectField>
    </div>
  );

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader
        title={title}
        description={description}
        actions={
          size === 'screen' ? (
            <>
              {mark}
              {pickers}
            </>
          ) : (
            (mark ?? undefined)
          )
        }
      />
      {size === 'inline' && pickers}
      <AnalyticsPanel read={read} loadingText={intl.formatMessage(messages.loadingChart)}>
        {(bars) =>
          bars.length === 0 ? (
            <p className="text-sm text-fg-muted">{intl.formatMessage(messages.noBars)}</p>
          ) : (
            <>
              {/* Above the chart, so the first screen says it (one line at 1280 px, so the full chart keeps its height): a full chart fills the rest of a phone. */}
              {bars.some(isSample) && <SampleNote text={intl.formatMessage(messages.sample)} />}
              <ChartCanvas bars={bars} daily={interval === '1D'} size={size} locale={locale} label={intl.formatMessage(chartLabel, { index })} />
              <p className="text-xs text-fg-muted">{intl.formatMessage(messages.legend)}</p>
            </>
          )
        }
      </AnalyticsPanel>
      <p className="text-xs text-fg-muted">
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer" className="underline">{intl.formatMessage(messages.attribution)}</a>
      </p>
    </div>
  );
}
