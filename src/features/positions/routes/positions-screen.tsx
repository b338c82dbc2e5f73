import BriefcaseIcon from '@heroicons/react/24/outline/BriefcaseIcon';
import { defineMessages, useIntl } from 'react-intl';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const messages = defineMessages({
  title: { id: 'positions.title', defaultMessage: 'Positions' },
  description: {
    id: 'positions.description',
    defaultMessage: 'Open positions of your selected portfolio, with live P&L.',
  },
  emptyTitle: { id: 'positions.emptyTitle', defaultMessage: 'Live positions are not available yet' },
  emptyDescription: {
    id: 'positions.emptyDescription',
    defaultMessage:
      'Once paper trading arrives, each open position will appear here with its quantity, average price, LTP and P&L, ready to square off or protect with a stop-loss and target. Link a broker account first: positions belong to its portfolios.',
  },
});

export function PositionsScreen() {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <EmptyState
        icon={BriefcaseIcon}
        title={intl.formatMessage(messages.emptyTitle)}
        description={intl.formatMessage(messages.emptyDescription)}
      />
    </div>
  );
}
