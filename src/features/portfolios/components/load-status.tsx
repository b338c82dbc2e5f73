import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { commonMessages } from '@/i18n/common-messages';

type LoadStatusProps = {
  /** What is being read, e.g. "Loading the bots…". */
  loadingText: string;
  failedText: string;
  failed: boolean;
  onRetry: () => void;
};

/** What a list shows before it has data: that it is on its way, or that it failed and can be tried again. */
export function LoadStatus({ loadingText, failedText, failed, onRetry }: LoadStatusProps) {
  const intl = useIntl();
  if (!failed) {
    return (
      <p role="status" className="rounded-lg border border-line bg-surface px-4 py-6 text-center text-sm text-fg-muted">
        {loadingText}
      </p>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-line bg-surface px-4 py-6 text-center">
      <p className="text-sm text-fg">{failedText}</p>
      <Button variant="secondary" onClick={onRetry}>
        {intl.formatMessage(commonMessages.retry)}
      </Button>
    </div>
  );
}
