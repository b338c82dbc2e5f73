import PresentationChartLineIcon from '@heroicons/react/24/outline/PresentationChartLineIcon';
import { defineMessages, useIntl } from 'react-intl';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const messages = defineMessages({
  title: { id: 'charts.chartTitle', defaultMessage: 'Chart' },
  description: { id: 'charts.chartDescription', defaultMessage: 'Price chart of an index or an option.' },
  emptyTitle: { id: 'charts.chartEmptyTitle', defaultMessage: 'Charts are not available yet' },
  emptyDescription: {
    id: 'charts.chartEmptyDescription',
    defaultMessage:
      'You will open a candlestick chart of any index or option contract here, switch timeframes and follow the price live during market hours.',
  },
});

export function TradingViewChartScreen() {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <EmptyState
        icon={PresentationChartLineIcon}
        title={intl.formatMessage(messages.emptyTitle)}
        description={intl.formatMessage(messages.emptyDescription)}
      />
    </div>
  );
}
