import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { NavLink, useLocation } from 'react-router-dom';
import { holdsCurrent, MoreButtonFace } from '@/app/layouts/nav-more-button';
import { topItemClass } from '@/app/layouts/nav-item-class';
import type { NavItem } from '@/app/layouts/nav-items';

const entryClass =
  'flex min-h-11 w-full items-center gap-3 rounded px-3 text-start text-sm whitespace-nowrap data-focus:bg-surface-muted aria-[current=page]:font-semibold aria-[current=page]:text-brand';

/**
 * The top bar's overflow: the items that do not fit in the row, in a keyboard-operable menu (arrows,
 * Home/End, type-ahead and Escape come from Headless UI). Loaded after the first drawing (shell-parts.tsx);
 * `openAtStart` when the trader pressed the button before its code was here.
 */
export function NavMoreMenu({ items, openAtStart = false }: { items: readonly NavItem[]; openAtStart?: boolean }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (openAtStart) button.current?.click();
  }, [openAtStart]);
  return (
    <Menu>
      <MenuButton ref={button} className={topItemClass(holdsCurrent(items, pathname))}>
        <MoreButtonFace items={items} />
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
