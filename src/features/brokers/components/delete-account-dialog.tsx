import { useSetAtom } from 'jotai';
import { defineMessages, type MessageValue, type NoMessageValues, useIntl } from 'react-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { BrokerAccount } from '@/features/brokers/api/broker-types';
import { deleteBrokerAccount } from '@/features/brokers/api/delete-broker-account';
import { accountRemovedAtom } from '@/features/brokers/atoms/account-list-actions';
import { rejectionOf } from '@/features/brokers/brokers-error-text';
import { isApiError } from '@/lib/api/api-error';
import { useOperation } from '@/lib/api/use-operation';
import { notify } from '@/lib/notify/notify';

type Names = { readonly account: MessageValue; readonly number: MessageValue };

const messages = defineMessages<{
  readonly title: Names;
  readonly description: Names;
  readonly confirm: NoMessageValues;
  readonly deleted: NoMessageValues;
}>({
  title: { id: 'brokers.delete.title', defaultMessage: 'Delete “{account}”?' },
  description: {
    id: 'brokers.delete.description',
    defaultMessage:
      'Unlinking “{account}” ({number}) also deletes its portfolios and bots. This cannot be undone.',
  },
  confirm: { id: 'brokers.delete.confirm', defaultMessage: 'Delete account' },
  deleted: { id: 'brokers.accountDeleted', defaultMessage: 'Account deleted' },
});

/** An account already gone (deleted on another device) is as good as deleted here: the list drops it too. */
async function deleteAccount(id: number): Promise<true> {
  try {
    await deleteBrokerAccount(id);
  } catch (error) {
    if (!isApiError(error) || error.kind !== 'not_found') throw error;
  }
  return true;
}

type DeleteAccountDialogProps = { account: BrokerAccount | null; onClose: () => void };

/** Asks before unlinking an account, naming it and what goes with it. */
export function DeleteAccountDialog({ account, onClose }: DeleteAccountDialogProps) {
  const intl = useIntl();
  const text = intl.formatMessage;
  const remove = useOperation(deleteAccount);
  const removeAccount = useSetAtom(accountRemovedAtom);
  const names = { account: account?.name ?? '', number: account?.account_number ?? '' };

  const handleClose = () => {
    if (remove.loading) return;
    remove.reset();
    onClose();
  };

  const handleConfirm = async () => {
    if (!account || remove.loading) return;
    if (!(await remove.run(account.id))) return;
    removeAccount(account.id);
    notify({ kind: 'success', title: messages.deleted });
    remove.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      open={account !== null}
      title={text(messages.title, names)}
      description={text(messages.description, names)}
      confirmLabel={text(messages.confirm)}
      busy={remove.loading}
      error={rejectionOf(remove.error, intl)?.text}
      onConfirm={() => void handleConfirm()}
      onClose={handleClose}
    />
  );
}
