/**
 * The alerts feed: pages of the server's feed (newest first, `before` for older ones), filtered by category
 * on the server. The unfiltered feed is kept on the device (snapshot), so offline the screen shows it as of
 * the last visit, read-only: no paging, filters applied to what was kept. Reading the unfiltered feed marks
 * it read up to the newest alert shown; a category view does not, since an id mark would also cover the
 * other categories' alerts the trader has not seen.
 */
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { getAlerts, updateAlertsRead, type Alert, type AlertCategory } from '@/features/alerts/api/alert-calls';
import { parseAlerts } from '@/features/alerts/model/alert-shape';
import { unreadAlertsAtom } from '@/features/alerts/model/unread-alerts';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';
import { readSnapshot, saveSnapshot } from '@/lib/persist/snapshot';

export const ALERTS_PAGE = 30;
/** What the device keeps of the feed: enough to read offline, small enough to restore at once. */
const KEPT = 200;
export const ALERTS_SNAPSHOT = 'alerts-feed';

type Feed = { key: string; alerts: Alert[]; more: boolean; unread: number; asOf: number | null };

const queryOf = (category: AlertCategory | null) => (category === null ? {} : { category });

function keep(alerts: Alert[]): void {
  saveSnapshot(ALERTS_SNAPSHOT, alerts.slice(0, KEPT));
}

/** Marks the feed read up to its newest alert; answers the server's count of what stays unread. */
async function markRead(alerts: Alert[]): Promise<number | null> {
  const newest = alerts[0];
  if (newest === undefined || !alerts.some((alert) => !alert.read)) return null;
  return updateAlertsRead(newest.id).catch(() => null);
}

export function useAlertFeed(category: AlertCategory | null) {
  const key = category ?? 'all';
  const [feed, setFeed] = useState<Feed | null>(null);
  const [failed, setFailed] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [stamp, setStamp] = useState(0);
  const setUnread = useSetAtom(unreadAlertsAtom);
  const reload = useCallback(() => setStamp((value) => value + 1), []);

  useEffect(() => {
    let current = true;
    getAlerts({ ...queryOf(category), limit: ALERTS_PAGE })
      .then((page) => {
        if (!current) return;
        setFeed({ key, alerts: page.alerts, more: page.alerts.length === ALERTS_PAGE, unread: page.unread, asOf: null });
        setFailed(false);
        setMoreFailed(false);
        setUnread(page.unread);
        if (category === null) {
          keep(page.alerts);
          void markRead(page.alerts).then((unread) => {
            if (unread !== null) setUnread(unread);
          });
        }
      })
      .catch(async () => {
        const kept = await readSnapshot<unknown>(ALERTS_SNAPSHOT);
        const alerts = kept === null ? null : parseAlerts(kept.value);
        if (!current) return;
        setFailed(true);
        setFeed(
          kept === null || alerts === null
            ? null
            : {
                key,
                alerts: alerts.filter((alert) => category === null || alert.category === category),
                more: false,
                unread: alerts.filter((alert) => !alert.read).length,
                asOf: kept.at,
              },
        );
      });
    return () => {
      current = false;
    };
    // `key` names the category; `stamp` asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, stamp]);

  useReloadWhenOnline(failed, reload);

  const current = feed !== null && feed.key === key ? feed : null;

  const loadMore = async () => {
    const oldest = current?.alerts.at(-1);
    if (current === null || oldest === undefined || loadingMore) return;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const page = await getAlerts({ ...queryOf(category), before: oldest.id, limit: ALERTS_PAGE });
      const alerts = [...current.alerts, ...page.alerts];
      setFeed({ ...current, alerts, more: page.alerts.length === ALERTS_PAGE });
      if (category === null) keep(alerts);
    } catch {
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };

  return { feed: current, failed, moreFailed, loadingMore, loadMore, reload };
}
