import { Provider, useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from '@/app/router/routes';
import { I18nProvider } from '@/i18n/i18n-provider';
import { preferencesAtom } from '@/lib/preferences/preferences-atom';
import { store } from '@/lib/store';

const router = createBrowserRouter(routes);

// Neither is needed to paint the first screen (notifications wait in their atom; an update is offered
// long after start), so they load once it has been painted instead of before it.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));
const UpdatePrompt = lazy(() => import('@/app/pwa/update-prompt').then((module) => ({ default: module.UpdatePrompt })));

type AppProps = {
  /** Called once the first screen has been committed and painted: what boot leaves until then starts here. */
  onFirstCommit?: () => void;
};

/** Runs `run` once the browser has painted the next frame: a timer set from inside the frame's callback. */
function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Shows its children once the first screen has been painted (not merely committed: effects run before the
 * paint), so their downloads and work never delay it.
 */
function AfterFirstPaint({ children, onFirstCommit }: AppProps & { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(
    () =>
      afterNextPaint(() => {
        setPainted(true);
        onFirstCommit?.();
      }),
    [onFirstCommit],
  );
  return painted ? children : null;
}

function LocalizedApp({ onFirstCommit }: AppProps) {
  const { locale } = useAtomValue(preferencesAtom);
  return (
    <I18nProvider locale={locale}>
      <RouterProvider router={router} />
      <AfterFirstPaint onFirstCommit={onFirstCommit}>
        <Suspense fallback={null}>
          <Toaster />
          <UpdatePrompt />
        </Suspense>
      </AfterFirstPaint>
    </I18nProvider>
  );
}

export function App({ onFirstCommit }: AppProps) {
  return (
    <Provider store={store}>
      <LocalizedApp onFirstCommit={onFirstCommit} />
    </Provider>
  );
}
