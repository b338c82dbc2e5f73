import { useSetAtom } from 'jotai';
import { defineMessages } from 'react-intl';
import type { BrokerAccount } from '@/features/brokers/api/broker-types';
import { createBrokerAccount } from '@/features/brokers/api/create-broker-account';
import { updateBrokerAccount } from '@/features/brokers/api/update-broker-account';
import { accountAddedAtom, accountUpdatedAtom } from '@/features/brokers/atoms/account-list-actions';
import { changesFrom, toCreate, type AccountValues } from '@/features/brokers/components/account-form-schema';
import { useOperation } from '@/lib/api/use-operation';
import { notify } from '@/lib/notify/notify';

const messages = defineMessages({
  added: { id: 'brokers.accountAdded', defaultMessage: 'Account added' },
  updated: { id: 'brokers.accountUpdated', defaultMessage: 'Account updated' },
  nowSelected: {
    id: 'brokers.accountNowSelected',
    defaultMessage: '{number} is now the selected account: the desk, positions and orders show it.',
  },
  otherSelected: {
    id: 'brokers.accountOtherSelected',
    defaultMessage: '{selected} stays the selected account; choose Select on {number} to trade on it.',
  },
});

/** Creates the account (no `account`) or saves the changes to it; the list follows the spec §4 rules. */
export function useSaveAccount(account: BrokerAccount | undefined) {
  const create = useOperation(createBrokerAccount);
  const update = useOperation(updateBrokerAccount);
  const addAccount = useSetAtom(accountAddedAtom);
  const replaceAccount = useSetAtom(accountUpdatedAtom);

  /** Resolves true once saved; false after a refusal or failure (see `error`). */
  const save = async (values: AccountValues): Promise<boolean> => {
    if (account) {
      const saved = await update.run(account.id, changesFrom(values, account));
      if (!saved) return false;
      replaceAccount(saved);
      notify({ kind: 'success', title: messages.updated });
      return true;
    }
    const body = toCreate(values);
    const created = body ? await create.run(body) : undefined;
    if (!created) return false;
    // Never silently: the trader is told whether the screens now show the new account or still the other one.
    const selected = addAccount(created);
    const accounts = { number: created.account_number, selected: selected.account_number };
    notify({ kind: 'success', title: messages.added, description: selected.id === created.id ? messages.nowSelected : messages.otherSelected, values: accounts });
    return true;
  };

  const operation = account ? update : create;
  return { save, loading: operation.loading, error: operation.error };
}
