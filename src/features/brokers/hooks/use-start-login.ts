import { useCallback, useState } from 'react';
import type { BrokerAccount } from '@/features/brokers/api/broker-types';
import { usePageRestored } from '@/features/brokers/hooks/use-page-restored';
import { startBrokerLogin } from '@/features/brokers/start-broker-login';

/** Opens an account's broker login page; `loggingInId` stays set while the page is leaving. */
export function useStartLogin() {
  const [loggingInId, setLoggingInId] = useState<number | null>(null);
  usePageRestored(useCallback(() => setLoggingInId(null), []));
  const logIn = (account: BrokerAccount, url: string) => {
    setLoggingInId(account.id);
    void startBrokerLogin(url, account);
  };
  return { loggingInId, logIn };
}
