import { defineMessages, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { rejectionOf } from '@/features/brokers/brokers-error-text';
import { commonMessages } from '@/i18n/common-messages';
import type { ApiError } from '@/lib/api/api-error';

const messages = defineMessages({
  loading: { id: 'brokers.loading', defaultMessage: 'Loading your broker accounts…' },
  loadFailed: { id: 'brokers.loadFailed', defaultMessage: 'Your broker accounts could not be loaded.' },
});

/**
 * What the screen shows before the list: the accounts on their way, or why they did not come and a retry.
 * The cause of most failures was already notified by the app; a refusal's own message is repeated here.
 */
export function AccountsStatus({ error, onRetry }: { error: ApiError | null; onRetry: () => void }) {
  const intl = useIntl();
  if (!error) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
        />
        {intl.formatMessage(messages.loading)}
      </p>
    );
  }
  return (
    <div className="flex flex-col items-start gap-3">
      <FormError title={intl.formatMessage(messages.loadFailed)} className="w-full">
        {rejectionOf(error, intl)?.text}
      </FormError>
      <Button variant="secondary" onClick={onRetry}>
        {intl.formatMessage(commonMessages.retry)}
      </Button>
    </div>
  );
}
