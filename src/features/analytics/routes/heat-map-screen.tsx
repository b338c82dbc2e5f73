import FireIcon from '@heroicons/react/24/outline/FireIcon';
import { defineMessages, useIntl } from 'react-intl';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const messages = defineMessages({
  title: { id: 'analytics.heatMapTitle', defaultMessage: 'Heat map' },
  description: { id: 'analytics.heatMapDescription', defaultMessage: 'Which way the market is moving, at a glance.' },
  emptyTitle: { id: 'analytics.heatMapEmptyTitle', defaultMessage: 'The heat map is not available yet' },
  emptyDescription: {
    id: 'analytics.heatMapEmptyDescription',
    defaultMessage:
      'It will colour index constituents by their change on the day, with the percentage and an arrow, so you can see at a glance where the market is strong and where it is weak.',
  },
});

export function HeatMapScreen() {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <EmptyState
        icon={FireIcon}
        title={intl.formatMessage(messages.emptyTitle)}
        description={intl.formatMessage(messages.emptyDescription)}
      />
    </div>
  );
}
