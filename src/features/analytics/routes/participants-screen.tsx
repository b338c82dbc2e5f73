import UsersIcon from '@heroicons/react/24/outline/UsersIcon';
import { useCallback, useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { getParticipantOpenInterest, participantRangeOf, participantReadName, type ParticipantRange } from '@/features/analytics/api/participant-reads';
import { ParticipantChartBox } from '@/features/analytics/components/participant-chart-box';
import { ParticipantLatest } from '@/features/analytics/components/participant-latest';
import { latestNets, participantGroups, participantLines, type ParticipantGroup, type ParticipantOpenInterest } from '@/features/analytics/model/participant-series';
import { participantMessages as m } from '@/features/analytics/participant-messages';
import { MarketHistoryEmptyState } from '@/components/trading/market-history-empty-state';
import { DataSource } from '@/components/ui/data-source';
import { DateField } from '@/components/ui/date-field';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadStatus } from '@/components/ui/load-status';
import { PageHeader } from '@/components/ui/page-header';
import { PanelBoundary } from '@/components/ui/panel-boundary';
import { StaleNote } from '@/components/ui/stale-note';
import { sayServerText } from '@/i18n/say-server-text';
import type { ApiError } from '@/lib/api/api-error';
import { takeEarlyRead } from '@/lib/api/early-read';
import { useScreenRefusal } from '@/lib/api/use-screen-refusal';
import { useFormat } from '@/lib/format/use-format';
import { useLastKnownRead } from '@/lib/persist/use-last-known-read';

/** Index futures, calls or puts: native radio buttons shown as chips. */
function GroupChoice({ value, onChange }: { value: ParticipantGroup; onChange: (value: ParticipantGroup) => void }) {
  const intl = useIntl();
  const name = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 text-sm font-medium">{intl.formatMessage(m.instrument)}</legend>
      <div className="flex flex-wrap gap-2">
        {participantGroups.map((group) => (
          <label
            key={group}
            className="flex min-h-11 cursor-pointer items-center rounded-md border border-line bg-surface px-3 text-sm has-checked:border-brand has-checked:bg-brand-soft has-checked:font-medium has-checked:text-brand has-focus-visible:outline-2 has-focus-visible:outline-focus"
          >
            <input type="radio" name={name} value={group} checked={value === group} onChange={() => onChange(group)} className="sr-only" />
            {intl.formatMessage(m[group])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ParticipantsView({ answer }: { answer: ParticipantOpenInterest }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const [group, setGroup] = useState<ParticipantGroup>('future_index');
  const lines = useMemo(() => participantLines(answer, group), [answer, group]);
  const first = answer.dates[0] as string;
  const asOf = answer.as_of ?? first;
  return (
    <section className="flex flex-col gap-4" aria-label={intl.formatMessage(m.title)}>
      <GroupChoice value={group} onChange={setGroup} />
      <div className="flex flex-col gap-1 text-sm text-fg-muted">
        <DataSource sources={['participants']} asOf={asOf} precision="endOfDay" testId="participants-source" />
        <p>{intl.formatMessage(m.range, { from: formatDate(first), to: formatDate(asOf), days: answer.dates.length })}</p>
        {answer.missing_days.length > 0 && <p data-testid="participants-gaps">{intl.formatMessage(m.gaps, { count: answer.missing_days.length })}</p>}
      </div>
      <ParticipantChartBox lines={lines} label={intl.formatMessage(m.chartLabel, { instrument: intl.formatMessage(m[group]), from: formatDate(first), to: formatDate(asOf) })} />
      <ParticipantLatest rows={latestNets(lines)} date={asOf} />
    </section>
  );
}

/**
 * The range in the address (`?from=&to=`, YYYY-MM-DD as typed in a link: the server says what is wrong with it); both
 * fields, their tops aligned: a day typed wrong is said under its own field, and the other field's input stays level
 * with it (aligned at their ends, the field with the words under it stood 40 px higher on a wide screen).
 */
function RangeChoice({ range, onRange }: { range: ParticipantRange; onRange: (next: ParticipantRange) => void }) {
  const intl = useIntl();
  return (
    <div className="grid grid-cols-2 items-start gap-3 sm:flex sm:flex-wrap" data-testid="participants-range">
      <DateField label={intl.formatMessage(m.from)} value={range.from ?? ''} onDayChange={(day) => onRange({ ...range, from: day === '' ? null : day })} className="sm:w-48" />
      <DateField label={intl.formatMessage(m.to)} value={range.to ?? ''} onDayChange={(day) => onRange({ ...range, to: day === '' ? null : day })} className="sm:w-48" />
    </div>
  );
}

/** The last year's button: the server's default range (the year up to the last file). */
function LastYear({ onRange }: { onRange: (next: ParticipantRange) => void }) {
  const intl = useIntl();
  return (
    <button type="button" onClick={() => onRange({ from: null, to: null })} className="min-h-11 rounded-md border border-line px-3 text-sm font-medium hover:bg-surface-muted">
      {intl.formatMessage(m.lastYear)}
    </button>
  );
}

/** A range the server refused (docs/api.md: from after to, over a year, not a date), said in the chart's place. */
function RangeRefusal({ refusal, onRange }: { refusal: ApiError; onRange: (next: ParticipantRange) => void }) {
  const intl = useIntl();
  return (
    <div data-testid="participants-refusal">
      <EmptyState icon={UsersIcon} title={sayServerText(intl, refusal.text, refusal.message)} description={intl.formatMessage(m.refusedRange)} action={<LastYear onRange={onRange} />} />
    </div>
  );
}

/** The indices whose charts link here; any other symbol is a stock. */
const participantIndices = new Set(['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX']);

/** /app/participants: NSE's participant-wise open interest over the last year (or `?from=&to=`), each participant's net position by day. */
export function ParticipantsScreen() {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const [search, setSearch] = useSearchParams();
  const { from, to } = participantRangeOf(search);
  const range = useMemo<ParticipantRange>(() => ({ from, to }), [from, to]);
  // Issue 63: a stock named in the address (a chart of a stock linked here) has no participant figures of its own.
  const asked = search.get('index');
  const stock = asked !== null && /^[A-Z0-9][A-Z0-9&_-]{0,19}$/.test(asked) && !participantIndices.has(asked) ? asked : null;
  const onRange = useCallback(
    (next: ParticipantRange) =>
      setSearch({ ...(stock === null ? {} : { index: stock }), ...(next.from === null ? {} : { from: next.from }), ...(next.to === null ? {} : { to: next.to }) }, { replace: true }),
    [setSearch, stock],
  );
  const ranged = from !== null || to !== null;
  // Offline (or the server unreachable): this range's last-known read, with its time (the other screens' last-known copy).
  const name = participantReadName(range);
  const { read, refusal } = useScreenRefusal(
    name,
    // The first read may have started beside the screen's files (screens.ts).
    useCallback(() => takeEarlyRead(name, () => getParticipantOpenInterest(range)), [name, range]),
  );
  const { value: answer, asOf, failed, reload } = useLastKnownRead(name, read);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(m.title)} description={intl.formatMessage(m.description)} />
      <PanelBoundary>
        <div className="flex flex-col gap-4">
          {stock !== null && (
            <p className="rounded-md border border-line bg-surface-muted p-3 text-sm text-fg" data-testid="participants-stock-note">
              {intl.formatMessage(m.stockNote, { symbol: stock })}
            </p>
          )}
          <RangeChoice range={range} onRange={onRange} />
          {asOf !== null && refusal === null && <StaleNote asOf={asOf} />}
          {refusal !== null ? (
            <RangeRefusal refusal={refusal} onRange={onRange} />
          ) : answer === null ? (
            <LoadStatus loadingText={intl.formatMessage(m.loading)} failedText={intl.formatMessage(m.failed)} failed={failed} onRetry={reload} />
          ) : answer.dates.length === 0 && ranged && answer.from !== null && answer.to !== null ? (
            <div data-testid="participants-empty-range">
              <MarketHistoryEmptyState
                icon={UsersIcon}
                title={intl.formatMessage(m.emptyRangeTitle, { from: formatDate(answer.from), to: formatDate(answer.to) })}
                description={intl.formatMessage(m.emptyRange)}
                importText={intl.formatMessage(m.import)}
                before={<LastYear onRange={onRange} />}
              />
            </div>
          ) : answer.dates.length === 0 ? (
            <MarketHistoryEmptyState icon={UsersIcon} title={intl.formatMessage(m.emptyTitle)} description={intl.formatMessage(m.empty)} importText={intl.formatMessage(m.import)} />
          ) : (
            <ParticipantsView answer={answer} />
          )}
        </div>
      </PanelBoundary>
    </div>
  );
}
