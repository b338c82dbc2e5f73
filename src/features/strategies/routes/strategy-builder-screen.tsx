import WrenchScrewdriverIcon from '@heroicons/react/24/outline/WrenchScrewdriverIcon';
import { defineMessages, useIntl } from 'react-intl';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const messages = defineMessages({
  title: { id: 'strategies.builderTitle', defaultMessage: 'Strategy builder' },
  description: { id: 'strategies.builderDescription', defaultMessage: 'Assemble option legs and see the payoff before you trade.' },
  emptyTitle: { id: 'strategies.builderEmptyTitle', defaultMessage: 'The strategy builder is not available yet' },
  emptyDescription: {
    id: 'strategies.builderEmptyDescription',
    defaultMessage:
      'You will pick an index and an expiry, add option legs (buy or sell, call or put, strike, lots) and read the payoff at expiry, the breakevens and the maximum profit and loss before anything reaches the market.',
  },
});

export function StrategyBuilderScreen() {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <EmptyState
        icon={WrenchScrewdriverIcon}
        title={intl.formatMessage(messages.emptyTitle)}
        description={intl.formatMessage(messages.emptyDescription)}
      />
    </div>
  );
}
