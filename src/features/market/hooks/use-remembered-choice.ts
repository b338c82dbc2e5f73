import { useCallback, useEffect, useState } from 'react';
import { restoreValue, storeValue } from '@/lib/persist/idb-storage';

const restoreTimeoutMs = 1000;

/**
 * A display choice of the chain remembered in IndexedDB under a versioned key (a later change of the choices
 * gets a new key rather than misreading this one). Null until the stored choice is read (at most a second;
 * then the fallback), so the chain never subscribes a window it is about to replace. Only the trader's own
 * changes are written: a read that timed out never overwrites the stored choice.
 */
export function useRememberedChoice<T>(key: string, parse: (raw: unknown) => T | undefined, fallback: T): [T | null, (next: T) => void] {
  const [choice, setChoice] = useState<T | null>(null);
  useEffect(() => {
    let current = true;
    void restoreValue(key, parse, restoreTimeoutMs).then((result) => {
      if (!current) return;
      setChoice((chosen) => chosen ?? (result.status === 'restored' ? result.value : fallback));
    });
    return () => {
      current = false;
    };
    // The key, parser and fallback are constants of each caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const choose = useCallback(
    (next: T) => {
      setChoice(next);
      // Not kept (storage full, private window): the next visit starts from the fallback.
      void storeValue(key, next).catch(() => undefined);
    },
    [key],
  );
  return [choice, choose];
}
