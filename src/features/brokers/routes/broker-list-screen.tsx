import LinkIcon from '@heroicons/react/24/outline/LinkIcon';
import { defineMessages, useIntl } from 'react-intl';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const messages = defineMessages({
  title: { id: 'brokers.title', defaultMessage: 'Broker accounts' },
  description: {
    id: 'brokers.description',
    defaultMessage: 'Link your broker accounts and log in to them each trading day.',
  },
  emptyTitle: { id: 'brokers.emptyTitle', defaultMessage: 'Linking broker accounts is not available yet' },
  emptyDescription: {
    id: 'brokers.emptyDescription',
    defaultMessage:
      'Soon you will add your broker account here (client ID, API key and secret), log in to the broker each morning and see which sessions are active. Every portfolio and bot lives under a broker account, so this is where you will start.',
  },
});

export function BrokerListScreen() {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <EmptyState
        icon={LinkIcon}
        title={intl.formatMessage(messages.emptyTitle)}
        description={intl.formatMessage(messages.emptyDescription)}
      />
    </div>
  );
}
