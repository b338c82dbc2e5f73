import FunnelIcon from '@heroicons/react/24/outline/FunnelIcon';
import { defineMessages, useIntl } from 'react-intl';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const messages = defineMessages({
  title: { id: 'analytics.screenerTitle', defaultMessage: 'Screener' },
  description: { id: 'analytics.screenerDescription', defaultMessage: 'Instruments that match the setups of the day.' },
  emptyTitle: { id: 'analytics.screenerEmptyTitle', defaultMessage: 'The screener is not available yet' },
  emptyDescription: {
    id: 'analytics.screenerEmptyDescription',
    defaultMessage:
      'It will list the instruments picked by the analytics desk screens, with their last traded price and the time the list was fetched.',
  },
});

export function ScreenerScreen() {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <EmptyState
        icon={FunnelIcon}
        title={intl.formatMessage(messages.emptyTitle)}
        description={intl.formatMessage(messages.emptyDescription)}
      />
    </div>
  );
}
