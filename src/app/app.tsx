import { Provider, useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from '@/app/router/routes';
import { I18nProvider } from '@/i18n/i18n-provider';
import { preferencesAtom } from '@/lib/preferences/preferences-atom';
import { store } from '@/lib/store';

const router = createBrowserRouter(routes);

// Neither is needed to paint the first screen (notifications wait in their atom; an update is offered
// long after start), so they load once it has painted instead of before it.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));
const UpdatePrompt = lazy(() => import('@/app/pwa/update-prompt').then((module) => ({ default: module.UpdatePrompt })));

type AppProps = {
  /** Called once the first screen has been committed: what boot leaves until then starts here. */
  onFirstCommit?: () => void;
};

/** Shows its children from the second render on: their downloads and work never delay the first screen. */
function AfterFirstCommit({ children, onFirstCommit }: AppProps & { children: ReactNode }) {
  const [committed, setCommitted] = useState(false);
  useEffect(() => {
    // A second render on purpose: that is what puts these downloads after the first screen.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setCommitted(true);
    onFirstCommit?.();
  }, [onFirstCommit]);
  return committed ? children : null;
}

function LocalizedApp({ onFirstCommit }: AppProps) {
  const { locale } = useAtomValue(preferencesAtom);
  return (
    <I18nProvider locale={locale}>
      <RouterProvider router={router} />
      <AfterFirstCommit onFirstCommit={onFirstCommit}>
        <Suspense fallback={null}>
          <Toaster />
          <UpdatePrompt />
        </Suspense>
      </AfterFirstCommit>
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
