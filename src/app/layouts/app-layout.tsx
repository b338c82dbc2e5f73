import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { ShellFooter } from '@/app/layouts/shell-footer';
import { SessionEndedBanner } from '@/app/layouts/session-ended-banner';
import { ShellHeader } from '@/app/layouts/shell-header';
import { MarketStrip } from '@/features/market/components/market-strip';
import { SideNav } from '@/app/layouts/side-nav';
import { TopNav } from '@/app/layouts/top-nav';
import { afterScreenDrawn } from '@/app/layouts/after-screen-drawn';
import { MobileNavDrawer, preloadShellParts, ReplayBar } from '@/app/layouts/shell-parts';
import { useBlankLayout } from '@/app/layouts/use-blank-layout';
import { useProfileLoader } from '@/app/session/use-profile-loader';
import { UnknownIntentsSettler } from '@/app/trading/unknown-intents-settler';
import { useOpenReplay } from '@/features/replay/model/use-open-replay';
import { FullIntlProvider } from '@/i18n/full-intl-provider';
import { requestPersistentStorage } from '@/lib/persist/device-storage';
import { preferencesAtom } from '@/lib/preferences/preferences-atom';

// New alerts as toasts while signed in: lazy, so the layout's download stays as it was; a chunk that cannot
// load (offline before the worker has it) costs the toasts, never the layout.
const AlertsNotifier = lazy(() =>
  import('@/features/alerts/components/alerts-notifier').then((m) => ({ default: m.AlertsNotifier }), () => ({ default: () => null })),
);

/**
 * The full layout of signed-in pages (spec §2, §9): header 70 px, footer 60 px, side navigation 250 px
 * (80 px collapsed) or a top navigation bar from 992 px up, a drawer below that, content at most 1400 px.
 * Blank-layout routes get the page alone.
 */
export function AppLayout() {
  const blank = useBlankLayout();
  useProfileLoader();
  // A replay open on the server (issue 39) is read back at once: the screens then run on its clock.
  useOpenReplay();
  // Signed in: ask the browser to keep the snapshots a trader relies on offline (settings show the answer).
  useEffect(() => {
    void requestPersistentStorage();
  }, []);
  // The menus, dialogs and replay bar once the screen has drawn (shell-parts.tsx).
  useEffect(preloadShellParts, []);
  // The toasts' region and the code only a failure needs, once the screen has drawn (after-screen-drawn.ts).
  useEffect(afterScreenDrawn, []);
  const { navType, navCollapsed } = useAtomValue(preferencesAtom);

  if (blank) {
    return (
      <main id="main" className="min-h-dvh">
        <Outlet />
        <UnknownIntentsSettler />
      </main>
    );
  }

  const sideNav = navType === 'side';
  const navWidth = navCollapsed ? 'lg:ps-nav-collapsed' : 'lg:ps-nav';
  return (
    <div className="min-h-dvh">
      <ShellHeader />
      {sideNav ? <SideNav collapsed={navCollapsed} /> : <TopNav />}
      <MobileNavDrawer />
      <div className={`flex min-h-[calc(100dvh-var(--spacing-header))] flex-col ${sideNav ? navWidth : ''}`}>
        <ReplayBar />
        <MarketStrip />
        <SessionEndedBanner />
        <main id="main" className="mx-auto w-full max-w-content flex-1 px-3 py-4 sm:px-6 sm:py-6">
          <Outlet />
        </main>
        <ShellFooter />
      </div>
      <Suspense fallback={null}><AlertsNotifier /></Suspense>
      <UnknownIntentsSettler />
    </div>
  );
}

/**
 * The layout as the router shows it: inside every formatter of react-intl (full-intl-provider.tsx). The app's
 * own provider formats messages only, which is all the public pages need (i18n/message-intl.ts).
 */
export function SignedInShell() {
  return (
    <FullIntlProvider>
      <AppLayout />
    </FullIntlProvider>
  );
}
