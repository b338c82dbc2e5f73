import { useAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { getBaseStrategies } from '@/features/portfolios/api/get-base-strategies';
import { baseStrategiesAtom } from '@/features/portfolios/atoms/base-strategies-atom';
import { useOperation } from '@/lib/api/use-operation';

/** The base strategy catalogue, read the first time a bot list needs it. */
export function useBaseStrategies() {
  const [strategies, setStrategies] = useAtom(baseStrategiesAtom);
  const { run, loading, error } = useOperation(getBaseStrategies);

  const load = useCallback(async () => {
    const list = await run();
    if (list) setStrategies(list);
  }, [run, setStrategies]);

  const missing = strategies === null;
  useEffect(() => {
    if (missing) void load();
  }, [missing, load]);

  return { strategies: strategies ?? [], loaded: !missing, loading, error, reload: load };
}
