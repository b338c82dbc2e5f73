import { defineMessages, useIntl } from 'react-intl';
import { GettingStartedSteps } from '@/app/getting-started/getting-started-steps';
import { setupMessages } from '@/app/getting-started/setup-messages';
import { setupSummary } from '@/app/getting-started/setup-summary';
import { useSetupProgress } from '@/app/getting-started/use-setup-progress';
import { LoadStatus } from '@/components/ui/load-status';
import { PageHeader } from '@/components/ui/page-header';

const messages = defineMessages({
  title: { id: 'dashboard.title', defaultMessage: 'Dashboard' },
  description: { id: 'dashboard.description', defaultMessage: 'Welcome to StrikeDesk.' },
});

/**
 * /app/dashboards/default. It mixes brokers and portfolios (what the trader has decides what it says), so
 * it lives in the app layer. Positions and P&L arrive with the trading releases; until then it is the way in.
 */
export function DashboardScreen() {
  const intl = useIntl();
  const { facts, next, error, reload } = useSetupProgress();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      {facts && next !== undefined ? (
        <>
          <p role="status" className="rounded-lg border border-line bg-surface px-4 py-3 text-sm text-fg">
            {intl.formatMessage(setupSummary(next))}
          </p>
          <GettingStartedSteps facts={facts} next={next} />
        </>
      ) : (
        <LoadStatus
          loadingText={intl.formatMessage(setupMessages.loading)}
          failedText={intl.formatMessage(setupMessages.failed)}
          failed={error !== null}
          onRetry={() => void reload()}
        />
      )}
    </div>
  );
}
