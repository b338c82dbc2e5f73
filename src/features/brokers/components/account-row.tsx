import CheckBadgeIcon from '@heroicons/react/20/solid/CheckBadgeIcon';
import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { TradingModeBadge } from '@/components/trading/trading-mode-badge';
import { cx } from '@/components/ui/class-names';
import type { Broker, BrokerAccount } from '@/features/brokers/api/broker-types';
import { columnMessages, columns } from '@/features/brokers/components/account-columns';
import { AccountActions, type AccountRowActions } from '@/features/brokers/components/account-actions';
import { ComplianceState } from '@/features/brokers/components/compliance-state';
import { MarketChoice } from '@/features/brokers/components/market-choice';
import { ExecutionPolicyPanel } from '@/features/brokers/components/execution-policy-panel';
import { brokerName } from '@/features/brokers/broker-names';
import { SessionActions } from '@/features/brokers/components/session-actions';
import { SessionStatus } from '@/features/brokers/components/session-status';
import { useFormat } from '@/lib/format/use-format';
import { tradingModeOf } from '@/lib/trading/trading-mode';

export type { AccountRowActions };

const messages = defineMessages({
  selected: { id: 'brokers.selected', defaultMessage: 'Selected' },
});

type AccountRowProps = AccountRowActions & {
  account: BrokerAccount;
  /** The trader's accounts: a paper account's market is one of the live ones. */
  accounts: readonly BrokerAccount[];
  broker: Broker | undefined;
  selected: boolean;
};

const label = 'text-xs font-medium text-fg-muted md:sr-only';

export function AccountRow({ account, accounts, broker, selected, onLogIn, onLogOut, loggingInId, offline, ...actions }: AccountRowProps) {
  const intl = useIntl();
  const { formatInr } = useFormat();
  const nameId = useId();
  return (
    <li
      aria-labelledby={nameId}
      className={cx(
        'relative flex flex-col gap-3 rounded-lg border bg-surface p-4 md:flex-row md:flex-wrap md:items-center md:gap-0 md:px-0 md:py-3',
        selected ? 'border-brand ring-1 ring-brand' : 'border-line',
      )}
    >
      <div className={cx('flex min-w-0 flex-col gap-1 pe-12 md:pe-3', columns.account)}>
        {/* h2: the rows sit straight under the screen's h1, and an outline must not skip a level. */}
        <h2 id={nameId} className="font-semibold text-fg break-words">
          {account.name}
        </h2>
        <p className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
          <TradingModeBadge mode={tradingModeOf(account)} />
          <span className="min-w-0 break-words">{brokerName(account.broker, broker ? [broker] : [], intl)}</span>
        </p>
        {selected ? (
          <p className="inline-flex items-center gap-1 text-sm font-medium text-brand">
            <CheckBadgeIcon aria-hidden="true" className="size-4 shrink-0" />
            {intl.formatMessage(messages.selected)}
          </p>
        ) : null}
        {tradingModeOf(account) === 'paper' ? <MarketChoice account={account} accounts={accounts} offline={offline} /> : null}
        <ExecutionPolicyPanel accountId={account.id} paper={tradingModeOf(account) === 'paper'} offline={offline} />
      </div>
      <dl className={cx('grid grid-cols-2 gap-x-4 gap-y-3 text-sm md:gap-0', columns.details)}>
        <div className={cx('flex min-w-0 flex-col gap-0.5', columns.number)}>
          <dt className={label}>{intl.formatMessage(columnMessages.number)}</dt>
          <dd className="font-mono break-all text-fg">{account.account_number}</dd>
        </div>
        <div className={cx('flex min-w-0 flex-col gap-0.5', columns.capital)}>
          <dt className={label}>{intl.formatMessage(columnMessages.capital)}</dt>
          <dd className="text-fg tabular-nums">{formatInr(account.capital)}</dd>
        </div>
        <div className={cx('col-span-2 flex min-w-0 flex-col gap-0.5', columns.session)}>
          <dt className={label}>{intl.formatMessage(columnMessages.session)}</dt>
          <dd className="flex flex-col items-start gap-2">
            <SessionStatus account={account} />
            <SessionActions
              account={account}
              broker={broker}
              onLogIn={onLogIn}
              onLogOut={onLogOut}
              loggingInId={loggingInId}
              offline={offline}
            />
          </dd>
        </div>
      </dl>
      {/* On a phone the menu sits in the card's top corner, beside the name. */}
      <div className={cx('absolute end-2 top-2 md:static', columns.actions)}>
        <AccountActions account={account} selected={selected} offline={offline} {...actions} />
      </div>
      {/* Under the row's columns, the row's whole width (the row wraps on a wide screen). */}
      {tradingModeOf(account) === 'live' ? (
        <div className="min-w-0 md:basis-full md:px-3 md:pt-3">
          <ComplianceState account={account} offline={offline} />
        </div>
      ) : null}
    </li>
  );
}
