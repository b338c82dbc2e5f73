import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { BrokerAccount } from '@/features/brokers/api/broker-types';
import { getBrokerAccounts } from '@/features/brokers/api/get-broker-accounts';
import { accountsLoadedAtom } from '@/features/brokers/atoms/account-list-actions';
import { streamNoticesAtom } from '@/lib/network/stream-notices-atom';
import { brokerAccountsAtom } from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';
import { tradingModeOf } from '@/lib/trading/trading-mode';

/**
 * The trader's live accounts whose broker session ended without them logging out (the broker refused the
 * token, or its time ran out): the server's `session_ended_at`, so a reload still knows. The list is read
 * once when the shell mounts and again on the price stream's `account` notices (a session lost, expired or
 * opened again on any device); never on a timer. A login through the broker's page comes back with the
 * account answered, so the list is already fresh then.
 */
export function useEndedSessions(): BrokerAccount[] {
  const told = useAtomValue(streamNoticesAtom, { store }).accounts;
  const loaded = useSetAtom(accountsLoadedAtom, { store });
  useEffect(() => {
    let current = true;
    // A failed read keeps what is known; the API layer has told the trader of the failure already.
    getBrokerAccounts().then(
      (accounts) => {
        if (current) loaded(accounts);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [told, loaded]);
  const accounts = useAtomValue(brokerAccountsAtom, { store });
  return accounts.filter((account) => tradingModeOf(account) === 'live' && (account.session_ended_at ?? null) !== null);
}
