import { useCallback, useEffect, useState } from 'react';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';
import { useLastKnown } from '@/lib/persist/last-known';

/** Read again every `everyMs` while `until` says the answer may still change (a backtest under way). */
export type Polling<T> = { everyMs: number; until: (value: T) => boolean };

/**
 * A screen's one read with its last-known copy (last-known.ts): read on mount and on `reload`, read again when
 * the device is back online after a failure, and while the read fails the copy kept under `name` with `asOf`
 * its time. `read` must be stable (a feature's api/ function, or a callback of the screen's own). Given
 * `polling`, it is read again on its interval while the last answer may still change, failed reads included.
 */
export function useLastKnownRead<T>(name: string, read: () => Promise<T>, polling?: Polling<T>): { value: T | null; asOf: number | null; failed: boolean; reload: () => void } {
  const [fresh, setFresh] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const [stamp, setStamp] = useState(0);
  const reload = useCallback(() => setStamp((value) => value + 1), []);
  useEffect(() => {
    let current = true;
    read().then(
      (answer) => {
        if (!current) return;
        setFresh(answer);
        setFailed(false);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [read, stamp]);
  const pollMs = polling !== undefined && fresh !== null && polling.until(fresh) ? polling.everyMs : null;
  useEffect(() => {
    if (pollMs === null) return;
    // Armed again by each reload (stamp), so a read that fails is tried again on the same interval.
    const timer = setTimeout(reload, pollMs);
    return () => clearTimeout(timer);
  }, [pollMs, stamp, reload]);
  useReloadWhenOnline(failed, reload);
  const kept = useLastKnown(name, failed ? undefined : (fresh ?? undefined), failed);
  return { value: kept.value ?? fresh, asOf: kept.asOf, failed, reload };
}
