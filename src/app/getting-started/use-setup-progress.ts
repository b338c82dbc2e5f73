import { useEffect } from 'react';
import { loadSetupFacts } from '@/app/getting-started/load-setup-facts';
import { nextStep } from '@/app/getting-started/setup-progress';
import { useOperation } from '@/lib/api/use-operation';

/** What the trader has, read when a getting-started screen opens; `facts` is undefined until it is known. */
export function useSetupProgress() {
  const { run, data, error } = useOperation(loadSetupFacts);
  useEffect(() => {
    void run();
  }, [run]);
  return { facts: data, next: data ? nextStep(data) : undefined, error, reload: run };
}
