import CircleStackIcon from '@heroicons/react/24/outline/CircleStackIcon';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { getHistoryCoverage } from '@/features/market-history/api/market-history-calls';
import { CoverageTable } from '@/features/market-history/components/coverage-table';
import { DeleteRangeForm } from '@/features/market-history/components/delete-range-form';
import { IndexSummaries } from '@/features/market-history/components/index-summaries';
import { BrokerFetchPanel } from '@/features/market-history/components/broker-fetch-panel';
import { KiteFetchPanel } from '@/features/market-history/components/kite-fetch-panel';
import { ParticipantSummary } from '@/features/market-history/components/participant-summary';
import { UpstoxFetchPanel } from '@/features/market-history/components/upstox-fetch-panel';
import { UploadPanel } from '@/features/market-history/components/upload-panel';
import { marketHistoryMessages as messages } from '@/features/market-history/market-history-messages';
import { coverageGrid } from '@/features/market-history/model/coverage-grid';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadStatus } from '@/components/ui/load-status';
import { PageHeader } from '@/components/ui/page-header';
import { PanelBoundary } from '@/components/ui/panel-boundary';
import { StaleNote } from '@/components/ui/stale-note';
import { useLastKnownRead } from '@/lib/persist/use-last-known-read';

/** /app/market_history: what imported history covers (indices × days, gaps marked; NSE's participant days), its size, imports (files, Kite's minute candles, Upstox's option minutes) and deletes. */
export function MarketHistoryScreen() {
  const intl = useIntl();
  // Offline (or the server unreachable): the coverage last read, as of its time (issue 36).
  const { value: coverage, asOf, failed, reload } = useLastKnownRead('market-history:coverage', getHistoryCoverage);
  const grid = useMemo(() => (coverage === null ? null : coverageGrid(coverage)), [coverage]);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <PanelBoundary>
        {/* Above what it dates: the coverage, or "No history imported yet" as last read. */}
        {asOf !== null && <StaleNote asOf={asOf} />}
        {coverage === null || grid === null ? (
          <LoadStatus loadingText={intl.formatMessage(messages.loading)} failedText={intl.formatMessage(messages.failed)} failed={failed} onRetry={reload} />
        ) : coverage.indices.length === 0 && coverage.participants === null ? (
          <EmptyState icon={CircleStackIcon} title={intl.formatMessage(messages.emptyTitle)} description={intl.formatMessage(messages.empty)} />
        ) : (
          <section className="flex flex-col gap-4" aria-labelledby="history-coverage">
            <h2 id="history-coverage" className="text-lg font-semibold">
              {intl.formatMessage(messages.coverage)}
            </h2>
            <IndexSummaries coverage={coverage} />
            {coverage.participants !== null && <ParticipantSummary participants={coverage.participants} />}
            {coverage.indices.length > 0 && <CoverageTable grid={grid} />}
          </section>
        )}
      </PanelBoundary>
      <UploadPanel onImported={reload} />
      <KiteFetchPanel onImported={reload} />
      <UpstoxFetchPanel onImported={reload} />
      <BrokerFetchPanel onImported={reload} />
      <DeleteRangeForm onDeleted={reload} />
    </div>
  );
}
