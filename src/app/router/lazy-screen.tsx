import { lazy, Suspense, useState, type ComponentType } from 'react';
import { ChunkErrorBoundary } from '@/app/router/chunk-error-boundary';
import { loadChunk } from '@/app/router/load-chunk';
import { ScreenLoading } from '@/app/errors/screen-loading';

type Loader = () => Promise<ComponentType>;

/** A lazily loaded screen; `preload` starts loading it before it renders (boot does, for the first screen). */
export type LazyScreenComponent = ComponentType & { preload: () => Promise<unknown> };

/**
 * Wraps a screen module as its own lazily loaded chunk (Vite splits each dynamic import), with the
 * spec's load time-out and a retry that really fetches again (React.lazy caches a failure forever,
 * so a retry needs a fresh lazy component). A screen already loaded (preloaded at boot, or shown before)
 * renders at once, without a Suspense fallback in between.
 */
export function lazyScreen(chunk: string, load: Loader): LazyScreenComponent {
  const current: { loading: Promise<ComponentType> | null; Loaded: ComponentType | null } = { loading: null, Loaded: null };
  // One attempt at a time: a failure (of a preload, say) is what the screen shows until the trader retries,
  // so a chunk is never fetched more often than the reload guard of load-chunk expects.
  const fetchScreen = () => {
    current.loading ??= loadChunk(chunk, load).then((Screen) => {
      current.Loaded = Screen;
      return Screen;
    });
    return current.loading;
  };
  const makeLazy = (): ComponentType => lazy(() => fetchScreen().then((Screen) => ({ default: Screen })));
  let shared = makeLazy();

  function LazyScreen() {
    // Chosen once per mount: switching from the lazy wrapper to the loaded screen later would remount it.
    const [Screen, setScreen] = useState<ComponentType>(() => current.Loaded ?? shared);
    const handleRetry = () => {
      current.loading = null;
      shared = makeLazy();
      setScreen(() => shared);
    };
    return (
      <ChunkErrorBoundary chunk={chunk} onRetry={handleRetry}>
        <Suspense fallback={<ScreenLoading />}>
          <Screen />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  LazyScreen.displayName = `LazyScreen(${chunk})`;
  LazyScreen.preload = fetchScreen;
  return LazyScreen;
}
