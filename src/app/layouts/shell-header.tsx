import { useAtom } from 'jotai';
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import Bars3Icon from '@heroicons/react/24/outline/Bars3Icon';
import Cog6ToothIcon from '@heroicons/react/24/outline/Cog6ToothIcon';
import { BrandIcon, shellMessages } from '@/app/layouts/brand';
import { OfflineBadge } from '@/app/layouts/offline-badge';
import { MobileNavDrawerPart, SettingsPanelPart, UserMenu } from '@/app/layouts/shell-parts';
import { pendingClass } from '@/components/ui/later-part';
import { InstallButton } from '@/app/pwa/install-button';
import { UnreadAlertsBadge } from '@/features/alerts/components/unread-alerts-badge';
import { KillSwitchButton } from '@/features/kill-switch/components/kill-switch-button';
import { DEFAULT_HOME } from '@/app/router/paths';
import { ReplayMark } from '@/components/trading/replay-mark';
import { mobileNavOpenAtom, preferencesAtom } from '@/lib/preferences/preferences-atom';

const messages = defineMessages({
  openMenu: { id: 'app.header.openMenu', defaultMessage: 'Open menu' },
  collapseMenu: { id: 'app.header.collapseMenu', defaultMessage: 'Collapse menu' },
  expandMenu: { id: 'app.header.expandMenu', defaultMessage: 'Expand menu' },
  settings: { id: 'app.header.settings', defaultMessage: 'Layout settings' },
  home: { id: 'app.header.home', defaultMessage: 'StrikeDesk home' },
  skip: { id: 'app.header.skip', defaultMessage: 'Skip to content' },
});

// No display utility here: each button sets its own, or `hidden` and `inline-flex` would fight over it.
const iconButton = 'size-11 items-center justify-center rounded-md text-fg-muted hover:bg-surface-muted hover:text-fg';

export function ShellHeader() {
  const intl = useIntl();
  const [preferences, setPreferences] = useAtom(preferencesAtom);
  const [mobileNavOpen, setMobileNavOpen] = useAtom(mobileNavOpenAtom);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The drawer and the settings panel come after the first drawing (shell-parts.tsx); a tap before their code is
  // here is kept, and the button says it waits until they open.
  const drawerWait = MobileNavDrawerPart.useWanted(mobileNavOpen).pending;
  const { Part: SettingsPanel, pending: settingsWait } = SettingsPanelPart.useWanted(settingsOpen);
  const collapsed = preferences.navCollapsed;

  const handleToggleCollapsed = () => setPreferences({ ...preferences, navCollapsed: !collapsed });

  return (
    <header className="sticky top-0 z-30 flex h-header items-center gap-1 border-b border-line bg-surface safe-area-px [--safe-area-min:0.5rem] sm:gap-2">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2">
        {intl.formatMessage(messages.skip)}
      </a>
      <button
        type="button"
        className={`${iconButton} ${pendingClass} relative inline-flex lg:hidden`}
        onClick={() => setMobileNavOpen(true)}
        aria-label={intl.formatMessage(messages.openMenu)}
        aria-busy={drawerWait || undefined}
      >
        <Bars3Icon className="size-6" aria-hidden="true" />
        <UnreadAlertsBadge variant="dot" className="absolute top-2 end-2" />
      </button>
      {preferences.navType === 'side' && (
        <button
          type="button"
          className={`${iconButton} hidden lg:inline-flex`}
          onClick={handleToggleCollapsed}
          aria-pressed={collapsed}
          aria-label={intl.formatMessage(collapsed ? messages.expandMenu : messages.collapseMenu)}
        >
          <Bars3Icon className="size-6" aria-hidden="true" />
        </button>
      )}
      <Link to={DEFAULT_HOME} className="flex min-h-11 items-center gap-2 rounded-md px-1 font-semibold" aria-label={intl.formatMessage(messages.home)}>
        <BrandIcon className="size-7 text-brand" aria-hidden="true" />
        <span className="hidden sm:inline">{intl.formatMessage(shellMessages.brand)}</span>
      </Link>
      <div className="flex-1" />
      {/* A replay's day and minute, in the header every screen keeps in view (issue 39). */}
      <ReplayMark solid compact />
      <OfflineBadge />
      <KillSwitchButton />
      <InstallButton />
      <button
        type="button"
        className={`${iconButton} ${pendingClass} inline-flex`}
        onClick={() => setSettingsOpen(true)}
        aria-label={intl.formatMessage(messages.settings)}
        aria-busy={settingsWait || undefined}
      >
        <Cog6ToothIcon className="size-6" aria-hidden="true" />
      </button>
      <UserMenu />
      {settingsOpen && SettingsPanel && <SettingsPanel open onClose={() => setSettingsOpen(false)} />}
    </header>
  );
}
