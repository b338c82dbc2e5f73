import BeakerIcon from '@heroicons/react/24/outline/BeakerIcon';
import { useIntl } from 'react-intl';
import { getBacktests, isUnderway, underwayPollMs, type Backtest } from '@/features/backtests/api/backtest-calls';
import { BacktestForm } from '@/features/backtests/components/backtest-form';
import { BacktestList } from '@/features/backtests/components/backtest-list';
import { backtestMessages as messages } from '@/features/backtests/backtest-messages';
import type { BotEditor } from '@/features/backtests/model/configured-bot';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadStatus } from '@/components/ui/load-status';
import { PageHeader } from '@/components/ui/page-header';
import { StaleNote } from '@/components/ui/stale-note';
import { useLastKnownRead, type Polling } from '@/lib/persist/use-last-known-read';

const polling: Polling<Backtest[]> = { everyMs: underwayPollMs, until: (backtests) => backtests.some((backtest) => isUnderway(backtest.status)) };

/**
 * /app/backtests: start a backtest of a saved bot (or, given `botEditor`, of a bot configured here), and the
 * list of backtests (read again while one is under way).
 */
export function BacktestsScreen({ botEditor }: { botEditor?: BotEditor }) {
  const intl = useIntl();
  const list = useLastKnownRead('backtests:list', getBacktests, polling);
  const backtests = list.value;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <BacktestForm onStarted={list.reload} botEditor={botEditor} />
      <section className="flex flex-col gap-3" aria-labelledby="backtest-list">
        <h2 id="backtest-list" className="text-lg font-semibold">
          {intl.formatMessage(messages.listTitle)}
        </h2>
        {list.asOf !== null && <StaleNote asOf={list.asOf} />}
        {backtests === null ? (
          <LoadStatus loadingText={intl.formatMessage(messages.loading)} failedText={intl.formatMessage(messages.failed)} failed={list.failed} onRetry={list.reload} />
        ) : backtests.length === 0 ? (
          <EmptyState icon={BeakerIcon} title={intl.formatMessage(messages.emptyTitle)} description={intl.formatMessage(messages.empty)} />
        ) : (
          <BacktestList backtests={backtests} onChanged={list.reload} offline={list.asOf !== null} />
        )}
      </section>
    </div>
  );
}
