import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo } from 'react';
import { getBrokerAccounts } from '@/features/brokers/api/get-broker-accounts';
import { getBrokers } from '@/features/brokers/api/get-brokers';
import { accountsLoadedAtom } from '@/features/brokers/atoms/account-list-actions';
import { brokersAtom } from '@/features/brokers/atoms/brokers-atom';
import { useOperation } from '@/lib/api/use-operation';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';
import { useLastKnown } from '@/lib/persist/last-known';
import { brokerAccountsAtom } from '@/lib/session/user-profile-atoms';

/**
 * The brokers and the trader's accounts, read fresh when the screen opens (another device may have
 * changed them). `ready` is false until the first answer; from then on the list is brokerAccountsAtom,
 * which the screen's actions keep up to date. A failed read is tried again when the connection comes back;
 * meanwhile the last-known list shows, read-only, with `asOf` its time (not "could not be loaded").
 */
export function useBrokerAccounts() {
  const setBrokers = useSetAtom(brokersAtom);
  const setAccounts = useSetAtom(accountsLoadedAtom);

  // The atoms are written before the operation resolves, so `ready` never shows the list stored on the device.
  const loadAndKeep = useCallback(async () => {
    const [brokers, accounts] = await Promise.all([getBrokers(), getBrokerAccounts()]);
    setBrokers(brokers);
    setAccounts(accounts);
    return true;
  }, [setBrokers, setAccounts]);
  const { run, data, error, loading } = useOperation(loadAndKeep);

  useEffect(() => {
    void run();
  }, [run]);
  useReloadWhenOnline(error !== null && !loading, run);

  const brokers = useAtomValue(brokersAtom);
  const accounts = useAtomValue(brokerAccountsAtom);
  const fresh = useMemo(() => (data === true ? { brokers, accounts } : undefined), [data, brokers, accounts]);
  // Versioned: the brokers carry their capabilities since session 82, which a copy kept before has not.
  const lastKnown = useLastKnown('brokers:accounts:2', fresh, error !== null);
  return {
    ready: lastKnown.value !== undefined,
    asOf: lastKnown.asOf,
    error,
    reload: run,
    brokers: lastKnown.value?.brokers ?? brokers,
    accounts: lastKnown.value?.accounts ?? accounts,
  };
}
