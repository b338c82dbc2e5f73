import ChartBarIcon from '@heroicons/react/24/outline/ChartBarIcon';
import XMarkIcon from '@heroicons/react/20/solid/XMarkIcon';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { getOpenInterestDay, getOpenInterestDays, oiDayReadName } from '@/features/open-interest/api/oi-reads';
import { OiChartBox } from '@/features/open-interest/components/oi-chart-box';
import { OiProfile } from '@/features/open-interest/components/oi-profile';
import {
  choiceFromSearch,
  figureLine,
  gapCount,
  intradayTimes,
  isOiStock,
  maxOiStrikes,
  oiIntervals,
  searchOfChoice,
  sourcesOf,
  strikeLines,
  type OiChoice,
  type OiSource,
  type OpenInterestDay,
  type OpenInterestDays,
} from '@/features/open-interest/model/oi-model';
import { oiMessages as m } from '@/features/open-interest/oi-messages';
import { useDemoMarketOpen, useReadAgainEachMinute } from '@/lib/market/demo-market';
import { MarketHistoryEmptyState, ReadAgainButton, stockRecordedText } from '@/components/trading/market-history-empty-state';
import { UnderlyingSearch } from '@/components/trading/underlying-search';
import { DataSource, useDataSourceWords } from '@/components/ui/data-source';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadStatus } from '@/components/ui/load-status';
import { PageHeader } from '@/components/ui/page-header';
import { PanelBoundary } from '@/components/ui/panel-boundary';
import { SelectField } from '@/components/ui/select-field';
import { StaleNote } from '@/components/ui/stale-note';
import { sayServerText } from '@/i18n/say-server-text';
import type { ApiError } from '@/lib/api/api-error';
import { takeEarlyRead } from '@/lib/api/early-read';
import { useScreenRefusal } from '@/lib/api/use-screen-refusal';
import { useFormat } from '@/lib/format/use-format';
import { useLastKnownRead } from '@/lib/persist/use-last-known-read';

type View = 'intraday' | 'daily';
type Figure = 'oi' | 'change';

/** Native radio buttons shown as chips. */
function Chips<T extends string>({ legend, options, value, onChange }: { legend: string; options: { value: T; label: string }[]; value: T; onChange: (value: T) => void }) {
  const name = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center rounded-md border border-line bg-surface px-3 text-sm has-checked:border-brand has-checked:bg-brand-soft has-checked:font-medium has-checked:text-brand has-focus-visible:outline-2 has-focus-visible:outline-focus"
          >
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className="sr-only" />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const shortSourceText = { bhavcopy: m.short_bhavcopy, upstox: m.short_upstox, kite: m.short_kite, dhan: m.short_dhan, shoonya: m.short_shoonya, flattrade: m.short_flattrade, recorded: m.short_recorded, simulated: m.short_simulated };

/** The sources in short words, for the day picker's options (a source line names them in full: DataSource). */
function useShortSourceWords() {
  const intl = useIntl();
  return useCallback((sources: readonly OiSource[]) => sources.map((source) => intl.formatMessage(shortSourceText[source])).join(', '), [intl]);
}

function Pickers({ answer, choice, onChoice }: { answer: OpenInterestDay; choice: OiChoice; onChoice: (next: Partial<OiChoice>) => void }) {
  const intl = useIntl();
  const { formatDate, formatNumber } = useFormat();
  const sourceWords = useShortSourceWords();
  const date = (day: string) => formatDate(`${day}T12:00:00+05:30`);
  const addable = (answer.profile?.strikes ?? []).filter((strike) => !answer.strikes.includes(strike));
  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-x-3 sm:grid-cols-4">
        <UnderlyingPicker choice={choice} onChoice={onChoice} className="col-span-2 sm:col-span-1" />
        <SelectField label={intl.formatMessage(m.interval)} value={choice.interval} onChange={(event) => onChoice({ interval: Number(event.target.value) as OiChoice['interval'] })}>
          {oiIntervals.map((minutes) => (
            <option key={minutes} value={minutes}>
              {intl.formatMessage(m.minutes, { count: minutes })}
            </option>
          ))}
        </SelectField>
        <SelectField label={intl.formatMessage(m.day)} value={answer.day ?? ''} onChange={(event) => onChoice({ day: event.target.value, expiry: null, strikes: [] })} className="col-span-2 sm:col-span-1">
          {answer.days.map((listed) => (
            <option key={listed.day} value={listed.day}>
              {intl.formatMessage(m.dayOption, { date: date(listed.day), sources: sourceWords(listed.sources) })}
            </option>
          ))}
        </SelectField>
        <SelectField label={intl.formatMessage(m.expiry)} value={answer.expiry ?? ''} onChange={(event) => onChoice({ day: answer.day, expiry: event.target.value, strikes: [] })} className="col-span-2 sm:col-span-1">
          {answer.expiries.map((expiry) => (
            <option key={expiry} value={expiry}>
              {date(expiry)}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="flex min-w-0 flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{intl.formatMessage(m.strikes)}</legend>
        <div className="flex flex-wrap items-end gap-2">
          {answer.strikes.map((strike) => (
            <span key={strike} className="flex min-h-11 items-center gap-1 rounded-md border border-line bg-surface ps-3 text-sm tabular-nums" data-testid="oi-strike">
              {formatNumber(strike)}
              <button
                type="button"
                className="flex min-h-11 min-w-11 items-center justify-center text-fg-muted hover:text-fg"
                aria-label={intl.formatMessage(m.removeStrike, { strike: formatNumber(strike) })}
                onClick={() => onChoice({ day: answer.day, expiry: answer.expiry, strikes: answer.strikes.filter((kept) => kept !== strike) })}
                disabled={answer.strikes.length === 1}
              >
                <XMarkIcon className="size-4" aria-hidden="true" />
              </button>
            </span>
          ))}
          {addable.length > 0 && answer.strikes.length < maxOiStrikes && (
            <SelectField
              label={intl.formatMessage(m.addStrike)}
              value=""
              onChange={(event) => onChoice({ day: answer.day, expiry: answer.expiry, strikes: [...answer.strikes, Number(event.target.value)].sort((a, b) => a - b) })}
              className="w-40"
            >
              <option value="">{intl.formatMessage(m.addStrikeNone)}</option>
              {addable.map((strike) => (
                <option key={strike} value={strike}>
                  {formatNumber(strike)}
                </option>
              ))}
            </SelectField>
          )}
        </div>
      </fieldset>
    </div>
  );
}

/** The strikes' OI (or change) lines and the PCR and max-pain lines over the same times. */
function OiCharts({
  times,
  series,
  pcr,
  maxPain,
  sources,
  what,
}: {
  times: readonly (number | string)[];
  series: OpenInterestDay['intraday']['series'];
  pcr: readonly (number | null)[];
  maxPain: readonly (number | null)[];
  sources: readonly (OiSource | null)[];
  what: { expiry: string; day: string };
}) {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  const [figure, setFigure] = useState<Figure>('oi');
  const name = useCallback((strike: number, type: 'CE' | 'PE') => intl.formatMessage(m.strikeName, { strike: formatNumber(strike), type }), [intl, formatNumber]);
  const lines = useMemo(() => strikeLines(times, series, figure, name), [times, series, figure, name]);
  const figureLines = useMemo(
    () => [figureLine('pcr', intl.formatMessage(m.pcr), times, pcr), figureLine('max_pain', intl.formatMessage(m.maxPain), times, maxPain)],
    [times, pcr, maxPain, intl],
  );
  const gaps = gapCount(sources);
  const strikes = [...new Set(series.map((entry) => formatNumber(entry.strike)))].join(', ');
  return (
    <div className="flex flex-col gap-4">
      <Chips
        legend={intl.formatMessage(m.figure)}
        value={figure}
        onChange={setFigure}
        options={[
          { value: 'oi', label: intl.formatMessage(m.oi) },
          { value: 'change', label: intl.formatMessage(m.change) },
        ]}
      />
      {gaps > 0 && (
        <p className="text-sm text-fg-muted" data-testid="oi-gaps">
          {intl.formatMessage(m.gaps, { count: gaps })}
        </p>
      )}
      <OiChartBox
        lines={lines}
        testId="oi-strikes-chart"
        label={intl.formatMessage(m.oiChartLabel, { figure: intl.formatMessage(figure === 'oi' ? m.oi : m.change), strikes, ...what })}
      />
      <OiChartBox lines={figureLines} testId="oi-figures-chart" label={intl.formatMessage(m.figuresChartLabel, what)} />
    </div>
  );
}

function SourceLine({ sources, time, children }: { sources: readonly OiSource[]; time: string | null; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 text-sm text-fg-muted">
      {time !== null && <DataSource sources={sources} asOf={time} testId="oi-source" />}
      {children}
    </div>
  );
}

function DailyView({ choice, answer }: { choice: OiChoice; answer: OpenInterestDay }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const expiry = answer.expiry as string;
  const strikes = answer.strikes;
  const name = `open-interest:days:${choice.index}:${expiry}:${strikes.join(',')}`;
  const { read, refusal } = useScreenRefusal(
    name,
    useCallback(() => getOpenInterestDays({ ...choice, expiry, strikes }), [choice, expiry, strikes]),
  );
  const { value, asOf, failed, reload } = useLastKnownRead<OpenInterestDays>(name, read);
  if (value === null) {
    const detail = refusal === null ? undefined : sayServerText(intl, refusal.text, refusal.message);
    return <LoadStatus loadingText={intl.formatMessage(m.dailyLoading)} failedText={intl.formatMessage(m.failed)} failed={failed} detail={detail} onRetry={reload} />;
  }
  const lastTime = value.as_of.findLast((time) => time !== null) ?? null;
  const date = (day: string) => formatDate(`${day}T12:00:00+05:30`);
  return (
    <section className="flex flex-col gap-3" data-testid="oi-daily">
      {asOf !== null && <StaleNote asOf={asOf} />}
      <SourceLine sources={sourcesOf(value.sources)} time={lastTime}>
        {value.dates.length > 0 && <p>{intl.formatMessage(m.range, { from: date(value.dates[0] as string), to: date(value.dates.at(-1) as string), days: value.dates.length })}</p>}
      </SourceLine>
      <OiCharts
        times={value.dates}
        series={value.series}
        pcr={value.pcr}
        maxPain={value.max_pain}
        sources={value.sources}
        what={{ expiry: date(expiry), day: value.dates.length > 0 ? `${date(value.dates[0] as string)} – ${date(value.dates.at(-1) as string)}` : '' }}
      />
    </section>
  );
}

function OiView({ answer, choice, onChoice }: { answer: OpenInterestDay; choice: OiChoice; onChoice: (next: Partial<OiChoice>) => void }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const sourceWords = useDataSourceWords();
  const [view, setView] = useState<View>('intraday');
  const times = useMemo(() => intradayTimes(answer), [answer]);
  const date = (day: string) => formatDate(`${day}T12:00:00+05:30`);
  const day = answer.day as string;
  const expiry = answer.expiry as string;
  const lastMinute = answer.intraday.minutes.findLast((_minute, i) => answer.intraday.sources[i] !== null);
  const intradayTime =
    lastMinute === undefined ? (answer.profile?.as_of ?? null) : new Date(Date.parse(`${day}T00:00:00+05:30`) + (lastMinute + choice.interval) * 60_000).toISOString();
  const intradaySources = sourcesOf(answer.intraday.sources);
  return (
    <section className="flex flex-col gap-5" aria-label={intl.formatMessage(m.title)}>
      <Pickers answer={answer} choice={choice} onChoice={onChoice} />
      <Chips
        legend={intl.formatMessage(m.view)}
        value={view}
        onChange={setView}
        options={[
          { value: 'intraday', label: intl.formatMessage(m.intraday) },
          { value: 'daily', label: intl.formatMessage(m.daily) },
        ]}
      />
      {view === 'intraday' ? (
        <section className="flex flex-col gap-3" data-testid="oi-intraday">
          <SourceLine sources={intradaySources.length > 0 ? intradaySources : answer.profile === null ? [] : [answer.profile.source]} time={intradayTime}>
            <p data-testid="oi-previous">
              {answer.previous_day !== null &&
                intl.formatMessage(m.previous, {
                  date: date(answer.previous_day),
                  source: answer.previous_source === null ? intl.formatMessage(m.noPrevious) : sourceWords([answer.previous_source]),
                })}
            </p>
          </SourceLine>
          {answer.intraday.minutes.length === 0 ? (
            <p className="text-sm" data-testid="oi-no-minutes">
              {intl.formatMessage(m.noMinutes)}
            </p>
          ) : (
            <OiCharts
              times={times}
              series={answer.intraday.series}
              pcr={answer.intraday.pcr}
              maxPain={answer.intraday.max_pain}
              sources={answer.intraday.sources}
              what={{ expiry: date(expiry), day: date(day) }}
            />
          )}
          {answer.profile !== null && <OiProfile profile={answer.profile} />}
        </section>
      ) : (
        <DailyView choice={choice} answer={answer} />
      )}
    </section>
  );
}

/** Any index or F&O stock (issue 63), found by name or symbol in the chain's search box; picking one opens its latest day. */
function UnderlyingPicker({ choice, onChoice, className = 'sm:w-72' }: { choice: OiChoice; onChoice: (next: Partial<OiChoice>) => void; className?: string }) {
  return <UnderlyingSearch value={choice.index} onPick={(row) => onChoice({ index: row.symbol, day: null, expiry: null, strikes: [] })} className={className} />;
}

/**
 * The server's refusal of the choice in the address (a day with no OI stored, an expiry not stored that day,
 * strikes the expiry lacks), said in the chart's place with the one step that opens something: never a "Not
 * Found" notification over an empty screen (the read declares these codes, oi-reads.ts).
 */
export function OiRefusal({ refusal, choice, onChoice }: { refusal: ApiError; choice: OiChoice; onChoice: (next: Partial<OiChoice>) => void }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const date = (day: string) => formatDate(`${day}T12:00:00+05:30`);
  const code = refusal.text?.code;
  const latest = { label: intl.formatMessage(m.latestDay), next: { day: null, expiry: null, strikes: [] } };
  // An expiry refused while none was asked: the day has none stored on or after it, so only another day helps.
  const said =
    code === 'open_interest.no_day' && choice.day !== null
      ? { title: intl.formatMessage(m.refusedDayTitle, { index: choice.index, date: date(choice.day) }), description: intl.formatMessage(m.refusedDay), ...latest }
      : code === 'not_found.expiry' && choice.expiry !== null
        ? {
            title: intl.formatMessage(m.refusedExpiryTitle, { index: choice.index, expiry: date(choice.expiry), date: choice.day === null ? intl.formatMessage(m.latestDayName) : date(choice.day) }),
            description: intl.formatMessage(m.refusedExpiry),
            label: intl.formatMessage(m.nearestExpiry),
            next: { expiry: null, strikes: [] },
          }
        : code?.startsWith('open_interest.') === true && code !== 'open_interest.no_day'
          ? { title: intl.formatMessage(m.refusedStrikesTitle), description: sayServerText(intl, refusal.text, refusal.message), label: intl.formatMessage(m.defaultStrikes), next: { strikes: [] } }
          : { title: sayServerText(intl, refusal.text, refusal.message), description: intl.formatMessage(m.refusedDay), ...latest };
  return (
    <div className="flex flex-col gap-4" data-testid="oi-refusal">
      <UnderlyingPicker choice={choice} onChoice={onChoice} />
      <EmptyState
        icon={ChartBarIcon}
        title={said.title}
        description={said.description}
        action={
          <button type="button" onClick={() => onChoice(said.next)} className="min-h-11 rounded-md border border-line px-3 text-sm font-medium hover:bg-surface-muted">
            {said.label}
          </button>
        }
      />
    </div>
  );
}

/** /app/open_interest: an expiry's open interest through a day and across days, its profile, PCR and max pain. */
export function OpenInterestScreen() {
  const intl = useIntl();
  const [search, setSearch] = useSearchParams();
  const choice = useMemo(() => choiceFromSearch(search), [search]);
  const onChoice = useCallback((next: Partial<OiChoice>) => setSearch(searchOfChoice({ ...choice, ...next }), { replace: true }), [choice, setSearch]);
  // Offline (or the server unreachable): this choice's last-known read, with its time.
  const key = oiDayReadName(choice);
  const { read, refusal } = useScreenRefusal(
    key,
    // The first read may have started beside the screen's files (screens.ts).
    useCallback(() => takeEarlyRead(key, () => getOpenInterestDay(choice)), [key, choice]),
  );
  const { value: answer, asOf, failed, reload } = useLastKnownRead(key, read);
  // Nothing stored yet while the demo market is open: its first whole minute comes within two, read each minute.
  const demoWait = useDemoMarketOpen() && answer !== null && answer.day === null;
  useReadAgainEachMinute(demoWait, reload);
  // A stock's minutes are recorded only while it is watched, demo market or not: its empty state says so (stockRecordedText).
  const stock = isOiStock(choice.index);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(m.title)} description={intl.formatMessage(m.description)} />
      <PanelBoundary>
        {asOf !== null && refusal === null && <StaleNote asOf={asOf} />}
        {refusal !== null ? (
          <OiRefusal refusal={refusal} choice={choice} onChoice={onChoice} />
        ) : answer === null ? (
          <LoadStatus loadingText={intl.formatMessage(m.loading)} failedText={intl.formatMessage(m.failed)} failed={failed} onRetry={reload} />
        ) : answer.day === null ? (
          <div className="flex flex-col gap-4">
            <UnderlyingPicker choice={choice} onChoice={onChoice} />
            <MarketHistoryEmptyState
              icon={ChartBarIcon}
              title={stock ? intl.formatMessage(m.emptyStockTitle, { symbol: choice.index }) : intl.formatMessage(demoWait ? m.emptyDemoTitle : m.emptyTitle)}
              description={stock ? intl.formatMessage(stockRecordedText, { symbol: choice.index }) : intl.formatMessage(demoWait ? m.emptyDemo : m.empty)}
              importText={intl.formatMessage(m.import)}
              before={
                demoWait ? <ReadAgainButton text={intl.formatMessage(m.readAgain)} onClick={reload} /> : undefined
              }
            />
          </div>
        ) : (
          <OiView answer={answer} choice={choice} onChoice={onChoice} />
        )}
      </PanelBoundary>
    </div>
  );
}
