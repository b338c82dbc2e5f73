import KeyIcon from '@heroicons/react/24/outline/KeyIcon';
import { defineMessages, type MessageValue, type NoMessageValues, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const messages = defineMessages<{
  readonly title: NoMessageValues;
  readonly description: { readonly broker: MessageValue };
  readonly emptyTitle: NoMessageValues;
  readonly emptyDescription: { readonly broker: MessageValue };
  readonly back: NoMessageValues;
}>({
  title: { id: 'brokers.loginTitle', defaultMessage: 'Broker login' },
  description: { id: 'brokers.loginDescription', defaultMessage: 'Broker: {broker}' },
  emptyTitle: { id: 'brokers.loginEmptyTitle', defaultMessage: 'Broker login is not available yet' },
  emptyDescription: {
    id: 'brokers.loginEmptyDescription',
    defaultMessage:
      'This page will complete your {broker} login when the broker sends you back, then return you to your broker accounts. Linking accounts and broker login arrive with broker accounts; no broker session has been opened.',
  },
  back: { id: 'brokers.loginBack', defaultMessage: 'Back to broker accounts' },
});

/** Where a broker's login page sends the trader back to (/app/broker/:broker/*). */
export function BrokerLoginReturnScreen() {
  const intl = useIntl();
  const broker = useParams()['broker'] ?? '';
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={intl.formatMessage(messages.title)}
        description={intl.formatMessage(messages.description, { broker })}
      />
      <EmptyState
        icon={KeyIcon}
        title={intl.formatMessage(messages.emptyTitle)}
        description={intl.formatMessage(messages.emptyDescription, { broker })}
        action={
          <Link
            to="/app/broker"
            className="inline-flex items-center rounded-md bg-brand px-4 py-2 text-sm font-medium text-brand-fg hover:opacity-90"
          >
            {intl.formatMessage(messages.back)}
          </Link>
        }
      />
    </div>
  );
}
