import UsersIcon from '@heroicons/react/24/outline/UsersIcon';
import { useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { getParticipantOpenInterest } from '@/features/analytics/api/participant-reads';
import { ParticipantChartBox } from '@/features/analytics/components/participant-chart-box';
import { ParticipantLatest } from '@/features/analytics/components/participant-latest';
import { latestNets, participantGroups, participantLines, type ParticipantGroup, type ParticipantOpenInterest } from '@/features/analytics/model/participant-series';
import { participantMessages as m } from '@/features/analytics/participant-messages';
import { DataSource } from '@/components/ui/data-source';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadStatus } from '@/components/ui/load-status';
import { PageHeader } from '@/components/ui/page-header';
import { PanelBoundary } from '@/components/ui/panel-boundary';
import { StaleNote } from '@/components/ui/stale-note';
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

/** /app/participants: NSE's participant-wise open interest over the last year, each participant's net position by day. */
export function ParticipantsScreen() {
  const intl = useIntl();
  // Offline (or the server unreachable): the series last read, with its time (the other screens' last-known copy).
  const { value: answer, asOf, failed, reload } = useLastKnownRead('analytics:participants', getParticipantOpenInterest);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(m.title)} description={intl.formatMessage(m.description)} />
      <PanelBoundary>
        {asOf !== null && <StaleNote asOf={asOf} />}
        {answer === null ? (
          <LoadStatus loadingText={intl.formatMessage(m.loading)} failedText={intl.formatMessage(m.failed)} failed={failed} onRetry={reload} />
        ) : answer.dates.length === 0 ? (
          <EmptyState
            icon={UsersIcon}
            title={intl.formatMessage(m.emptyTitle)}
            description={intl.formatMessage(m.empty)}
            action={
              <Link to="/app/market_history" className="text-sm font-medium text-brand underline">
                {intl.formatMessage(m.import)}
              </Link>
            }
          />
        ) : (
          <ParticipantsView answer={answer} />
        )}
      </PanelBoundary>
    </div>
  );
}
