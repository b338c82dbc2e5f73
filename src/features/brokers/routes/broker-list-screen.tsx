import LinkIcon from '@heroicons/react/24/outline/LinkIcon';
import PlusIcon from '@heroicons/react/20/solid/PlusIcon';
import { useAtom } from 'jotai';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { StaleNote } from '@/components/ui/stale-note';
import type { BrokerAccount } from '@/features/brokers/api/broker-types';
import { brokersMessages } from '@/features/brokers/brokers-messages';
import { AccountFormDialog, type FormTarget } from '@/features/brokers/components/account-form-dialog';
import { AccountList } from '@/features/brokers/components/account-list';
import { AccountsStatus } from '@/features/brokers/components/accounts-status';
import { DeleteAccountDialog } from '@/features/brokers/components/delete-account-dialog';
import { LogoutDialog } from '@/features/brokers/components/logout-dialog';
import { useBrokerAccounts } from '@/features/brokers/hooks/use-broker-accounts';
import { useStartLogin } from '@/features/brokers/hooks/use-start-login';
import { useNetworkState, useOnlineStatus } from '@/lib/network/use-online-status';
import { selectedAccountAtom } from '@/lib/session/user-profile-atoms';

const messages = defineMessages({
  emptyTitle: { id: 'brokers.emptyTitle', defaultMessage: 'Link your first broker account' },
  emptyDescription: {
    id: 'brokers.emptyDescription',
    defaultMessage:
      'Every portfolio and bot lives under a broker account. Add yours with its API key and secret, then log in to the broker each trading day.',
  },
  offline: {
    id: 'brokers.offline',
    defaultMessage: 'You are offline: accounts can be added, changed or logged in to the broker again once you are back online.',
  },
});

/** /app/broker: the trader's broker accounts, linking, editing and unlinking them, and broker login. */
export function BrokerListScreen() {
  const intl = useIntl();
  const text = intl.formatMessage;
  const { ready, asOf, error, reload, brokers, accounts } = useBrokerAccounts();
  const [selected, setSelected] = useAtom(selectedAccountAtom);
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [deleting, setDeleting] = useState<BrokerAccount | null>(null);
  const [loggingOut, setLoggingOut] = useState<BrokerAccount | null>(null);
  const { loggingInId, logIn } = useStartLogin();
  const online = useOnlineStatus();
  // Said only when the device is offline: a server that does not answer is the header badge's to say.
  const deviceOffline = useNetworkState().kind === 'offline';

  const addButton = (
    <Button onClick={() => setFormTarget({ kind: 'add' })} disabled={!online}>
      <PlusIcon aria-hidden="true" className="size-5" />
      {text(brokersMessages.addAccount)}
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={text(brokersMessages.title)}
        description={text(brokersMessages.description)}
        actions={ready && accounts.length > 0 ? addButton : undefined}
      />
      {deviceOffline && (
        <p role="status" className="rounded-md border border-line bg-surface-muted px-4 py-3 text-sm text-fg-muted">
          {text(messages.offline)}
        </p>
      )}
      {asOf !== null && <StaleNote asOf={asOf} />}
      {!ready ? (
        <AccountsStatus error={error} onRetry={() => void reload()} />
      ) : accounts.length === 0 ? (
        <EmptyState icon={LinkIcon} title={text(messages.emptyTitle)} description={text(messages.emptyDescription)} action={addButton} />
      ) : (
        <AccountList
          accounts={accounts}
          brokers={brokers}
          selectedId={selected?.id ?? null}
          onSelect={setSelected}
          onEdit={(account) => setFormTarget({ kind: 'edit', account })}
          onDelete={setDeleting}
          onLogIn={logIn}
          onLogOut={setLoggingOut}
          loggingInId={loggingInId}
          // The last-known copy is read-only: nothing on it can be acted on until the server answers.
          offline={!online || asOf !== null}
        />
      )}
      <AccountFormDialog target={formTarget} brokers={brokers} onClose={() => setFormTarget(null)} />
      <DeleteAccountDialog account={deleting} onClose={() => setDeleting(null)} />
      <LogoutDialog account={loggingOut} onClose={() => setLoggingOut(null)} />
    </div>
  );
}
