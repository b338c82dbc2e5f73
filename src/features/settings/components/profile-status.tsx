import { defineMessages, useIntl } from 'react-intl';
import { LoadStatus } from '@/components/ui/load-status';
import { rejectionText } from '@/features/settings/settings-error-text';
import type { ApiError } from '@/lib/api/api-error';

const messages = defineMessages({
  loading: { id: 'settings.profileLoading', defaultMessage: 'Loading your profile…' },
  loadFailed: { id: 'settings.profileLoadFailed', defaultMessage: 'Your profile could not be loaded.' },
});

/** The profile on its way, or why it did not come (a refusal's own message repeated) and a retry. */
export function ProfileStatus({ error, onRetry }: { error: ApiError | null; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <LoadStatus
      loadingText={intl.formatMessage(messages.loading)}
      failedText={intl.formatMessage(messages.loadFailed)}
      failed={error !== null}
      detail={error ? rejectionText(error, intl) : undefined}
      onRetry={onRetry}
    />
  );
}
