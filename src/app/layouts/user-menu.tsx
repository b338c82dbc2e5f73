import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import ArrowLeftStartOnRectangleIcon from '@heroicons/react/24/outline/ArrowLeftStartOnRectangleIcon';
import UserCircleIcon from '@heroicons/react/24/outline/UserCircleIcon';
import { accountButtonClass, accountMessages } from '@/app/layouts/account-button';
import { LOGIN_ROUTE } from '@/app/router/paths';
import { signOut } from '@/app/session/sign-out';
import { userDataAtom } from '@/lib/session/user-profile-atoms';

const messages = defineMessages({
  settings: { id: 'app.userMenu.settings', defaultMessage: 'Profile and settings' },
  signOut: { id: 'app.userMenu.signOut', defaultMessage: 'Sign out' },
});

const itemClass =
  'flex min-h-11 w-full items-center gap-2 rounded px-3 text-start text-sm data-focus:bg-surface-muted';

/**
 * The account menu: who is signed in, their settings, sign-out. Loaded after the first drawing (shell-parts.tsx);
 * `openAtStart` when the trader pressed the button before its code was here.
 */
export function UserMenu({ openAtStart = false }: { openAtStart?: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const user = useAtomValue(userDataAtom);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (openAtStart) button.current?.click();
  }, [openAtStart]);
  const handleSignOut = async () => {
    await signOut();
    // The route guard has already sent the page to sign-in with a redirect back here; a deliberate
    // sign-out starts afresh instead.
    navigate(LOGIN_ROUTE, { replace: true });
  };
  return (
    <Menu>
      <MenuButton ref={button} className={accountButtonClass} aria-label={intl.formatMessage(accountMessages.account)}>
        <UserCircleIcon className="size-7" aria-hidden="true" />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-50 min-w-52 rounded-md border border-line bg-surface-raised p-1 shadow-lg focus:outline-none"
      >
        {user && (
          <div className="border-b border-line px-3 pt-2 pb-2.5">
            <p className="truncate text-sm font-semibold">{user.name}</p>
            <p className="truncate text-xs text-fg-muted">{user.email}</p>
          </div>
        )}
        <MenuItem>
          <Link to="/app/pages/setting/profile" className={itemClass}>
            <UserCircleIcon className="size-5" aria-hidden="true" />
            {intl.formatMessage(messages.settings)}
          </Link>
        </MenuItem>
        <MenuItem>
          <button type="button" onClick={() => void handleSignOut()} className={itemClass}>
            <ArrowLeftStartOnRectangleIcon className="size-5 rtl:-scale-x-100" aria-hidden="true" />
            {intl.formatMessage(messages.signOut)}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
