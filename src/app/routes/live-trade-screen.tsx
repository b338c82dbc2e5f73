import BoltIcon from '@heroicons/react/24/outline/BoltIcon';
import { defineMessage, defineMessages, type MessageValue, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { setupMessages, stepText } from '@/app/getting-started/setup-messages';
import { useSetupProgress } from '@/app/getting-started/use-setup-progress';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadStatus } from '@/components/ui/load-status';
import { PageHeader } from '@/components/ui/page-header';
import { OptionChain } from '@/features/market/components/option-chain';

const messages = defineMessages({
  title: { id: 'live-trade.title', defaultMessage: 'Live trade' },
  description: { id: 'live-trade.description', defaultMessage: 'The option chain live, your running bots and their P&L.' },
  emptyTitle: { id: 'live-trade.emptyTitle', defaultMessage: 'Ordering is not available yet' },
  ready: {
    id: 'live-trade.readyDescription',
    defaultMessage:
      'Your bots are set up. Placing orders from the chain, open legs, combined P&L and square-off arrive here with the coming releases.',
  },
});

const pending = defineMessage<{ step: MessageValue }>({
  id: 'live-trade.pendingDescription',
  defaultMessage:
    'During market hours this screen will follow your running bots: open legs, combined P&L and square-off. It arrives with the coming releases; to be ready, the next step is: {step}.',
});

/**
 * /app/dashboards/live-trade. Until trading arrives it says so honestly, and what the trader should do
 * next follows what they have (brokers and portfolios together: an app-layer screen).
 */
export function LiveTradeScreen() {
  const intl = useIntl();
  const { next, error, reload } = useSetupProgress();
  const step = next ? stepText[next] : null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <OptionChain />
      {next === undefined ? (
        <LoadStatus
          loadingText={intl.formatMessage(setupMessages.loading)}
          failedText={intl.formatMessage(setupMessages.failed)}
          failed={error !== null}
          onRetry={() => void reload()}
        />
      ) : (
        <EmptyState
          icon={BoltIcon}
          title={intl.formatMessage(messages.emptyTitle)}
          description={
            step
              ? intl.formatMessage(pending, { step: intl.formatMessage(step.title) })
              : intl.formatMessage(messages.ready)
          }
          action={
            step ? (
              <Link
                to={step.link.to}
                className="inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-medium text-brand-fg hover:opacity-90"
              >
                {intl.formatMessage(step.link.label)}
              </Link>
            ) : undefined
          }
        />
      )}
    </div>
  );
}
