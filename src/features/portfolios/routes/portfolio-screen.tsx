import Squares2X2Icon from '@heroicons/react/24/outline/Squares2X2Icon';
import { defineMessages, useIntl } from 'react-intl';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const messages = defineMessages({
  title: { id: 'portfolios.title', defaultMessage: 'Portfolios and bots' },
  description: {
    id: 'portfolios.description',
    defaultMessage: 'Group your bots into portfolios under each broker account.',
  },
  emptyTitle: { id: 'portfolios.emptyTitle', defaultMessage: 'Portfolios and bots are not available yet' },
  emptyDescription: {
    id: 'portfolios.emptyDescription',
    defaultMessage:
      'Here you will create portfolios under a broker account and add bots to them: trading bots that follow signals through market hours, and daily bots that enter and exit at set times on the weekdays you choose, in paper mode first. Link a broker account first; portfolios live under it.',
  },
});

export function PortfolioScreen() {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <EmptyState
        icon={Squares2X2Icon}
        title={intl.formatMessage(messages.emptyTitle)}
        description={intl.formatMessage(messages.emptyDescription)}
      />
    </div>
  );
}
