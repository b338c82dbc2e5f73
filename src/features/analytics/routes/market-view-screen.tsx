import GlobeAsiaAustraliaIcon from '@heroicons/react/24/outline/GlobeAsiaAustraliaIcon';
import { defineMessages, useIntl } from 'react-intl';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const messages = defineMessages({
  title: { id: 'analytics.marketViewTitle', defaultMessage: 'Market view' },
  description: { id: 'analytics.marketViewDescription', defaultMessage: 'Index levels, market commentary and the data of the day.' },
  emptyTitle: { id: 'analytics.marketViewEmptyTitle', defaultMessage: 'Market view is not available yet' },
  emptyDescription: {
    id: 'analytics.marketViewEmptyDescription',
    defaultMessage:
      'It will bring together NIFTY, BANKNIFTY, FINNIFTY, MIDCPNIFTY and SENSEX levels, the latest market commentary and the daily data, each with the time it was fetched so you can read it offline too.',
  },
});

export function MarketViewScreen() {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <EmptyState
        icon={GlobeAsiaAustraliaIcon}
        title={intl.formatMessage(messages.emptyTitle)}
        description={intl.formatMessage(messages.emptyDescription)}
      />
    </div>
  );
}
