import { useCallback, useEffect, useState } from 'react';
import type { AccountCompliance, BrokerAccount } from '@/features/brokers/api/broker-types';
import { getAccountCompliance } from '@/features/brokers/api/get-account-compliance';

/**
 * A live account's compliance state, read when shown and again when its session changes (a log-in, a
 * log-out, the daily expiry) or on `reload()`. A failed read shows nothing old: `failed` says so.
 */
export function useAccountCompliance(account: Pick<BrokerAccount, 'id' | 'is_logged_in' | 'session_expires_at'>) {
  const [state, setState] = useState<{ key: string; compliance: AccountCompliance | null; failed: boolean } | null>(null);
  const [stamp, setStamp] = useState(0);
  const reload = useCallback(() => setStamp((value) => value + 1), []);
  const key = `${account.id}:${account.is_logged_in}:${account.session_expires_at ?? ''}`;

  useEffect(() => {
    let current = true;
    getAccountCompliance(account.id)
      .then((compliance) => current && setState({ key, compliance, failed: false }))
      .catch(() => current && setState({ key, compliance: null, failed: true }));
    return () => {
      current = false;
    };
    // `key` names what is read (the account and its session).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, stamp]);

  const shown = state !== null && state.key === key ? state : null;
  return { compliance: shown?.compliance ?? null, failed: shown?.failed ?? false, reload };
}
