import { useEffect, useMemo, useSyncExternalStore, type ComponentType } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { MinimalFrame } from '@/app/layouts/minimal-frame';
import { AuthNavigationContext, type AuthNavigation, type AuthTarget } from '@/features/auth/auth-navigation';
import { AUTH_BASE } from '@/app/router/paths';
import { publicScreens } from '@/app/router/public-screens';
import { RouteAnnouncer } from '@/app/router/route-announcer';
import { screenNames } from '@/app/router/screen-names';
import { useDocumentTitle } from '@/app/router/use-document-title';

/*
 * Sign-in and registration without a router. A first visit lands on sign-in; react-router (27 KB of the
 * entry's 103 KB) and the route table are needed only once the visitor is signed in, so the two public pages
 * move between each other on the History API themselves, and the app's router takes over from there (app.tsx):
 * the first visit's download is at most 1.2× a bare React app's (issue 24). The history entries they write
 * have the shape react-router's own browser history writes (`usr` the state, `key`, `idx` the position), so
 * Back and Forward keep working once it has taken over.
 */

const pages: Record<string, { Screen: ComponentType; title: MessageDescriptor }> = {
  [`${AUTH_BASE}/login`]: { Screen: publicScreens.login, title: screenNames.signIn },
  [`${AUTH_BASE}/register`]: { Screen: publicScreens.register, title: screenNames.register },
};

/** The public page at `pathname`, or null for every address that is the app's. */
export function publicPageAt(pathname: string) {
  return pages[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname] ?? null;
}

type HistoryEntry = { usr?: unknown; key?: string; idx?: number };
type PublicLocation = { pathname: string; search: string; state: unknown };

const entryOf = (state: unknown): HistoryEntry => (typeof state === 'object' && state !== null ? (state as HistoryEntry) : {});

const listeners = new Set<() => void>();
function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('popstate', onChange);
  };
}

// The same object until the address or the history entry changes, as useSyncExternalStore requires.
let shown: { href: string; entry: unknown; location: PublicLocation } | null = null;
function currentLocation(): PublicLocation {
  const { href, pathname, search } = window.location;
  const entry: unknown = window.history.state;
  if (shown === null || shown.href !== href || shown.entry !== entry) {
    shown = { href, entry, location: { pathname, search, state: entryOf(entry).usr ?? null } };
  }
  return shown.location;
}

function go(to: AuthTarget, options: { replace?: boolean; state?: unknown } = {}): void {
  const url = `${to.pathname}${to.search ?? ''}`;
  // Nowhere else to go without the router: another address is a page load, which starts the app there.
  if (publicPageAt(to.pathname) === null) {
    window.location.assign(url);
    return;
  }
  const position = entryOf(window.history.state).idx ?? 0;
  const entry: HistoryEntry = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10), idx: options.replace ? position : position + 1 };
  if (options.replace) window.history.replaceState(entry, '', url);
  else window.history.pushState(entry, '', url);
  for (const listener of listeners) listener();
}

/**
 * The public page at the current address, framed as the app frames it (brand, language, theme), its title in
 * the tab and announced on a change as the router's screens are. `onElsewhere`: Back or Forward reached an
 * address that is the app's.
 */
export function PublicPages({ onElsewhere }: { onElsewhere: () => void }) {
  const location = useSyncExternalStore(subscribe, currentLocation, currentLocation);
  const page = publicPageAt(location.pathname);
  const title = useDocumentTitle(page?.title);
  const navigation = useMemo<AuthNavigation>(() => ({ ...location, go }), [location]);
  useEffect(() => {
    if (page === null) onElsewhere();
    else window.scrollTo(0, 0);
  }, [page, onElsewhere]);
  if (page === null) return null;
  return (
    <AuthNavigationContext value={navigation}>
      <MinimalFrame>
        <page.Screen />
      </MinimalFrame>
      <RouteAnnouncer screenKey={location.pathname} title={title} />
    </AuthNavigationContext>
  );
}
