import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { loadRouteErrorScreen } from '@/app/errors/lazy-route-error-screen';
import { restoreState } from '@/app/boot/restore-state';
import { preloadScreens } from '@/app/router/preload-screens';
import { routes } from '@/app/router/routes';
import { listenForInstallPrompt } from '@/app/pwa/install-prompt';
import { answerKnownLocaleQueries } from '@/i18n/known-locales';
import { preloadMessages } from '@/i18n/load-messages';
import { onApiError } from '@/lib/api/api-error-events';
import { configureApiClientsWhen, loadApiClients } from '@/lib/api/clients';
import { fallbackRuntimeConfig } from '@/lib/api/runtime-config';
import { applyPreferencesToDocument } from '@/lib/preferences/apply-preferences';
import { preferencesAtom } from '@/lib/preferences/preferences-atom';
import { store } from '@/lib/store';

/**
 * Starts the app: session and preferences come back from IndexedDB while index.html's splash shows, the
 * document takes the trader's theme, direction and language, and only then does React render, so there is
 * no flash of the wrong theme or of English for a French user. The backends' addresses (/config.json) are
 * not needed to paint: API requests wait for them instead (see lib/api/clients).
 */
export async function boot(container: HTMLElement): Promise<void> {
  listenForInstallPrompt();
  answerKnownLocaleQueries();
  // Settles once the first screen has been committed and painted. Whatever it does not need waits for
  // that, so neither its downloads nor its work come between the entry and the sign-in form.
  let firstCommit = () => {};
  const committed = new Promise<void>((resolve) => (firstCommit = resolve));
  // What the trader is told when a call fails is not needed to paint: its module loads after the page
  // (or at the first failure, if one comes sooner), and failures are handled in the order they came.
  const notifier = () => import('@/app/session/api-error-notifier');
  onApiError((error) => void notifier().then((module) => module.handleApiError(error)));
  // Requests made before the configuration is known wait for it.
  void configureApiClientsWhen(
    committed
      .then(() => import('@/lib/api/load-runtime-config'))
      .then((module) => module.loadRuntimeConfig(), fallbackRuntimeConfig),
  );
  // Not awaited: sign-in is part of the entry; another screen's files start downloading here, during the
  // restore, and if they are still missing at the first render the screen shows its loading state.
  void preloadScreens(routes, window.location.pathname);
  await restoreState();
  const applyPreferences = () => applyPreferencesToDocument(store.get(preferencesAtom));
  applyPreferences();
  store.sub(preferencesAtom, applyPreferences);
  // English is built in, so a failed French download still leaves a working app.
  await preloadMessages(store.get(preferencesAtom).locale).catch((error: unknown) =>
    console.error('Could not load the language catalogue', error),
  );

  // A transition, so React renders the first screen in slices and gives the main thread back between
  // them (a tap or a keystroke is not held up behind one long task); the splash stays until it commits.
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App onFirstCommit={firstCommit} />
      </StrictMode>,
    ),
  );
  // The service worker's install downloads every screen for offline use: it starts once the page has
  // loaded and the first screen is up, so it never competes with the first screen for the network or the
  // main thread.
  await committed;
  afterLoad(() => {
    void notifier();
    // Rarely needed, so not part of the entry; fetched now so that an error later finds it (see its module).
    loadRouteErrorScreen().catch(() => undefined);
    // The API clients (openapi-fetch) are not needed to paint either; a request made sooner loads them itself.
    loadApiClients().catch((error: unknown) => console.error('Could not load the API clients', error));
    void import('@/app/pwa/register-service-worker').then((worker) => worker.startServiceWorker());
    if ('serviceWorker' in navigator) {
      void import('@/app/pwa/unregister-foreign-workers')
        .then((module) => module.unregisterForeignWorkers(navigator.serviceWorker))
        .catch((error: unknown) => console.error('Could not unregister an older service worker', error));
    }
  });
}

function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
