import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { preloadScreens } from '@/app/router/preload-screens';
export { loadRouteErrorScreen } from '@/app/errors/lazy-route-error-screen';
import { routes } from '@/app/router/routes';

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The app under react-router: every screen, the guards and their redirects. A chunk of its own (the first
 * visit's sign-in page runs without it: app/public-pages.tsx). The router is made at its first render, not
 * when its file loads: the file may load while a visitor is still moving between the public pages, and the
 * router reads the address it starts from once.
 */
export function RouterApp() {
  router ??= createBrowserRouter(routes);
  return <RouterProvider router={router} />;
}

/** Starts loading the screens the router will render at `pathname` (boot, on a cold open). */
export const preloadScreensAt = (pathname: string) => preloadScreens(routes, pathname);
