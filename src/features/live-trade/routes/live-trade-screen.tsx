import BoltIcon from '@heroicons/react/24/outline/BoltIcon';
import { defineMessages, useIntl } from 'react-intl';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const messages = defineMessages({
  title: { id: 'live-trade.title', defaultMessage: 'Live trade' },
  description: { id: 'live-trade.description', defaultMessage: 'Your running bots and their P&L, live.' },
  emptyTitle: { id: 'live-trade.emptyTitle', defaultMessage: 'Live trade is not available yet' },
  emptyDescription: {
    id: 'live-trade.emptyDescription',
    defaultMessage:
      'During market hours this screen will follow your running bots: open legs, combined P&L and square-off. It arrives with portfolios and bots; create a portfolio and add a bot first.',
  },
});

export function LiveTradeScreen() {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <EmptyState
        icon={BoltIcon}
        title={intl.formatMessage(messages.emptyTitle)}
        description={intl.formatMessage(messages.emptyDescription)}
      />
    </div>
  );
}
