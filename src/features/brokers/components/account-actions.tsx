import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import ArrowRightEndOnRectangleIcon from '@heroicons/react/20/solid/ArrowRightEndOnRectangleIcon';
import CheckBadgeIcon from '@heroicons/react/20/solid/CheckBadgeIcon';
import EllipsisVerticalIcon from '@heroicons/react/20/solid/EllipsisVerticalIcon';
import PencilSquareIcon from '@heroicons/react/20/solid/PencilSquareIcon';
import TrashIcon from '@heroicons/react/20/solid/TrashIcon';
import type { ComponentType, ReactNode } from 'react';
import { defineMessage, defineMessages, type MessageValue, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/class-names';
import type { Broker, BrokerAccount } from '@/features/brokers/api/broker-types';
import { brokersMessages } from '@/features/brokers/brokers-messages';
import { isSessionOpen } from '@/features/brokers/session-open';
import { brokerLoginUrl } from '@/features/brokers/start-broker-login';
import { commonMessages } from '@/i18n/common-messages';

type Named = { account: MessageValue };
const moreLabel = defineMessage<Named>({ id: 'brokers.moreActions', defaultMessage: 'Actions for {account}' });
const logInLabel = defineMessage<Named>({ id: 'brokers.logInAccount', defaultMessage: 'Log in to broker: {account}' });

const messages = defineMessages({
  select: { id: 'brokers.select', defaultMessage: 'Select' },
  noLoginPage: { id: 'brokers.noLoginPage', defaultMessage: 'This broker has no login page.' },
});

export type AccountRowActions = {
  onSelect: (account: BrokerAccount) => void;
  onEdit: (account: BrokerAccount) => void;
  onDelete: (account: BrokerAccount) => void;
  onLogIn: (account: BrokerAccount, url: string) => void;
  /** The account whose broker login page is opening, if any. */
  loggingInId: number | null;
};

type AccountActionsProps = AccountRowActions & { account: BrokerAccount; broker: Broker | undefined; selected: boolean };

export function AccountActions(props: AccountActionsProps) {
  const { account, broker, selected, onSelect, onEdit, onDelete, onLogIn, loggingInId } = props;
  const intl = useIntl();
  const text = intl.formatMessage;
  const url = brokerLoginUrl(broker, account);
  const loggedOut = !isSessionOpen(account);
  return (
    <div className="flex flex-wrap items-center gap-2 md:justify-end">
      {loggedOut && url ? (
        <Button
          aria-label={text(logInLabel, { account: account.name })}
          busy={loggingInId === account.id}
          disabled={loggingInId !== null}
          onClick={() => onLogIn(account, url)}
          className="grow md:grow-0"
        >
          <ArrowRightEndOnRectangleIcon aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          {text(brokersMessages.logIn)}
        </Button>
      ) : null}
      {loggedOut && !url ? <p className="text-sm text-fg-muted">{text(messages.noLoginPage)}</p> : null}
      <Menu>
        <MenuButton
          aria-label={text(moreLabel, { account: account.name })}
          className="ms-auto inline-flex size-11 items-center justify-center rounded-md border border-line text-fg-muted hover:bg-surface-muted hover:text-fg md:ms-0"
        >
          <EllipsisVerticalIcon aria-hidden="true" className="size-5" />
        </MenuButton>
        <MenuItems
          anchor="bottom end"
          className="z-30 min-w-44 rounded-md border border-line bg-surface-raised p-1 shadow-lg focus:outline-none"
        >
          {selected ? null : (
            <ActionItem icon={CheckBadgeIcon} onClick={() => onSelect(account)}>
              {text(messages.select)}
            </ActionItem>
          )}
          <ActionItem icon={PencilSquareIcon} onClick={() => onEdit(account)}>
            {text(commonMessages.edit)}
          </ActionItem>
          <ActionItem icon={TrashIcon} onClick={() => onDelete(account)} danger>
            {text(commonMessages.delete)}
          </ActionItem>
        </MenuItems>
      </Menu>
    </div>
  );
}

type ActionItemProps = {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  onClick: () => void;
  danger?: boolean;
  children: ReactNode;
};

function ActionItem({ icon: Icon, onClick, danger = false, children }: ActionItemProps) {
  return (
    <MenuItem>
      <button
        type="button"
        onClick={onClick}
        className={cx(
          'flex min-h-11 w-full items-center gap-2 rounded px-3 text-start text-sm data-focus:bg-surface-muted',
          danger ? 'text-danger' : 'text-fg',
        )}
      >
        <Icon aria-hidden className="size-5 shrink-0" />
        {children}
      </button>
    </MenuItem>
  );
}
