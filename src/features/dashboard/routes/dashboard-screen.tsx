import { defineMessages, useIntl } from 'react-intl';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { GettingStartedSteps } from '@/features/dashboard/components/getting-started-steps.tsx';

const messages = defineMessages({
  title: { id: 'dashboard.title', defaultMessage: 'Dashboard' },
  description: {
    id: 'dashboard.description',
    defaultMessage: 'Welcome to StrikeDesk. Here is how you will get started.',
  },
  notLive: {
    id: 'dashboard.notLive',
    defaultMessage:
      'Nothing is live yet: your positions, P&L and bots will show up here once these steps are available.',
  },
});

export function DashboardScreen() {
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <p className="rounded-lg border border-line bg-surface px-4 py-3 text-sm text-fg-muted">
        {intl.formatMessage(messages.notLive)}
      </p>
      <GettingStartedSteps />
    </div>
  );
}
