import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import UserCircleIcon from '@heroicons/react/24/outline/UserCircleIcon';
import { accountButtonClass, accountMessages } from '@/app/layouts/account-button';
import { topItemClass } from '@/app/layouts/nav-item-class';
import type { NavItem } from '@/app/layouts/nav-items';
import { holdsCurrent, MoreButtonFace } from '@/app/layouts/nav-more-button';
import { laterPart, pendingClass } from '@/components/ui/later-part';
import { KillSwitchDialog } from '@/features/kill-switch/components/kill-switch-button';
import { mobileNavOpenAtom } from '@/lib/preferences/preferences-atom';
import { useReplayedAt } from '@/lib/replay/use-replayed-at';
import { whenPageIdle } from '@/lib/when-page-idle';

/*
 * The shell's parts a screen does not need to draw (issue 61: the options charts' first open on a phone's 4× slower
 * CPU): the navigation drawer, the layout settings, the account and More menus, the kill switch's confirmation, the
 * replay bar and the iOS install hint, with Headless UI's dialogs, menus and popovers and the floating panels under
 * them, about two fifths of the shell's file, in files of their own (later-part.tsx). Every one is asked for once the
 * screen has drawn (preloadShellParts); what opens one stays in the shell and opens it on the first tap, as soon as
 * its code is here if the tap came first (the button says it is waiting meanwhile).
 */
export const MobileNavDrawerPart = laterPart(() => import('@/app/layouts/mobile-nav-drawer').then((module) => module.MobileNavDrawer));
export const SettingsPanelPart = laterPart(() => import('@/app/layouts/settings-panel').then((module) => module.SettingsPanel));
export const IosInstallHint = laterPart(() => import('@/app/pwa/ios-install-hint').then((module) => module.IosInstallHint));
const UserMenuPart = laterPart(() => import('@/app/layouts/user-menu').then((module) => module.UserMenu));
const NavMoreMenuPart = laterPart(() => import('@/app/layouts/nav-more-menu').then((module) => module.NavMoreMenu));
const ReplayBarPart = laterPart(() => import('@/features/replay/components/replay-bar').then((module) => module.ReplayBar));

// The kill switch's confirmation first: the one a trader may need at once.
const parts = [KillSwitchDialog, SettingsPanelPart, MobileNavDrawerPart, UserMenuPart, NavMoreMenuPart, ReplayBarPart, IosInstallHint];

/** Starts loading every part once the page has loaded and is idle (an effect: returns its clean-up). */
export function preloadShellParts(): () => void {
  return whenPageIdle(() => {
    for (const part of parts) void part.preload();
  });
}

/** The navigation drawer while it is open (the header's menu button opens it and says when it waits for it). */
export function MobileNavDrawer() {
  const open = useAtomValue(mobileNavOpenAtom);
  const { Part } = MobileNavDrawerPart.useWanted(open);
  return open && Part ? <Part /> : null;
}

/** The account menu, or its button until the menu's code is here; pressed meanwhile, the menu opens as it arrives. */
export function UserMenu() {
  const intl = useIntl();
  const [pressed, setPressed] = useState(false);
  const { Part, pending } = UserMenuPart.useWanted(pressed);
  if (Part) return <Part openAtStart={pressed} />;
  return (
    <button
      type="button"
      className={`${accountButtonClass} ${pendingClass}`}
      aria-label={intl.formatMessage(accountMessages.account)}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={pending || undefined}
      onClick={() => setPressed(true)}
    >
      <UserCircleIcon className="size-7" aria-hidden="true" />
    </button>
  );
}

/** The top bar's More menu, or its button until the menu's code is here (as the account menu above). */
export function NavMoreMenu({ items }: { items: readonly NavItem[] }) {
  const { pathname } = useLocation();
  const [pressed, setPressed] = useState(false);
  const { Part, pending } = NavMoreMenuPart.useWanted(pressed);
  if (Part) return <Part items={items} openAtStart={pressed} />;
  return (
    <button
      type="button"
      className={`${topItemClass(holdsCurrent(items, pathname))} ${pendingClass}`}
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={pending || undefined}
      onClick={() => setPressed(true)}
    >
      <MoreButtonFace items={items} />
    </button>
  );
}

/** The replay bar while a replay is open (issue 39); nothing, and none of its code, otherwise. */
export function ReplayBar() {
  const replaying = useReplayedAt() !== null;
  const { Part } = ReplayBarPart.useWanted(replaying);
  return replaying && Part ? <Part /> : null;
}
