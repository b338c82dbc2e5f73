import { defineMessages, useIntl } from 'react-intl';
import { LoadStatus } from '@/components/ui/load-status';
import { rejectionOf } from '@/features/brokers/brokers-error-text';
import type { ApiError } from '@/lib/api/api-error';

const messages = defineMessages({
  loading: { id: 'brokers.loading', defaultMessage: 'Loading your broker accounts…' },
  loadFailed: { id: 'brokers.loadFailed', defaultMessage: 'Your broker accounts could not be loaded.' },
});

/** The accounts on their way, or why they did not come (a refusal's own message repeated) and a retry. */
export function AccountsStatus({ error, onRetry }: { error: ApiError | null; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <LoadStatus
      loadingText={intl.formatMessage(messages.loading)}
      failedText={intl.formatMessage(messages.loadFailed)}
      failed={error !== null}
      detail={rejectionOf(error, intl)?.text}
      onRetry={onRetry}
    />
  );
}
