import BellAlertIcon from '@heroicons/react/24/outline/BellAlertIcon';
import { defineMessages, useIntl } from 'react-intl';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';

const messages = defineMessages({
  title: { id: 'alerts.strategyTitle', defaultMessage: 'Strategy alerts' },
  description: { id: 'alerts.strategyDescription', defaultMessage: 'Signals and events from your bots.' },
  emptyTitle: { id: 'alerts.strategyEmptyTitle', defaultMessage: 'Strategy alerts are not available yet' },
  emptyDescription: {
    id: 'alerts.strategyEmptyDescription',
    defaultMessage:
      "Your bots' signals will appear here as they happen (entries, exits, stop-loss hits and rejected orders) so you can react without watching every screen. They arrive with bots.",
  },
});

export function StrategyAlertsScreen() {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <EmptyState
        icon={BellAlertIcon}
        title={intl.formatMessage(messages.emptyTitle)}
        description={intl.formatMessage(messages.emptyDescription)}
      />
    </div>
  );
}
