import { useCallback, useEffect, useState } from 'react';
import type { AnalyticsAnswer } from '@/features/analytics/api/analytics-reads';
import { isApiError, type ApiError } from '@/lib/api/api-error';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';

export type AnalyticsRead<T> = {
  /** The last answer for `key` (kept while a refresh fails), or null before any came. */
  answer: AnalyticsAnswer<T> | null;
  loading: boolean;
  error: ApiError | null;
  reload: () => void;
};

/**
 * One analytics read a screen shows: fetched when `key` changes, every `refreshMs` while the page is
 * visible (when given), again when the connection returns after a failure, and on `reload()`. A failed
 * refresh keeps the last answer, whose `fetchedAt` then says how old it is; nothing of another key shows.
 */
export function useAnalyticsRead<T>(read: () => Promise<AnalyticsAnswer<T>>, key: string, refreshMs?: number): AnalyticsRead<T> {
  const [held, setHeld] = useState<{ key: string; answer: AnalyticsAnswer<T> } | null>(null);
  // How the latest attempt for (key, stamp) ended; an attempt still on its way has none.
  const [outcome, setOutcome] = useState<{ key: string; stamp: number; error: ApiError | null } | null>(null);
  const [stamp, setStamp] = useState(0);
  const reload = useCallback(() => setStamp((value) => value + 1), []);

  useEffect(() => {
    let current = true;
    read().then(
      (answer) => {
        if (!current) return;
        setHeld({ key, answer });
        setOutcome({ key, stamp, error: null });
      },
      (error: unknown) => {
        if (current) setOutcome({ key, stamp, error: isApiError(error) ? error : null });
      },
    );
    return () => {
      current = false;
    };
    // `read` is rebuilt on every render; `key` names what it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, stamp]);

  useEffect(() => {
    if (refreshMs === undefined) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') reload();
    }, refreshMs);
    return () => clearInterval(timer);
  }, [reload, refreshMs]);

  const answer = held !== null && held.key === key ? held.answer : null;
  const loading = outcome === null || outcome.key !== key || outcome.stamp !== stamp;
  const error = outcome !== null && outcome.key === key ? outcome.error : null;
  const failed = !loading && (error !== null || answer === null);
  useReloadWhenOnline(failed || answer?.cached === true, reload);
  return { answer, loading, error, reload };
}
