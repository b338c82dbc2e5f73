import { useSetAtom } from 'jotai';
import { defineMessages } from 'react-intl';
import type { BrokerAccount } from '@/features/brokers/api/broker-types';
import { updateBrokerAccount } from '@/features/brokers/api/update-broker-account';
import { accountUpdatedAtom } from '@/features/brokers/atoms/account-list-actions';
import { useOperation } from '@/lib/api/use-operation';
import { notify } from '@/lib/notify/notify';

const messages = defineMessages({
  saved: { id: 'brokers.market.saved', defaultMessage: 'Market changed' },
});

/** Puts a paper account on the simulated market (null) or on a live account's feed; the list follows the answer. */
export function useChooseMarket(account: Pick<BrokerAccount, 'id'>) {
  const save = useOperation(updateBrokerAccount);
  const replaceAccount = useSetAtom(accountUpdatedAtom);
  const choose = async (marketAccountId: number | null): Promise<void> => {
    const saved = await save.run(account.id, { market_account_id: marketAccountId });
    if (!saved) return;
    replaceAccount(saved);
    notify({ kind: 'success', title: messages.saved, description: saved.name });
  };
  return { choose, loading: save.loading, error: save.error };
}
