import { useCallback, useEffect, useState } from 'react';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';
import { useLastKnown } from '@/lib/persist/last-known';

/**
 * A read that depends on the screen's choices, with its last-known copy under `name` (which names the choices):
 * useLastKnownRead's behaviour, except that an answer is only ever kept, or shown, under the name it was read
 * for, so an answer still arriving for the previous choice is never stored as the new one's.
 */
export function useKeptRead<T>(name: string, read: (() => Promise<T>) | null): { value: T | null; asOf: number | null; failed: boolean; reload: () => void } {
  const [fresh, setFresh] = useState<{ name: string; value: T } | null>(null);
  const [failedName, setFailedName] = useState<string | null>(null);
  const [stamp, setStamp] = useState(0);
  const reload = useCallback(() => setStamp((value) => value + 1), []);
  useEffect(() => {
    if (read === null) return;
    let current = true;
    read().then(
      (value) => {
        if (!current) return;
        setFresh({ name, value });
        setFailedName(null);
      },
      () => current && setFailedName(name),
    );
    return () => {
      current = false;
    };
  }, [name, read, stamp]);
  const failed = failedName === name;
  useReloadWhenOnline(failed, reload);
  const current = fresh?.name === name ? fresh.value : undefined;
  const kept = useLastKnown(name, failed ? undefined : current, failed);
  return { value: kept.value ?? current ?? null, asOf: kept.asOf, failed, reload };
}
