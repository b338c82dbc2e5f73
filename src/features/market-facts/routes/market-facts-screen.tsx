import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { getMarketFacts } from '@/features/market-facts/api/get-market-facts';
import { FactCard } from '@/features/market-facts/components/fact-card';
import { marketFactsMessages as m } from '@/features/market-facts/market-facts-messages';
import { factGroups, staleCount } from '@/features/market-facts/model/fact-groups';
import { LoadStatus } from '@/components/ui/load-status';
import { PageHeader } from '@/components/ui/page-header';
import { PanelBoundary } from '@/components/ui/panel-boundary';
import { StaleNote } from '@/components/ui/stale-note';
import { useFormat } from '@/lib/format/use-format';
import { useLastKnownRead } from '@/lib/persist/use-last-known-read';

/** /app/market_facts: every exchange and broker fact in force today, with its source and age (issue 60). */
export function MarketFactsScreen() {
  const intl = useIntl();
  const { formatDate } = useFormat();
  // Offline (or the server unreachable): the facts last read, as of their time.
  const { value: facts, asOf, failed, reload } = useLastKnownRead('market-facts:today', getMarketFacts);
  const groups = useMemo(() => (facts === null ? [] : factGroups(facts.facts)), [facts]);
  const stale = facts === null ? 0 : staleCount(facts.facts);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(m.title)} description={intl.formatMessage(m.description)} />
      <PanelBoundary>
        {asOf !== null && <StaleNote asOf={asOf} />}
        {facts === null ? (
          <LoadStatus loadingText={intl.formatMessage(m.loading)} failedText={intl.formatMessage(m.failed)} failed={failed} onRetry={reload} />
        ) : (
          <div className="flex flex-col gap-4">
            <div className="flex flex-col gap-1 text-sm" data-testid="market-facts-day">
              <p className="text-fg-muted">{intl.formatMessage(m.inForceOn, { day: formatDate(facts.day) })}</p>
              {stale > 0 && <p className="font-medium">{intl.formatMessage(m.staleSummary, { count: stale })}</p>}
            </div>
            <div className="grid gap-4 lg:grid-cols-2">
              {groups.map((group) => (
                <FactCard key={`${group.kind}:${group.subject}`} group={group} />
              ))}
            </div>
          </div>
        )}
      </PanelBoundary>
    </div>
  );
}
