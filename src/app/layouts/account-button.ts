import { defineMessages } from 'react-intl';

/** The account menu's button, with its menu (user-menu.tsx) or before the menu's code is here (shell-parts.tsx). */
export const accountMessages = defineMessages({
  account: { id: 'app.userMenu.account', defaultMessage: 'Account' },
});

export const accountButtonClass =
  'inline-flex size-11 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-fg';
