import LightBulbIcon from '@heroicons/react/24/outline/LightBulbIcon';
import { defineMessages, useIntl } from 'react-intl';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const messages = defineMessages({
  title: { id: 'analytics.recommendationsTitle', defaultMessage: 'Recommendations' },
  description: { id: 'analytics.recommendationsDescription', defaultMessage: 'Trade ideas from the analytics desk.' },
  emptyTitle: { id: 'analytics.recommendationsEmptyTitle', defaultMessage: 'Recommendations are not available yet' },
  emptyDescription: {
    id: 'analytics.recommendationsEmptyDescription',
    defaultMessage:
      'Curated trade ideas will be listed here in order of priority, each with its instrument, its rationale and the time it was fetched, so you always know how fresh it is, even offline.',
  },
});

export function RecommendationsScreen() {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <EmptyState
        icon={LightBulbIcon}
        title={intl.formatMessage(messages.emptyTitle)}
        description={intl.formatMessage(messages.emptyDescription)}
      />
    </div>
  );
}
