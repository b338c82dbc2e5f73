import { lazy, Suspense } from 'react';
import { ChunkErrorPanel } from '@/app/errors/chunk-error-panel';
import { ScreenLoading } from '@/app/errors/screen-loading';

/**
 * The router's error screen is rarely seen, so it is not part of the first download: boot fetches it
 * (through the router's module, which it needs) once the page has loaded. If it cannot be fetched when it is needed (offline before the service worker has
 * it), the chunk-failure panel, which is part of the entry, offers a reload instead.
 */
export const loadRouteErrorScreen = () => import('@/app/errors/route-error-screen');

function Unavailable() {
  return <ChunkErrorPanel chunk="route-error" onRetry={() => window.location.reload()} />;
}

const Screen = lazy(() =>
  loadRouteErrorScreen().then(
    (module) => ({ default: module.RouteErrorScreen }),
    () => ({ default: Unavailable }),
  ),
);

export function LazyRouteErrorScreen() {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Screen />
    </Suspense>
  );
}
