import PuzzlePieceIcon from '@heroicons/react/24/outline/PuzzlePieceIcon';
import { defineMessages, useIntl } from 'react-intl';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const messages = defineMessages({
  title: { id: 'strategies.libraryTitle', defaultMessage: 'Strategies' },
  description: { id: 'strategies.libraryDescription', defaultMessage: 'Base strategies your bots can run.' },
  emptyTitle: { id: 'strategies.libraryEmptyTitle', defaultMessage: 'The strategy library is not available yet' },
  emptyDescription: {
    id: 'strategies.libraryEmptyDescription',
    defaultMessage:
      'It will list the base strategies your bots can run, such as the short straddle and the iron condor, with their legs, risk profile and the indices they trade. You will pick one when you add a bot to a portfolio.',
  },
});

export function StrategiesScreen() {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <EmptyState
        icon={PuzzlePieceIcon}
        title={intl.formatMessage(messages.emptyTitle)}
        description={intl.formatMessage(messages.emptyDescription)}
      />
    </div>
  );
}
