import PresentationChartLineIcon from '@heroicons/react/24/outline/PresentationChartLineIcon';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { DataSource, useDataSourceWords } from '@/components/ui/data-source';
import { useDemoMarketOpen, useReadAgainEachMinute } from '@/lib/market/demo-market';
import { MarketHistoryEmptyState, ReadAgainButton, stockRecordedText } from '@/components/trading/market-history-empty-state';
import { LoadStatus } from '@/components/ui/load-status';
import { PageHeader } from '@/components/ui/page-header';
import { PanelBoundary } from '@/components/ui/panel-boundary';
import { SelectField } from '@/components/ui/select-field';
import { StaleNote } from '@/components/ui/stale-note';
import { TimeField } from '@/components/ui/time-field';
import { IvChartBox, type IvChartContent } from '@/features/analytics/volatility/iv-chart-box';
import { ivMessages as m } from '@/features/analytics/volatility/iv-messages';
import { defaultIvLookback, getIvDay, getIvHistory, getIvSmile, isIvIndex as isIndex, ivIndices, ivReadNames, ivUnderlyingOf, type IvDay, type IvHistory, type IvIndex, type IvRecordedIndex, type IvSmileAt, type IvSource } from '@/features/analytics/volatility/iv-reads';
import { dayLine, gapMinutes, historyLine, lastDayPoint, smileLine, sourcesOf } from '@/features/analytics/volatility/iv-series';
import { useKeptRead } from '@/features/analytics/volatility/use-kept-read';
import { sayServerText } from '@/i18n/say-server-text';
import type { ApiError } from '@/lib/api/api-error';
import { takeEarlyRead } from '@/lib/api/early-read';
import { useScreenRefusal } from '@/lib/api/use-screen-refusal';
import { useFormat } from '@/lib/format/use-format';

const lookbacks = [30, 91, 182, 365] as const;
// Any time of day: the day's session is the server's to judge (15:30 or 15:40 by the date, a special session's
// own hours), and its refusal names that session's minutes.
const validTime = (time: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(time);

function useIvWords() {
  const { formatNumber } = useFormat();
  const sourceWords = useDataSourceWords();
  return {
    iv: (value: number) => `${formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`,
    source: (source: IvSource) => sourceWords([source]),
  };
}

function Figure({ term, value, id }: { term: string; value: string; id: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5" data-figure={id}>
      <dt className="text-xs text-fg-muted">{term}</dt>
      <dd className="text-lg font-semibold tabular-nums text-fg">{value}</dd>
    </div>
  );
}

function Standing({ history }: { history: IvHistory }) {
  const intl = useIntl();
  const { formatDate, formatNumber } = useFormat();
  const words = useIvWords();
  const standing = history.standing;
  const lastSource = history.source.at(-1);
  const pct = (value: number) => `${formatNumber(value, { maximumFractionDigits: 1 })} %`;
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-4" aria-labelledby="iv-standing">
      <h2 id="iv-standing" className="text-base font-semibold">
        {intl.formatMessage(m.standingTitle)}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="iv-standing">
        <Figure id="atm-iv" term={intl.formatMessage(m.atmIv)} value={history.iv.length === 0 ? '—' : words.iv(history.iv.at(-1) as number)} />
        <Figure id="iv-rank" term={intl.formatMessage(m.ivRank)} value={standing === null ? '—' : standing.rank === null ? intl.formatMessage(m.noRank) : pct(standing.rank)} />
        <Figure id="iv-percentile" term={intl.formatMessage(m.ivPercentile)} value={standing === null ? '—' : pct(standing.percentile)} />
        <Figure id="iv-range" term={intl.formatMessage(m.range)} value={standing === null ? '—' : `${words.iv(standing.low)} – ${words.iv(standing.high)}`} />
      </dl>
      <p className="text-sm text-fg-muted">
        {standing === null || history.as_of === null
          ? intl.formatMessage(m.noStanding)
          : intl.formatMessage(m.standingNote, { date: formatDate(history.as_of), days: standing.days })}
        {lastSource === 'simulated' && <span className="ms-1">{intl.formatMessage(m.standingSimulated)}</span>}
      </p>
    </section>
  );
}

function ChartSection({ title, id, children }: { title: string; id: string; children: React.ReactNode }) {
  return (
    <section className="flex min-w-0 flex-col gap-2" aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function HistoryChart({ history }: { history: IvHistory }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const content = useMemo<IvChartContent>(() => ({ kind: 'time', points: historyLine(history), intraday: false }), [history]);
  const first = history.dates[0] as string;
  const last = history.as_of ?? first;
  return (
    <ChartSection title={intl.formatMessage(m.historyTitle)} id="iv-history">
      <div className="flex flex-col gap-1 text-sm text-fg-muted">
        <p>{intl.formatMessage(m.historyNote, { days: history.dates.length, from: formatDate(first), to: formatDate(last) })}</p>
        <DataSource sources={sourcesOf(history.source)} asOf={last} precision="day" testId="iv-history-source" />
        {history.missing_days.length > 0 && <p data-testid="iv-history-gaps">{intl.formatMessage(m.gapsDays, { count: history.missing_days.length })}</p>}
      </div>
      <IvChartBox content={content} testId="iv-history-chart" label={intl.formatMessage(m.historyLabel, { from: formatDate(first), to: formatDate(last) })} />
    </ChartSection>
  );
}

/** An alert on an expiry's ATM IV (composed in src/app: alerts are their own feature). */
export type IvAlertAction = (index: IvRecordedIndex, expiry: string) => ReactNode;
/** The underlying's search box (composed in src/app: it is the market feature's); the four indices' select without one. */
export type UnderlyingPicker = (value: string, onPick: (symbol: string) => void) => ReactNode;

function DayChart({ day, underlying, alertAction }: { day: IvDay; underlying: 'index' | 'stock'; alertAction: IvAlertAction | undefined }) {
  const intl = useIntl();
  const { formatDate, formatNumber } = useFormat();
  const words = useIvWords();
  const content = useMemo<IvChartContent>(() => ({ kind: 'time', points: dayLine(day), intraday: true }), [day]);
  const last = lastDayPoint(day);
  const gaps = gapMinutes(day);
  const points = (value: number) => formatNumber(value, { maximumFractionDigits: 2 });
  // The underlying's level or price to the paisa, as the price strip shows it (1,052.80, not 1,052.8).
  const price = (value: number) => formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <ChartSection title={intl.formatMessage(m.dayTitle)} id="iv-day">
      <div className="flex flex-col gap-1 text-sm text-fg-muted">
        {last === null ? (
          <p>{intl.formatMessage(m.noMinutes)}</p>
        ) : (
          <p data-testid="iv-day-last">
            {intl.formatMessage(m.dayNote, {
              time: last.minute,
              iv: words.iv(last.iv),
              call: words.iv(last.callIv),
              put: words.iv(last.putIv),
              strike: points(last.strike),
              spot: price(last.spot),
              underlying,
            })}
          </p>
        )}
        {day.settlement !== null && (
          <p data-testid="iv-day-settlement">
            {intl.formatMessage(m.settlement, { iv: words.iv(day.settlement.iv), strike: points(day.settlement.strike), spot: price(day.settlement.spot), underlying })}
          </p>
        )}
        {(day.minutes.length > 0 || day.settlement !== null) && (
          <DataSource sources={sourcesOf([...day.source, ...(day.settlement === null ? [] : [day.settlement.source])])} asOf={day.as_of} testId="iv-day-source" />
        )}
        {gaps > 0 && <p data-testid="iv-day-gaps">{intl.formatMessage(m.gapsMinutes, { count: gaps })}</p>}
      </div>
      {/* An IV alert watches the recorder's minutes, which it keeps of a stock only while it is watched: none on a stock. */}
      {day.expiry !== null && isIndex(day.index) && alertAction?.(day.index, day.expiry)}
      {day.minutes.length > 0 && day.day !== null && day.expiry !== null && (
        <IvChartBox content={content} testId="iv-day-chart" label={intl.formatMessage(m.dayLabel, { date: formatDate(day.day), expiry: formatDate(day.expiry) })} />
      )}
    </ChartSection>
  );
}

function SmileSide({ side, text, testId }: { side: IvSmileAt; text: typeof m.smileNow; testId: string }) {
  const intl = useIntl();
  const { formatDateTime } = useFormat();
  const words = useIvWords();
  if (side.at === null || side.source === null) return <p data-testid={testId}>{intl.formatMessage(text, { time: side.asked, source: intl.formatMessage(m.smileNone) })}</p>;
  return <p data-testid={testId}>{intl.formatMessage(text, { time: formatDateTime(side.at), source: words.source(side.source) })}</p>;
}

/** A read's failure: its refusal said in the chart's place when the screen words it (iv-reads.ts), else the screen's words. */
function Failure({ read, refusal }: { read: { failed: boolean; reload: () => void }; refusal: ApiError | null }) {
  const intl = useIntl();
  const detail = refusal === null ? undefined : sayServerText(intl, refusal.text, refusal.message);
  return <LoadStatus loadingText={intl.formatMessage(m.loading)} failedText={intl.formatMessage(m.failed)} failed={read.failed} detail={detail} onRetry={read.reload} />;
}

/**
 * The smile of the screen's choice (index, day, expiry; null: the server's default, the same as the day read's),
 * read beside the day and the history rather than after the day's answer: the first open draws after one round
 * trip. `answeredDay` (the day read's answer) is the day a minute to compare against is of.
 */
function SmileChart({ index, day, expiry, answeredDay }: { index: IvIndex; day: string | null; expiry: string | null; answeredDay: string | null }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const [mode, setMode] = useState<'day' | 'minute'>('day');
  const [time, setTime] = useState('09:30');
  const against = mode === 'minute' && validTime(time) && answeredDay !== null ? `${answeredDay}T${time}` : null;
  const name = ivReadNames.smile(index, expiry, day, against);
  const { read, refusal } = useScreenRefusal(
    name,
    // The first read may have started beside the screen's files (screens.ts), as the two below.
    useCallback(() => takeEarlyRead(name, () => getIvSmile(index, expiry, day, against)), [name, index, expiry, day, against]),
  );
  const smile = useKeptRead(name, read);
  const content = useMemo<IvChartContent | null>(
    () =>
      smile.value?.now == null ? null : { kind: 'smile', now: smileLine(smile.value.now), earlier: smile.value.earlier === null ? [] : smileLine(smile.value.earlier) },
    [smile.value],
  );
  // History holds no option prices of the index: the day's chart says so, the smile has nothing to add.
  if (smile.value !== null && (smile.value.now === null || smile.value.expiry === null)) return null;
  // A line needs two points: without them (an expiry day, no IV solved) the legend and label promise no solid line.
  const nowDrawn = content !== null && content.kind === 'smile' && content.now.length >= 2;
  return (
    <ChartSection title={intl.formatMessage(m.smileTitle)} id="iv-smile">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField label={intl.formatMessage(m.compare)} value={mode} onChange={(event) => setMode(event.target.value as 'day' | 'minute')} data-testid="iv-compare">
          <option value="day">{intl.formatMessage(m.comparePreviousDay)}</option>
          <option value="minute">{intl.formatMessage(m.compareMinute)}</option>
        </SelectField>
        {mode === 'minute' && (
          <TimeField label={intl.formatMessage(m.compareTime)} hint={intl.formatMessage(m.compareTimeHint)} value={time} onChange={(event) => setTime(event.target.value)} onNormalise={setTime} />
        )}
      </div>
      {smile.asOf !== null && <StaleNote asOf={smile.asOf} />}
      {smile.value?.now == null || smile.value.expiry === null || content === null ? (
        <Failure read={smile} refusal={refusal} />
      ) : (
        <>
          <div className="flex flex-col gap-1 text-sm text-fg-muted">
            <SmileSide side={smile.value.now} text={nowDrawn ? m.smileNow : m.smileNowUndrawn} testId="iv-smile-now" />
            {smile.value.earlier !== null && <SmileSide side={smile.value.earlier} text={m.smileEarlier} testId="iv-smile-earlier" />}
            <p>{intl.formatMessage(m.smileSides)}</p>
          </div>
          <IvChartBox content={content} testId="iv-smile-chart" label={intl.formatMessage(nowDrawn ? m.smileLabel : m.smileLabelEarlierOnly, { expiry: formatDate(smile.value.expiry) })} />
        </>
      )}
    </ChartSection>
  );
}

/** /app/volatility: implied volatility from market history (issue 40); ?index= and ?expiry= open it on a chain's choice. */
export function VolatilityScreen({ alertAction, underlyingPicker }: { alertAction?: IvAlertAction; underlyingPicker?: UnderlyingPicker }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const [params] = useSearchParams();
  const [index, setIndex] = useState<IvIndex>(ivUnderlyingOf(params.get('index')));
  const pickUnderlying = (symbol: string) => {
    setIndex(symbol);
    setDay(null);
    setExpiry(null);
  };
  const [lookback, setLookback] = useState<number>(defaultIvLookback);
  const [day, setDay] = useState<string | null>(null);
  const [expiry, setExpiry] = useState<string | null>(params.get('expiry'));

  // The history, the day and the smile (SmileChart) are read at once: none waits for another's answer.
  const historyName = ivReadNames.history(index, lookback);
  const historyRefusal = useScreenRefusal(
    historyName,
    useCallback(() => takeEarlyRead(historyName, () => getIvHistory(index, lookback)), [historyName, index, lookback]),
  );
  const history = useKeptRead(historyName, historyRefusal.read);
  const dayName = ivReadNames.day(index, day, expiry);
  const dayRefusal = useScreenRefusal(
    dayName,
    useCallback(() => takeEarlyRead(dayName, () => getIvDay(index, day, expiry)), [dayName, index, day, expiry]),
  );
  const dayRead = useKeptRead(dayName, dayRefusal.read);
  const asOf = history.asOf ?? dayRead.asOf;
  const days = history.value === null ? [] : [...history.value.dates].reverse();
  const shownDay = dayRead.value;
  // The latest day with prices: the history's last, else (no history yet) the day the latest read answered.
  const latest = days[0] ?? (day === null ? (shownDay?.day ?? null) : null);
  const empty = history.value !== null && dayRead.value !== null && history.value.dates.length === 0 && dayRead.value.day === null;
  // Nothing yet while the demo market is open: its first whole minute comes within two, both read each minute (a
  // stock's only while it is watched: its empty state says so, stockRecordedText, and it is read each minute still).
  const demoWait = useDemoMarketOpen() && empty;
  const { reload: reloadHistory } = history;
  const { reload: reloadDay } = dayRead;
  const readBoth = useCallback(() => {
    reloadHistory();
    reloadDay();
  }, [reloadHistory, reloadDay]);
  useReadAgainEachMinute(demoWait, readBoth);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(m.title)} description={intl.formatMessage(m.description)} />
      <PanelBoundary>
        {asOf !== null && <StaleNote asOf={asOf} />}
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="iv-pickers">
          {underlyingPicker === undefined ? (
            <SelectField label={intl.formatMessage(m.index)} value={index} onChange={(event) => pickUnderlying(event.target.value)}>
              {ivIndices.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </SelectField>
          ) : (
            underlyingPicker(index, pickUnderlying)
          )}
          <SelectField label={intl.formatMessage(m.lookback)} value={lookback} onChange={(event) => setLookback(Number(event.target.value))}>
            {lookbacks.map((days) => (
              <option key={days} value={days}>
                {intl.formatMessage(m.lookbackDays, { days })}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={intl.formatMessage(m.day)}
            value={day ?? ''}
            onChange={(event) => {
              setDay(event.target.value === '' ? null : event.target.value);
              setExpiry(null);
            }}
          >
            <option value="">{intl.formatMessage(m.latestDay, { date: latest === null ? '—' : formatDate(latest) })}</option>
            {days.map((date) => (
              <option key={date} value={date}>
                {formatDate(date)}
              </option>
            ))}
          </SelectField>
          <SelectField label={intl.formatMessage(m.expiry)} value={expiry ?? shownDay?.expiry ?? ''} onChange={(event) => setExpiry(event.target.value)}>
            {(shownDay?.expiries ?? []).filter((listed) => shownDay?.day == null || listed >= shownDay.day).map((listed) => (
              <option key={listed} value={listed}>
                {formatDate(listed)}
              </option>
            ))}
            {shownDay?.expiries.length === 0 && <option value="">{intl.formatMessage(m.none)}</option>}
          </SelectField>
        </div>
        {/* Nothing stored of a stock: its empty state says when a stock's minutes are recorded instead. */}
        {!isIndex(index) && !empty && (
          <p className="mt-2 text-sm text-fg-muted" data-testid="iv-stock-note">
            {intl.formatMessage((shownDay?.minutes.length ?? 0) > 0 ? m.stockMinutesNote : m.stockNote, { symbol: index })}
          </p>
        )}
        {empty ? (
          <MarketHistoryEmptyState
            icon={PresentationChartLineIcon}
            title={isIndex(index) ? intl.formatMessage(demoWait ? m.emptyDemoTitle : m.emptyTitle) : intl.formatMessage(m.emptyStockTitle, { symbol: index })}
            description={isIndex(index) ? intl.formatMessage(demoWait ? m.emptyDemo : m.empty) : intl.formatMessage(stockRecordedText, { symbol: index })}
            importText={intl.formatMessage(m.import)}
            before={
              demoWait ? <ReadAgainButton text={intl.formatMessage(m.readAgain)} onClick={readBoth} /> : undefined
            }
          />
        ) : (
          <div className="mt-4 flex flex-col gap-6">
            {history.value === null ? (
              <Failure read={history} refusal={historyRefusal.refusal} />
            ) : (
              <>
                <Standing history={history.value} />
                {history.value.dates.length > 0 && <HistoryChart history={history.value} />}
              </>
            )}
            {shownDay === null ? <Failure read={dayRead} refusal={dayRefusal.refusal} /> : <DayChart day={shownDay} underlying={isIndex(index) ? 'index' : 'stock'} alertAction={alertAction} />}
            {(shownDay === null || (shownDay.day !== null && shownDay.expiry !== null)) && <SmileChart index={index} day={day} expiry={expiry} answeredDay={shownDay?.day ?? null} />}
          </div>
        )}
      </PanelBoundary>
    </div>
  );
}
