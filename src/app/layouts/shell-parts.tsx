import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import UserCircleIcon from '@heroicons/react/24/outline/UserCircleIcon';
import { accountButtonClass, accountMessages } from '@/app/layouts/account-button';
import { topItemClass } from '@/app/layouts/nav-item-class';
import type { NavItem } from '@/app/layouts/nav-items';
import { holdsCurrent, MoreButtonFace } from '@/app/layouts/nav-more-button';
import { laterPart } from '@/components/ui/later-part';
import { KillSwitchDialog } from '@/features/kill-switch/components/kill-switch-button';
import { useReplayedAt } from '@/lib/replay/use-replayed-at';
import { whenPageIdle } from '@/lib/when-page-idle';

/*
 * The shell's parts a screen does not need to draw (issue 61: the options charts' first open on a phone's 4× slower
 * CPU): the navigation drawer, the layout settings, the account and More menus, the kill switch's confirmation, the
 * replay bar and the iOS install hint, with Headless UI's dialogs, menus and popovers and the floating panels under
 * them, about two fifths of the shell's file, in chunks of their own. Each loads once the screen has drawn
 * (preloadShellParts), or when first shown if that comes sooner; the menus show their button meanwhile.
 */
export const MobileNavDrawer = laterPart(() => import('@/app/layouts/mobile-nav-drawer').then((module) => module.MobileNavDrawer));
export const SettingsPanel = laterPart(() => import('@/app/layouts/settings-panel').then((module) => module.SettingsPanel));
export const IosInstallHint = laterPart(() => import('@/app/pwa/ios-install-hint').then((module) => module.IosInstallHint));
const UserMenuPart = laterPart(() => import('@/app/layouts/user-menu').then((module) => module.UserMenu));
const NavMoreMenuPart = laterPart(() => import('@/app/layouts/nav-more-menu').then((module) => module.NavMoreMenu));
const ReplayBarPart = laterPart(() => import('@/features/replay/components/replay-bar').then((module) => module.ReplayBar));

const parts = [UserMenuPart, NavMoreMenuPart, KillSwitchDialog, MobileNavDrawer, SettingsPanel, ReplayBarPart, IosInstallHint];

/** Starts loading every part once the page has loaded and is idle (an effect: returns its clean-up). */
export function preloadShellParts(): () => void {
  return whenPageIdle(() => {
    for (const part of parts) void part.preload();
  });
}

/** The account menu, or its button until the menu's code is here; pressed meanwhile, the menu opens as it arrives. */
export function UserMenu() {
  const intl = useIntl();
  const [pressed, setPressed] = useState(false);
  const button = (
    <button type="button" className={accountButtonClass} aria-label={intl.formatMessage(accountMessages.account)} aria-haspopup="menu" aria-expanded={false} onClick={() => setPressed(true)}>
      <UserCircleIcon className="size-7" aria-hidden="true" />
    </button>
  );
  return <UserMenuPart wait={!pressed} openAtStart={pressed} fallback={button} />;
}

/** The top bar's More menu, or its button until the menu's code is here (as the account menu above). */
export function NavMoreMenu({ items }: { items: readonly NavItem[] }) {
  const { pathname } = useLocation();
  const [pressed, setPressed] = useState(false);
  const button = (
    <button type="button" className={topItemClass(holdsCurrent(items, pathname))} aria-haspopup="menu" aria-expanded={false} onClick={() => setPressed(true)}>
      <MoreButtonFace items={items} />
    </button>
  );
  return <NavMoreMenuPart items={items} wait={!pressed} openAtStart={pressed} fallback={button} />;
}

/** The replay bar while a replay is open (issue 39); nothing, and none of its code, otherwise. */
export function ReplayBar() {
  return useReplayedAt() === null ? null : <ReplayBarPart />;
}
