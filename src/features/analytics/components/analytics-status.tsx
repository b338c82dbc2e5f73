import SignalSlashIcon from '@heroicons/react/24/outline/SignalSlashIcon';
import type { ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { LoadStatus } from '@/components/ui/load-status';
import type { AnalyticsRead } from '@/features/analytics/hooks/use-analytics-read';
import { useFormat } from '@/lib/format/use-format';

const timed = {
  asOf: defineMessage<{ time: MessageValue }>({ id: 'analytics.asOf', defaultMessage: 'As of {time} IST' }),
  savedCopy: defineMessage<{ time: MessageValue }>({
    id: 'analytics.savedCopy',
    defaultMessage: 'Offline: showing the copy saved on this device at {time} IST. It refreshes by itself when the connection returns.',
  }),
  stale: defineMessage<{ time: MessageValue }>({ id: 'analytics.stale', defaultMessage: 'Could not refresh: showing the data of {time} IST.' }),
};

const messages = defineMessages({
  loading: { id: 'analytics.loading', defaultMessage: 'Loading market data…' },
  failed: { id: 'analytics.failed', defaultMessage: 'The market data could not be loaded.' },
});

/** When the data on screen was fetched: "As of 14:05:12 IST", said on every analytics panel. */
export function AsOf({ at }: { at: number }) {
  const intl = useIntl();
  const { formatDateTime } = useFormat();
  return <p className="text-xs text-fg-muted" data-testid="as-of">{intl.formatMessage(timed.asOf, { time: formatDateTime(at) })}</p>;
}

/**
 * An analytics read's state around its content: loading or failed (with a retry) before any answer; then
 * the content with when it was fetched, and a banner while it is the service worker's saved copy (offline)
 * or the last answer after a failed refresh.
 */
export function AnalyticsPanel<T>({ read, children, loadingText }: { read: AnalyticsRead<T>; children: (value: T) => ReactNode; loadingText?: ReactNode }) {
  const intl = useIntl();
  const { formatDateTime } = useFormat();
  const { answer } = read;
  if (answer === null) {
    return (
      <LoadStatus
        loadingText={loadingText ?? intl.formatMessage(messages.loading)}
        failedText={intl.formatMessage(messages.failed)}
        failed={!read.loading}
        onRetry={read.reload}
      />
    );
  }
  const time = formatDateTime(answer.fetchedAt);
  return (
    <div className="flex min-w-0 flex-col gap-2">
      {answer.cached ? (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-warn/40 bg-warn/10 px-3 py-2 text-sm text-fg" data-testid="saved-copy">
          <SignalSlashIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warn" />
          {intl.formatMessage(timed.savedCopy, { time })}
        </p>
      ) : (
        read.error !== null && !read.loading && <p role="status" className="text-xs text-warn">{intl.formatMessage(timed.stale, { time })}</p>
      )}
      {children(answer.value)}
      <AsOf at={answer.fetchedAt} />
    </div>
  );
}
