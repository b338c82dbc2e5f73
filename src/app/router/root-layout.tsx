import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { RouteAnnouncer } from '@/app/router/route-announcer';
import { RouterAuthNavigation } from '@/app/router/router-auth-navigation';
import { titledMatch } from '@/app/router/route-handle';
import { useDocumentTitle } from '@/app/router/use-document-title';

/**
 * Wraps every route: the document title follows the screen, route changes are announced and focus the
 * new screen's heading, scroll starts at the top of a new screen (restored on Back), and the sign-in and
 * registration screens move between each other through the router.
 */
export function RootLayout() {
  const screen = titledMatch(useMatches());
  const title = useDocumentTitle(screen?.title);
  return (
    <>
      <ScrollRestoration />
      <RouterAuthNavigation>
        <Outlet />
      </RouterAuthNavigation>
      <RouteAnnouncer screenKey={screen?.id ?? null} title={title} />
    </>
  );
}
