import { useAtom, useStore } from 'jotai';
import { useCallback, useEffect } from 'react';
import type { BaseStrategy } from '@/features/portfolios/api/portfolio-types';
import { getBaseStrategies } from '@/features/portfolios/api/get-base-strategies';
import { baseStrategiesAtom } from '@/features/portfolios/atoms/base-strategies-atom';
import { useOperation } from '@/lib/api/use-operation';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';
import { recallLastKnown, rememberLastKnown } from '@/lib/persist/last-known';

const keptName = 'portfolios:base-strategies';

/**
 * The base strategy catalogue, read the first time a bot list needs it. Offline (or the server unreachable)
 * the copy last read on this device names the bots' strategies instead of "Unknown strategy" (issue 36), and
 * the catalogue is read again when the server answers.
 */
export function useBaseStrategies() {
  const store = useStore();
  const [strategies, setStrategies] = useAtom(baseStrategiesAtom);
  const { run, loading, error } = useOperation(getBaseStrategies);

  const load = useCallback(async () => {
    const list = await run();
    if (list) {
      setStrategies(list);
      rememberLastKnown(keptName, list);
      return;
    }
    const kept = await recallLastKnown<BaseStrategy[]>(keptName);
    if (kept !== null && store.get(baseStrategiesAtom) === null) setStrategies(kept.value);
  }, [run, setStrategies, store]);

  const missing = strategies === null;
  useEffect(() => {
    if (missing) void load();
  }, [missing, load]);
  useReloadWhenOnline(error !== null && !loading, load);

  return { strategies: strategies ?? [], loaded: !missing, loading, error, reload: load };
}
