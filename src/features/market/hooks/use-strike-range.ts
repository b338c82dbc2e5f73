import { useCallback, useEffect, useState } from 'react';
import { defaultStrikeRange, isStrikeRange, type StrikeRange } from '@/features/market/chain/strike-window';
import { restoreValue, storeValue } from '@/lib/persist/idb-storage';

/** Versioned: a later change of the choices gets a new key rather than misreading this one. */
export const strikeRangeKey = 'market:strike-range:v1';
const restoreTimeoutMs = 1000;

/**
 * The option chain's strike range, remembered in IndexedDB. Null until the stored choice is read (at most
 * a second; then the default), so the chain never subscribes a window it is about to replace. Only the
 * trader's own changes are written: a read that timed out never overwrites the stored choice.
 */
export function useStrikeRange(): [StrikeRange | null, (range: StrikeRange) => void] {
  const [range, setRange] = useState<StrikeRange | null>(null);
  useEffect(() => {
    let current = true;
    void restoreValue(strikeRangeKey, (raw) => (isStrikeRange(raw) ? raw : undefined), restoreTimeoutMs).then((result) => {
      if (!current) return;
      setRange((chosen) => chosen ?? (result.status === 'restored' ? result.value : defaultStrikeRange));
    });
    return () => {
      current = false;
    };
  }, []);
  const choose = useCallback((next: StrikeRange) => {
    setRange(next);
    // Not kept (storage full, private window): the next visit starts from the default.
    void storeValue(strikeRangeKey, next).catch(() => undefined);
  }, []);
  return [range, choose];
}
