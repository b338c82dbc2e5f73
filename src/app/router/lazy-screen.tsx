import { lazy, Suspense, useState, type ComponentType } from 'react';
import { ChunkErrorBoundary } from '@/app/router/chunk-error-boundary';
import { loadChunk } from '@/app/router/load-chunk';
import { ScreenLoading } from '@/app/errors/screen-loading';

type Loader = () => Promise<ComponentType>;

/**
 * Wraps a screen module as its own lazily loaded chunk (Vite splits each dynamic import), with the
 * spec's load time-out and a retry that really fetches again (React.lazy caches a failure forever,
 * so a retry needs a fresh lazy component).
 */
export function lazyScreen(chunk: string, load: Loader): ComponentType {
  const makeLazy = () => lazy(() => loadChunk(chunk, load).then((Screen) => ({ default: Screen })));
  const current = { Lazy: makeLazy() };

  function LazyScreen() {
    const [, setAttempt] = useState(0);
    const handleRetry = () => {
      current.Lazy = makeLazy();
      setAttempt((attempt) => attempt + 1);
    };
    const { Lazy } = current;
    return (
      <ChunkErrorBoundary chunk={chunk} onRetry={handleRetry}>
        <Suspense fallback={<ScreenLoading />}>
          <Lazy />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  LazyScreen.displayName = `LazyScreen(${chunk})`;
  return LazyScreen;
}
