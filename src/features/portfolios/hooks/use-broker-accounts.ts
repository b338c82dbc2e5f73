import { useAtom, useAtomValue } from 'jotai';
import { useCallback, useEffect } from 'react';
import { getBrokerAccounts } from '@/features/portfolios/api/get-broker-accounts';
import { useOperation } from '@/lib/api/use-operation';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';
import { useLastKnown } from '@/lib/persist/last-known';
import { shownAccount } from '@/lib/session/session-open';
import { brokerAccountsAtom, selectedAccountAtom } from '@/lib/session/user-profile-atoms';

/**
 * The trader's broker accounts, read fresh when the screen opens (the stored list shows meanwhile, and
 * offline), and the chosen one. The choice is selectedAccountAtom, which survives reloads; it defaults to
 * the account the desk shows (shownAccount: the first logged in, else the first), and follows the fresh list
 * when an account changed elsewhere. When the read fails (offline, the server unreachable, a reload without a
 * connection) the list last read on this device shows, with `asOf` its time, rather than "Your broker accounts
 * could not be loaded." (issue 36).
 */
export function useBrokerAccounts() {
  const stored = useAtomValue(brokerAccountsAtom);
  const [selected, setSelected] = useAtom(selectedAccountAtom);
  const { run, data, loading, error } = useOperation(getBrokerAccounts);

  const load = useCallback(async () => {
    const list = await run();
    if (list) setSelected((current) => shownAccount(list, current));
  }, [run, setSelected]);

  useEffect(() => {
    void load();
  }, [load]);
  const failed = error !== null && !loading;
  useReloadWhenOnline(failed, load);

  const kept = useLastKnown('portfolios:accounts', data, failed);
  const accounts = kept.value ?? stored;
  const account = accounts.find((candidate) => candidate.id === selected?.id) ?? null;
  const choose = (id: number) => {
    const next = accounts.find((candidate) => candidate.id === id);
    if (next) setSelected(next);
  };

  return { accounts, account, loaded: data !== undefined, asOf: kept.asOf, loading, error, reload: load, choose };
}
