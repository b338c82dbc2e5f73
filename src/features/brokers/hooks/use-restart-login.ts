import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import type { BrokerAccount } from '@/features/brokers/api/broker-types';
import { getBrokerAccounts } from '@/features/brokers/api/get-broker-accounts';
import { getBrokers } from '@/features/brokers/api/get-brokers';
import { accountsLoadedAtom } from '@/features/brokers/atoms/account-list-actions';
import { brokersAtom } from '@/features/brokers/atoms/brokers-atom';
import { usePageRestored } from '@/features/brokers/hooks/use-page-restored';
import { hasLoginPage, startBrokerLogin } from '@/features/brokers/start-broker-login';
import { localeFromIntl } from '@/i18n/locale';
import { useOperation } from '@/lib/api/use-operation';
import { store } from '@/lib/store';

type Target = BrokerAccount | null;

/** The account and its broker's login page, read fresh: the page may have been opened cold. */
async function findLoginTarget(accountId: number): Promise<Target> {
  const [brokers, accounts] = await Promise.all([getBrokers(), getBrokerAccounts()]);
  store.set(brokersAtom, brokers);
  store.set(accountsLoadedAtom, accounts);
  const account = accounts.find((candidate) => candidate.id === accountId);
  if (!account) return null;
  return hasLoginPage(brokers.find((broker) => broker.name === account.broker)) ? account : null;
}

/**
 * Starts the broker login again for the account that was logging in. `unavailable` turns true when the
 * account is no longer linked or its broker has no login page.
 */
export function useRestartLogin(accountId: number) {
  const lang = localeFromIntl(useIntl().locale);
  const find = useOperation(findLoginTarget);
  const [leaving, setLeaving] = useState(false);
  usePageRestored(useCallback(() => setLeaving(false), []));
  const [unavailable, setUnavailable] = useState(false);
  const { run } = find;

  const restart = useCallback(async () => {
    const target = await run(accountId);
    if (target === undefined) return;
    if (target === null) {
      setUnavailable(true);
      return;
    }
    setLeaving(true);
    try {
      await startBrokerLogin(target, lang);
    } catch {
      // Catalogue failures were already notified by the app; the button is offered again.
      setLeaving(false);
    }
  }, [run, accountId, lang]);

  return { restart, busy: find.loading || leaving, unavailable, error: find.error };
}
