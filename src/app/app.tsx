import { Provider, useAtomValue } from 'jotai';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { UpdatePrompt } from '@/app/pwa/update-prompt';
import { routes } from '@/app/router/routes';
import { Toaster } from '@/components/ui/toaster';
import { I18nProvider } from '@/i18n/i18n-provider';
import { preferencesAtom } from '@/lib/preferences/preferences-atom';
import { store } from '@/lib/store';

const router = createBrowserRouter(routes);

function LocalizedApp() {
  const { locale } = useAtomValue(preferencesAtom);
  return (
    <I18nProvider locale={locale}>
      <RouterProvider router={router} />
      <Toaster />
      <UpdatePrompt />
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
