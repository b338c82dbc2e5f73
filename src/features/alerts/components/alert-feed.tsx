import BellAlertIcon from '@heroicons/react/24/outline/BellAlertIcon';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadStatus } from '@/components/ui/load-status';
import { StaleNote } from '@/components/ui/stale-note';
import type { AlertCategory } from '@/features/alerts/api/alert-calls';
import { alertMessages as messages } from '@/features/alerts/alert-messages';
import { AlertFilters } from '@/features/alerts/components/alert-filters';
import { AlertItem } from '@/features/alerts/components/alert-item';
import { useAlertFeed } from '@/features/alerts/hooks/use-alert-feed';

/** The feed with its filters, paging and, offline, the last visit's feed marked with its time. */
export function AlertFeed() {
  const intl = useIntl();
  const [category, setCategory] = useState<AlertCategory | null>(null);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const { feed, failed, moreFailed, loadingMore, loadMore, reload } = useAlertFeed(category);
  const shown = feed === null ? [] : feed.alerts.filter((alert) => !unreadOnly || !alert.read);
  const live = feed !== null && feed.asOf === null;

  return (
    <section className="flex flex-col gap-4" aria-label={intl.formatMessage(messages.viewFeed)}>
      <AlertFilters category={category} unreadOnly={unreadOnly} onCategory={setCategory} onUnreadOnly={setUnreadOnly} />
      {feed !== null && feed.asOf !== null && (
        <div className="flex flex-col gap-1">
          <StaleNote asOf={feed.asOf} />
          <p className="text-xs text-fg-muted">{intl.formatMessage(messages.readOnly)}</p>
        </div>
      )}
      {feed === null ? (
        <LoadStatus loadingText={intl.formatMessage(messages.loading)} failedText={intl.formatMessage(messages.failed)} failed={failed} onRetry={reload} />
      ) : feed.alerts.length === 0 && category === null && live ? (
        <EmptyState icon={BellAlertIcon} title={intl.formatMessage(messages.emptyTitle)} description={intl.formatMessage(messages.emptyDescription)} />
      ) : (
        <>
          {feed.unread > 0 && <p className="text-sm font-medium text-fg">{intl.formatMessage(messages.unreadCount, { count: feed.unread })}</p>}
          {shown.length === 0 ? (
            <p className="text-sm text-fg-muted">{intl.formatMessage(messages.noMatch)}</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {shown.map((alert) => (
                <AlertItem key={alert.id} alert={alert} />
              ))}
            </ul>
          )}
          {moreFailed && (
            <p role="alert" className="text-sm text-loss">
              {intl.formatMessage(messages.moreFailed)}
            </p>
          )}
          {live && feed.more && (
            <div>
              <Button variant="secondary" busy={loadingMore} onClick={() => void loadMore()}>
                {intl.formatMessage(messages.loadMore)}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
