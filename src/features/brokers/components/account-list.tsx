import { useIntl } from 'react-intl';
import type { Broker, BrokerAccount } from '@/features/brokers/api/broker-types';
import { columnMessages, columns } from '@/features/brokers/components/account-columns';
import { AccountRow, type AccountRowActions } from '@/features/brokers/components/account-row';

type AccountListProps = AccountRowActions & {
  accounts: readonly BrokerAccount[];
  brokers: readonly Broker[];
  selectedId: number | null;
};

/**
 * Cards on a phone; from 768 px, rows under a header that lines up like a table. Each card labels its own
 * values, so the header is only drawn for sighted users and screen readers hear the labels instead.
 */
export function AccountList({ accounts, brokers, selectedId, ...actions }: AccountListProps) {
  const intl = useIntl();
  const text = intl.formatMessage;
  return (
    <div className="flex flex-col gap-2">
      <div aria-hidden="true" className="hidden text-sm font-medium text-fg-muted md:flex md:items-end md:pb-1">
        <span className={columns.account}>{text(columnMessages.account)}</span>
        <span className={columns.details}>
          <span className={columns.number}>{text(columnMessages.number)}</span>
          <span className={columns.capital}>{text(columnMessages.capital)}</span>
          <span className={columns.session}>{text(columnMessages.session)}</span>
        </span>
        <span className={`${columns.actions} text-end`}>{text(columnMessages.actions)}</span>
      </div>
      <ul aria-label={text(columnMessages.list)} className="flex flex-col gap-3 md:gap-2">
        {accounts.map((account) => (
          <AccountRow
            key={account.id}
            account={account}
            accounts={accounts}
            broker={brokers.find((broker) => broker.name === account.broker)}
            selected={account.id === selectedId}
            {...actions}
          />
        ))}
      </ul>
    </div>
  );
}
