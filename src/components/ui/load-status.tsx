import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { commonMessages } from '@/i18n/common-messages';

type LoadStatusProps = {
  /** What is on its way, e.g. "Loading your profile…"; announced politely (role=status). */
  loadingText: ReactNode;
  /** What did not come; announced (role=alert) with `detail`. */
  failedText: ReactNode;
  failed: boolean;
  /** Why, already translated (such as a refusal's own message); the app may have notified most causes already. */
  detail?: ReactNode;
  onRetry: () => void;
};

/** What shows in place of data not yet loaded: that it is on its way, or that it failed, with a retry. */
export function LoadStatus({ loadingText, failedText, failed, detail, onRetry }: LoadStatusProps) {
  const intl = useIntl();
  if (!failed) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
        <span
          aria-hidden="true"
          className="size-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
        />
        {loadingText}
      </p>
    );
  }
  return (
    <div className="flex flex-col items-start gap-3">
      <FormError title={failedText} className="w-full">
        {detail}
      </FormError>
      <Button variant="secondary" onClick={onRetry}>
        {intl.formatMessage(commonMessages.retry)}
      </Button>
    </div>
  );
}
