import { useSetAtom } from 'jotai';
import { defineMessages, type MessageValue, type NoMessageValues, useIntl } from 'react-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { BrokerAccount } from '@/features/brokers/api/broker-types';
import { logoutBrokerAccount } from '@/features/brokers/api/logout-broker-account';
import { accountUpdatedAtom } from '@/features/brokers/atoms/account-list-actions';
import { rejectionOf } from '@/features/brokers/brokers-error-text';
import { brokersMessages } from '@/features/brokers/brokers-messages';
import { useOperation } from '@/lib/api/use-operation';
import { notify } from '@/lib/notify/notify';

type Names = { readonly account: MessageValue };

const messages = defineMessages<{ readonly title: Names; readonly description: NoMessageValues; readonly done: NoMessageValues }>({
  title: { id: 'brokers.logout.title', defaultMessage: 'Log out of the broker for “{account}”?' },
  description: {
    id: 'brokers.logout.description',
    defaultMessage: 'The broker session ends now. Bots under this account cannot reach the broker until you log in to it again.',
  },
  done: { id: 'brokers.logout.done', defaultMessage: 'Logged out of the broker' },
});

type LogoutDialogProps = { account: BrokerAccount | null; onClose: () => void };

/** Asks before ending an account's broker session, then shows the account as the server answers it. */
export function LogoutDialog({ account, onClose }: LogoutDialogProps) {
  const intl = useIntl();
  const logOut = useOperation(logoutBrokerAccount);
  const replaceAccount = useSetAtom(accountUpdatedAtom);

  const handleClose = () => {
    if (logOut.loading) return;
    logOut.reset();
    onClose();
  };

  const handleConfirm = async () => {
    if (!account || logOut.loading) return;
    const updated = await logOut.run(account.id);
    if (!updated) return;
    replaceAccount(updated);
    notify({ kind: 'success', title: messages.done, description: updated.name });
    logOut.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      open={account !== null}
      title={intl.formatMessage(messages.title, { account: account?.name ?? '' })}
      description={intl.formatMessage(messages.description)}
      confirmLabel={intl.formatMessage(brokersMessages.logOut)}
      busy={logOut.loading}
      error={rejectionOf(logOut.error, intl)?.text}
      onConfirm={() => void handleConfirm()}
      onClose={handleClose}
    />
  );
}
