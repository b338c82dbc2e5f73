import TableCellsIcon from '@heroicons/react/24/outline/TableCellsIcon';
import { defineMessages, useIntl } from 'react-intl';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const messages = defineMessages({
  title: { id: 'positions.bookTitle', defaultMessage: 'Position book' },
  description: {
    id: 'positions.bookDescription',
    defaultMessage: 'Every position of the day on a broker account, open and closed.',
  },
  emptyTitle: { id: 'positions.bookEmptyTitle', defaultMessage: 'The position book is not available yet' },
  emptyDescription: {
    id: 'positions.bookEmptyDescription',
    defaultMessage:
      "It will list the net and day positions of the selected broker account, with realised and unrealised P&L, and let you look back at any trading day. It arrives with paper trading; link a broker account to get ready.",
  },
});

export function PositionBookScreen() {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <EmptyState
        icon={TableCellsIcon}
        title={intl.formatMessage(messages.emptyTitle)}
        description={intl.formatMessage(messages.emptyDescription)}
      />
    </div>
  );
}
