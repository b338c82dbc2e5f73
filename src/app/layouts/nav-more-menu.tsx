import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import ChevronDownIcon from '@heroicons/react/20/solid/ChevronDownIcon';
import EllipsisHorizontalIcon from '@heroicons/react/24/outline/EllipsisHorizontalIcon';
import { defineMessages, useIntl } from 'react-intl';
import { NavLink, useLocation } from 'react-router-dom';
import { topItemClass } from '@/app/layouts/nav-item-class';
import type { NavItem } from '@/app/layouts/nav-items';

export const moreMessages = defineMessages({
  more: { id: 'app.nav.more', defaultMessage: 'More' },
});

const entryClass =
  'flex min-h-11 w-full items-center gap-3 rounded px-3 text-start text-sm whitespace-nowrap data-focus:bg-surface-muted aria-[current=page]:font-semibold aria-[current=page]:text-brand';

/**
 * The top bar's overflow: the items that do not fit in the row, in a keyboard-operable menu (arrows,
 * Home/End, type-ahead and Escape come from Headless UI). The button looks current when the open screen
 * is one of them, so the trader still sees where they are.
 */
export function NavMoreMenu({ items }: { items: readonly NavItem[] }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const holdsCurrent = items.some(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
  // An entry with something to say (unread alerts) marks the button too, or it would go unseen in here.
  const Badge = items.find((item) => item.Badge !== undefined)?.Badge;
  return (
    <Menu>
      <MenuButton className={topItemClass(holdsCurrent)}>
        <EllipsisHorizontalIcon className="size-5 shrink-0" aria-hidden="true" />
        <span>{intl.formatMessage(moreMessages.more)}</span>
        {Badge ? <Badge variant="dot" /> : null}
        <ChevronDownIcon className="size-4 shrink-0" aria-hidden="true" />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 max-h-[calc(100dvh-8rem)] min-w-56 overflow-y-auto rounded-md border border-line bg-surface-raised p-1 text-fg shadow-lg focus:outline-none"
      >
        {items.map(({ to, label, Icon, Badge: EntryBadge }) => (
          <MenuItem key={to}>
            <NavLink to={to} className={entryClass}>
              <Icon className="size-5 shrink-0 text-fg-muted" aria-hidden="true" />
              {intl.formatMessage(label)}
              {EntryBadge ? <EntryBadge variant="count" /> : null}
            </NavLink>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
