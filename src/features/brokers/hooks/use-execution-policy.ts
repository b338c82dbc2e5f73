import { useCallback, useEffect, useState } from 'react';
import { getExecutionPolicy, type ExecutionPolicy } from '@/features/brokers/api/execution-policy-calls';

/** The account's execution policy, read when shown and on `reload()`; a failed read shows nothing old. */
export function useExecutionPolicy(accountId: number) {
  const [state, setState] = useState<{ id: number; policy: ExecutionPolicy | null; failed: boolean } | null>(null);
  const [stamp, setStamp] = useState(0);
  const reload = useCallback(() => setStamp((value) => value + 1), []);

  useEffect(() => {
    let current = true;
    getExecutionPolicy(accountId)
      .then((policy) => current && setState({ id: accountId, policy, failed: false }))
      .catch(() => current && setState({ id: accountId, policy: null, failed: true }));
    return () => {
      current = false;
    };
  }, [accountId, stamp]);

  const shown = state !== null && state.id === accountId ? state : null;
  return { policy: shown?.policy ?? null, failed: shown?.failed ?? false, reload };
}
