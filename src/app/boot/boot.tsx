import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, overlaysWantedAtom, RouterScreen, type AppStart } from '@/app/app';
import { persistedAtoms } from '@/app/boot/persisted-atoms';
import { publicPageAt } from '@/app/public-pages';
import { earlyReadScreenAt } from '@/app/router/early-read-paths';
import { loginUrlFor } from '@/app/router/guards';
import { APP_BASE, DEFAULT_HOME } from '@/app/router/paths';
import { listenForInstallPrompt } from '@/app/pwa/install-prompt';
import { answerKnownLocaleQueries } from '@/i18n/known-locales';
import { preloadMessages } from '@/i18n/load-messages';
import { warmLocaleFormatters } from '@/i18n/warm-formatters';
import { onApiError } from '@/lib/api/api-error-events';
import { configureApiClientsOnDemand, loadApiClients } from '@/lib/api/clients';
import { CONFIG_URL, configRequest, fallbackRuntimeConfig } from '@/lib/api/runtime-config';
import { mayHaveStoredState } from '@/lib/persist/stored-state-probe';
import { applyPreferencesToDocument } from '@/lib/preferences/apply-preferences';
import { deviceScheme, followDeviceTheme } from '@/lib/preferences/device-theme';
import { preferencesAtom } from '@/lib/preferences/preferences-atom';
import { sessionRestoredAtom, tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';

/**
 * Starts the app: session and preferences come back from IndexedDB while index.html's splash shows, the
 * document takes the trader's theme, direction and language, and only then does React render, so there is
 * no flash of the wrong theme or of English for a French user. The backends' addresses (/config.json) are
 * not needed to paint: they are read once the trader acts, and API requests wait for them (lib/api/clients).
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
  // Requests made before the configuration is known wait for it; it is read at the first of them, or below
  // once the trader signs in or acts, never on a visit that only looks at the sign-in page.
  // A signed-in screen asks for its data as soon as it renders, and a request waits for the backends'
  // addresses and then for the API clients' code: on a visit to a signed-in address /config.json itself and
  // both modules are asked for first, before the screen's files and beside them, not one after the other
  // once the screen has rendered (issue 24: on Slow 4G each wait is a round trip of about 0.6 s).
  const signedInAddress = window.location.pathname.startsWith(`${APP_BASE}/`);
  const configAnswer = signedInAddress ? startConfigRequest() : null;
  const readConfig = configureApiClientsOnDemand(() =>
    import('@/lib/api/load-runtime-config').then(
      (module) => module.loadRuntimeConfig(configAnswer === null ? fetch : () => configAnswer),
      fallbackRuntimeConfig,
    ),
  );
  if (signedInAddress) {
    readConfig();
    loadApiClients().catch(() => undefined);
  }
  // Not awaited: sign-in is part of the entry; on a cold open of an address of the app's, its router and
  // that screen's files start downloading here, during the restore, and if the screen's are still missing at
  // the first render it shows its loading state. After the imports above have been sent (they go out a
  // microtask later): with six connections to the origin, the small files every data read waits for come
  // first, the screen's larger ones beside and after them.
  let screensLoaded = signedInAddress ? startRouterFiles() : null;
  // An options chart's first read goes out from here, once the session is restored, not from the screen table in
  // the shell's file (the largest, run last on a slow phone): its chunk is preloaded with the page (issue 61).
  const earlyReadScreen = earlyReadScreenAt(window.location.pathname);
  if (earlyReadScreen !== null) {
    const search = window.location.search;
    import('@/app/router/early-reads-at').then((reads) => reads.startEarlyReadsOf(earlyReadScreen, search)).catch(() => undefined);
  }
  await restoreStoredState();
  // The early reads of the chart screens (lib/api/early-read.ts) wait for this: tokenAtom is now what was stored.
  store.set(sessionRestoredAtom, true);
  const start = whereToStart();
  const signedInVisit = store.get(tokenAtom) !== null;
  if (start === 'app') {
    screensLoaded ??= startRouterFiles();
    warmLocaleFormatters(store.get(preferencesAtom).locale);
    // The splash stays until the router can render (a failure shows, with its retry, when it renders).
    await RouterScreen.preload().catch(() => undefined);
  }
  // A signed-in trader's screen asks for its data as soon as it renders: the addresses are read now, beside
  // the screen's files, so that those requests do not wait a round trip more for them (issue 24).
  if (store.get(tokenAtom) !== null) {
    readConfig();
    loadApiClients().catch(() => undefined);
  }
  const applyPreferences = () => applyPreferencesToDocument(store.get(preferencesAtom));
  // "As the device" keeps the theme the phone's (after the restore, which says whether the trader chose it).
  followDeviceTheme(store, deviceScheme());
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
        <App start={start} onFirstCommit={firstCommit} />
      </StrictMode>,
    ),
  );
  // What the sign-in page does not need waits until it is useful: the service worker's install downloads
  // every screen for offline use (about 1.5 MB), so a first visit starts it only once the trader has signed
  // in, never on a visit that only looks at the sign-in page (mobile data: issue 24). A browser that already
  // has the worker starts it at once, after the page has loaded, for its update checks.
  await committed;
  // Once the first screen's own files are here too (it may still be loading when the splash goes): the
  // worker's registration, the toasts and the rest below do not take connections from them (issue 24).
  await screensLoaded;
  afterLoad(() => {
    // The API clients (openapi-fetch) are not needed to paint: they come once the trader is signed in or
    // starts typing or tapping (sign-in needs them at its submit; a request made sooner loads them itself).
    // The toasts and the update offer are mounted then too (app.tsx), on a signed-in visit by its shell once
    // the screen has drawn (layouts/after-screen-drawn.ts).
    whenSignedInOrActing(() => {
      if (!signedInVisit) store.set(overlaysWantedAtom, true);
      // The router the app switches to at sign-in: here before the form is sent, so the switch shows no loading state.
      RouterScreen.preload().catch(() => undefined);
      readConfig();
      loadApiClients().catch((error: unknown) => console.error('Could not load the API clients', error));
    });
    // The notifier of failed calls and the route error screen are fetched by the signed-in shell once its screen
    // has drawn (layouts/after-screen-drawn.ts); with a worker, both are in its precache for a later failure.
    void whenWorthIt(() => {
      void import('@/app/pwa/register-service-worker').then((worker) => worker.startServiceWorker());
      if ('serviceWorker' in navigator) {
        void import('@/app/pwa/unregister-foreign-workers')
          .then((module) => module.unregisterForeignWorkers(navigator.serviceWorker))
          .catch((error: unknown) => console.error('Could not unregister an older service worker', error));
      }
    });
  });
}

/**
 * The session and preferences from IndexedDB (spec §4), before the first render. On a first visit there is
 * nothing stored: the restore code then stays out of the first visit's downloads, and loads at the first
 * change of a value it keeps (sign-in, a theme or language chosen), which it then saves (issue 24).
 */
async function restoreStoredState(): Promise<void> {
  const loadRestore = () => import('@/app/boot/restore-state');
  if (await mayHaveStoredState()) {
    await (await loadRestore()).restoreState();
    return;
  }
  const changed = new Set<unknown>();
  let loading = false;
  const unsubscribe = persistedAtoms.map((atom) =>
    store.sub(atom, () => {
      changed.add(atom);
      if (loading) return;
      loading = true;
      loadRestore().then(
        (module) => {
          for (const stop of unsubscribe) stop();
          module.persistFromNow(changed);
        },
        (error: unknown) => {
          // Offline before the service worker has the files: the next change tries again.
          loading = false;
          console.error('Could not load the code that saves the session', error);
        },
      );
    }),
  );
}

/**
 * The public pages without a router for a signed-out visitor on sign-in or registration, and on an address
 * of the app's too, after the redirect its guard would make (to sign-in, and back there after it); the app's
 * router for everything else.
 */
function whereToStart(): AppStart {
  if (store.get(tokenAtom) !== null) return 'app';
  const { pathname, search } = window.location;
  if (pathname === '/' || pathname === APP_BASE || pathname.startsWith(`${APP_BASE}/`)) {
    window.history.replaceState(null, '', loginUrlFor(pathname === '/' ? { pathname: DEFAULT_HOME, search: '' } : { pathname, search }));
  }
  return publicPageAt(window.location.pathname) === null ? 'app' : 'public';
}

/** Loads the app's router and the screens it will render at this address; settles when they are here or failed. */
function startRouterFiles(): Promise<void> {
  return new Promise<void>((resolve) =>
    setTimeout(() => {
      RouterScreen.preload().catch(() => undefined);
      import('@/app/router/app-router').then(
        (router) => router.preloadScreensAt(window.location.pathname).then(resolve),
        () => resolve(),
      );
    }, 0),
  );
}

/** /config.json's request, as load-runtime-config makes it, sent before its reader's code has arrived. */
function startConfigRequest(): Promise<Response> {
  const answer = fetch(CONFIG_URL, configRequest());
  // A failure is the reader's to handle (it falls back on the last configuration served); not unhandled here.
  answer.catch(() => undefined);
  return answer;
}

/** Runs `run` once: now when signed in or when this browser already has a service worker here, else at sign-in. */
async function whenWorthIt(run: () => void): Promise<void> {
  if ((await hasServiceWorker()) || store.get(tokenAtom) !== null) {
    run();
    return;
  }
  const unsubscribe = store.sub(tokenAtom, () => {
    if (store.get(tokenAtom) === null) return;
    unsubscribe();
    run();
  });
}

/** Runs `run` once: now when signed in, else at the first input or at sign-in, whichever comes first. */
function whenSignedInOrActing(run: () => void): void {
  if (store.get(tokenAtom) !== null) {
    run();
    return;
  }
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  const once = () => {
    unsubscribe();
    for (const name of events) window.removeEventListener(name, once);
    run();
  };
  const unsubscribe = store.sub(tokenAtom, () => {
    if (store.get(tokenAtom) !== null) once();
  });
  for (const name of events) window.addEventListener(name, once, { passive: true });
}

/** Whether this browser already has a service worker registered here (a missing or failing container: no). */
async function hasServiceWorker(): Promise<boolean> {
  const container = 'serviceWorker' in navigator ? (navigator.serviceWorker as ServiceWorkerContainer | undefined) : undefined;
  if (container === undefined) return false;
  return container.getRegistration().then(
    (found) => found !== undefined,
    () => false,
  );
}

function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
