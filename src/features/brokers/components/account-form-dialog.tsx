import { defineMessage, defineMessages, type MessageValue, useIntl } from 'react-intl';
import { Modal } from '@/components/ui/modal';
import type { Broker, BrokerAccount } from '@/features/brokers/api/broker-types';
import { AccountForm } from '@/features/brokers/components/account-form';

const messages = defineMessages({
  addTitle: { id: 'brokers.form.addTitle', defaultMessage: 'Link a broker account' },
  addDescription: {
    id: 'brokers.form.addDescription',
    defaultMessage: 'Enter the account and the API key and secret from your broker’s developer console.',
  },
});

const editTitle = defineMessage<{ account: MessageValue }>({ id: 'brokers.form.editTitle', defaultMessage: 'Edit “{account}”' });

/** What the form dialog is open for: linking a new account, or editing one. */
export type FormTarget = { kind: 'add' } | { kind: 'edit'; account: BrokerAccount };

type AccountFormDialogProps = { target: FormTarget | null; brokers: readonly Broker[]; onClose: () => void };

export function AccountFormDialog({ target, brokers, onClose }: AccountFormDialogProps) {
  const intl = useIntl();
  const account = target?.kind === 'edit' ? target.account : undefined;
  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title={
        account
          ? intl.formatMessage(editTitle, { account: account.name })
          : intl.formatMessage(messages.addTitle)
      }
      description={account ? undefined : intl.formatMessage(messages.addDescription)}
    >
      {target ? (
        <AccountForm key={account?.id ?? 'add'} account={account} brokers={brokers} onSaved={onClose} onCancel={onClose} />
      ) : null}
    </Modal>
  );
}
