import { useEffect, useState } from 'react';
import { getBrokerAccounts, type BrokerAccount } from '@/features/market-history/api/market-history-calls';

type Broker = BrokerAccount['broker'];

/**
 * The trader's accounts at a live broker (or at any of several), for a panel that fetches candles from it, and the one chosen (a
 * logged-in one first). `accounts` is null until read; without the list (an outage) it is empty, so the panel
 * stays hidden and the rest of the screen works.
 */
export function useFetchAccounts(brokers: Broker | readonly Broker[]) {
  // One key for the effect, whether one broker or several were given (a new array each render must not read again).
  const wanted = typeof brokers === 'string' ? brokers : brokers.join(',');
  const [accounts, setAccounts] = useState<BrokerAccount[] | null>(null);
  const [accountId, setAccountId] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    getBrokerAccounts().then(
      (all) => {
        if (!current) return;
        const own = all.filter((account) => wanted.split(',').includes(account.broker));
        setAccounts(own);
        setAccountId((own.find((account) => account.is_logged_in) ?? own[0])?.id ?? null);
      },
      () => current && setAccounts([]),
    );
    return () => {
      current = false;
    };
  }, [wanted]);
  const account = accounts?.find((candidate) => candidate.id === accountId) ?? null;
  return { accounts, account, setAccountId };
}
