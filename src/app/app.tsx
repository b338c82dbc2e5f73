import { Provider, useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from '@/app/router/routes';
import { I18nProvider } from '@/i18n/i18n-provider';
import { preferencesAtom } from '@/lib/preferences/preferences-atom';
import { store } from '@/lib/store';

const router = createBrowserRouter(routes);

// Neither is needed to paint the first screen (notifications wait in their atom; an update is offered
// long after start), so they load alongside it instead of before it.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));
const UpdatePrompt = lazy(() => import('@/app/pwa/update-prompt').then((module) => ({ default: module.UpdatePrompt })));

function LocalizedApp() {
  const { locale } = useAtomValue(preferencesAtom);
  return (
    <I18nProvider locale={locale}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Toaster />
        <UpdatePrompt />
      </Suspense>
    </I18nProvider>
  );
}

export function App() {
  return (
    <Provider store={store}>
      <LocalizedApp />
    </Provider>
  );
}
