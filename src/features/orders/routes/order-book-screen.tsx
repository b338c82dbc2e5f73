import QueueListIcon from '@heroicons/react/24/outline/QueueListIcon';
import { defineMessages, useIntl } from 'react-intl';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const messages = defineMessages({
  title: { id: 'orders.title', defaultMessage: 'Order book' },
  description: { id: 'orders.description', defaultMessage: 'Orders placed on a broker account, with their status.' },
  emptyTitle: { id: 'orders.emptyTitle', defaultMessage: 'The order book is not available yet' },
  emptyDescription: {
    id: 'orders.emptyDescription',
    defaultMessage:
      "It will show every order of the day on the selected broker account (open, trigger pending, complete, cancelled, or rejected with the broker's reason) and let you modify or cancel open orders. It arrives with paper trading; link a broker account first.",
  },
});

export function OrderBookScreen() {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <EmptyState
        icon={QueueListIcon}
        title={intl.formatMessage(messages.emptyTitle)}
        description={intl.formatMessage(messages.emptyDescription)}
      />
    </div>
  );
}
