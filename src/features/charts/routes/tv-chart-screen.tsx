import ArrowsPointingOutIcon from '@heroicons/react/24/outline/ArrowsPointingOutIcon';
import { defineMessages, useIntl } from 'react-intl';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const messages = defineMessages({
  title: { id: 'charts.fullChartTitle', defaultMessage: 'Chart (full)' },
  description: { id: 'charts.fullChartDescription', defaultMessage: 'A full-screen chart with room for indicators.' },
  emptyTitle: { id: 'charts.fullChartEmptyTitle', defaultMessage: 'The full-screen chart is not available yet' },
  emptyDescription: {
    id: 'charts.fullChartEmptyDescription',
    defaultMessage:
      'It will give a chart the whole screen, with indicators and drawing tools, for a closer read before you trade.',
  },
});

export function TvChartScreen() {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <EmptyState
        icon={ArrowsPointingOutIcon}
        title={intl.formatMessage(messages.emptyTitle)}
        description={intl.formatMessage(messages.emptyDescription)}
      />
    </div>
  );
}
