import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import CheckBadgeIcon from '@heroicons/react/20/solid/CheckBadgeIcon';
import EllipsisVerticalIcon from '@heroicons/react/20/solid/EllipsisVerticalIcon';
import PencilSquareIcon from '@heroicons/react/20/solid/PencilSquareIcon';
import TrashIcon from '@heroicons/react/20/solid/TrashIcon';
import type { ComponentType, ReactNode } from 'react';
import { defineMessage, defineMessages, type MessageValue, useIntl } from 'react-intl';
import { cx } from '@/components/ui/class-names';
import type { BrokerAccount } from '@/features/brokers/api/broker-types';
import { commonMessages } from '@/i18n/common-messages';

const moreLabel = defineMessage<{ account: MessageValue }>({
  id: 'brokers.moreActions',
  defaultMessage: 'Actions for {account}',
});

const messages = defineMessages({
  select: { id: 'brokers.select', defaultMessage: 'Select' },
});

export type AccountRowActions = {
  onSelect: (account: BrokerAccount) => void;
  onEdit: (account: BrokerAccount) => void;
  onDelete: (account: BrokerAccount) => void;
  onLogIn: (account: BrokerAccount) => void;
  /** Asks to end the account's broker session. */
  onLogOut: (account: BrokerAccount) => void;
  /** The account whose broker login page is opening, if any. */
  loggingInId: number | null;
  /** Offline, nothing that needs the server can start (selecting an account is local and stays). */
  offline: boolean;
};

type AccountActionsProps = Pick<AccountRowActions, 'onSelect' | 'onEdit' | 'onDelete' | 'offline'> & {
  account: BrokerAccount;
  selected: boolean;
};

/** The account's less frequent actions, in a menu named after it: select, edit, delete. */
export function AccountActions({ account, selected, onSelect, onEdit, onDelete, offline }: AccountActionsProps) {
  const intl = useIntl();
  const text = intl.formatMessage;
  return (
    <div className="flex justify-end">
      <Menu>
        <MenuButton
          aria-label={text(moreLabel, { account: account.name })}
          className="inline-flex size-11 items-center justify-center rounded-md border border-line text-fg-muted hover:bg-surface-muted hover:text-fg"
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
          <ActionItem icon={PencilSquareIcon} onClick={() => onEdit(account)} disabled={offline}>
            {text(commonMessages.edit)}
          </ActionItem>
          <ActionItem icon={TrashIcon} onClick={() => onDelete(account)} danger disabled={offline}>
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
  disabled?: boolean;
  children: ReactNode;
};

function ActionItem({ icon: Icon, onClick, danger = false, disabled = false, children }: ActionItemProps) {
  return (
    <MenuItem disabled={disabled}>
      <button
        type="button"
        onClick={onClick}
        className={cx(
          'flex min-h-11 w-full items-center gap-2 rounded px-3 text-start text-sm data-focus:bg-surface-muted data-disabled:opacity-50',
          danger ? 'text-danger' : 'text-fg',
        )}
      >
        <Icon aria-hidden className="size-5 shrink-0" />
        {children}
      </button>
    </MenuItem>
  );
}
