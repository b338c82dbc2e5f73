import { useEffect, useState } from 'react';
import { getBrokerAccounts, type BrokerAccount } from '@/features/market-history/api/market-history-calls';

/**
 * The trader's accounts at one live broker, for a panel that fetches candles from it, and the one chosen (a
 * logged-in one first). `accounts` is null until read; without the list (an outage) it is empty, so the panel
 * stays hidden and the rest of the screen works.
 */
export function useFetchAccounts(broker: BrokerAccount['broker']) {
  const [accounts, setAccounts] = useState<BrokerAccount[] | null>(null);
  const [accountId, setAccountId] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    getBrokerAccounts().then(
      (all) => {
        if (!current) return;
        const own = all.filter((account) => account.broker === broker);
        setAccounts(own);
        setAccountId((own.find((account) => account.is_logged_in) ?? own[0])?.id ?? null);
      },
      () => current && setAccounts([]),
    );
    return () => {
      current = false;
    };
  }, [broker]);
  const account = accounts?.find((candidate) => candidate.id === accountId) ?? null;
  return { accounts, account, setAccountId };
}
