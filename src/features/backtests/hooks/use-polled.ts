import { useCallback, useEffect, useState } from 'react';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';
import { useLastKnown } from '@/lib/persist/last-known';

/** How often a backtest under way is read again: its progress moves by trading days, a few a second. */
export const pollMs = 2000;

/**
 * A read a screen shows, kept on the device (lib/persist/last-known, the same mechanism as the other
 * screens' offline copies) under `name`: offline or with the server unreachable, the kept copy shows with
 * its time. While `keepPolling` says the answer may still change, it is read again every `pollMs`.
 */
export function usePolled<T>(name: string, read: () => Promise<T>, keepPolling: (value: T) => boolean) {
  const [fresh, setFresh] = useState<T | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [stamp, setStamp] = useState(0);
  const reload = useCallback(() => setStamp((value) => value + 1), []);
  useEffect(() => {
    let current = true;
    read().then(
      (value) => {
        if (!current) return;
        setFresh(value);
        setFailed(false);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
    // `read` is rebuilt on every render; `name` says what it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name, stamp]);
  const polling = fresh !== undefined && keepPolling(fresh);
  useEffect(() => {
    if (!polling) return;
    const timer = setTimeout(reload, pollMs);
    return () => clearTimeout(timer);
  }, [polling, stamp, reload]);
  useReloadWhenOnline(failed, reload);
  const kept = useLastKnown(name, fresh, failed);
  return { value: kept.value, asOf: kept.asOf, failed, reload };
}
