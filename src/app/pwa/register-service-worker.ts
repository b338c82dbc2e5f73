/**
 * Registers the service worker and offers updates without ever forcing them: a new version waits until
 * the trader accepts (UpdatePrompt → acceptUpdate), then the page reloads once, when the new worker has
 * taken control. A mid-session reload could interrupt an order being placed, so it is never automatic.
 *
 * A page without a service worker is a normal case, not an error: private windows, browsers or policies
 * that block workers, insecure origins and some webviews give no `navigator.serviceWorker`, or one whose
 * `register` rejects or resolves nothing. The app then simply runs online only, and says nothing.
 */
import { Workbox } from 'workbox-window';
import { SERVICE_WORKER_URL } from '@/app/pwa/unregister-foreign-workers';
import { updateAvailableAtom } from '@/app/pwa/update-available-atom';
import { store } from '@/lib/store';

export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export type ServiceWorkerOptions = {
  scriptUrl?: string;
  /** How the page reloads; tests replace it (jsdom cannot navigate). */
  reload?: () => void;
  updateCheckIntervalMs?: number;
};

export type ServiceWorkerHandle = {
  acceptUpdate: () => void;
  checkForUpdate: () => Promise<void>;
  stop: () => void;
  /** Resolves true once the worker is registered, false when this browser gives none. Never rejects. */
  registered: Promise<boolean>;
};

let current: ServiceWorkerHandle | null = null;

/** The browser's service worker container, or undefined where there is none (the property can be missing or empty). */
export function serviceWorkerContainer(): ServiceWorkerContainer | undefined {
  return 'serviceWorker' in navigator ? (navigator.serviceWorker ?? undefined) : undefined;
}

function unavailable(reload: () => void): ServiceWorkerHandle {
  return { acceptUpdate: reload, checkForUpdate: () => Promise.resolve(), stop: () => undefined, registered: Promise.resolve(false) };
}

/** Registers the worker (scope '/', a classic script: the build emits an IIFE) and wires the update flow. */
export function registerServiceWorker(options: ServiceWorkerOptions = {}): ServiceWorkerHandle {
  const {
    scriptUrl = SERVICE_WORKER_URL,
    reload = () => window.location.reload(),
    updateCheckIntervalMs = UPDATE_CHECK_INTERVAL_MS,
  } = options;
  current?.stop();
  // Workbox itself touches navigator.serviceWorker as soon as it is built.
  if (!serviceWorkerContainer()) return unavailable(reload);

  const workbox = new Workbox(scriptUrl, { scope: '/' });
  let waiting = false;
  let accepted = false;
  let reloaded = false;

  const reloadOnce = () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  };

  workbox.addEventListener('waiting', () => {
    waiting = true;
    store.set(updateAvailableAtom, true);
  });

  workbox.addEventListener('controlling', (event) => {
    waiting = false;
    if (accepted) {
      reloadOnce();
    } else if (event.isUpdate) {
      // Another tab accepted the update: this page still runs the old code, so offer the reload here too.
      // (The first install also takes control, with isUpdate false: nothing to reload for.)
      store.set(updateAvailableAtom, true);
    }
  });

  // Offline or a flaky network: the next hourly or on-visible check tries again.
  const checkForUpdate = () => workbox.update().catch(() => undefined);

  const handleVisibilityChange = () => {
    if (document.visibilityState === 'visible') void checkForUpdate();
  };
  const interval = window.setInterval(() => void checkForUpdate(), updateCheckIntervalMs);
  document.addEventListener('visibilitychange', handleVisibilityChange);

  const stopChecks = () => {
    window.clearInterval(interval);
    document.removeEventListener('visibilitychange', handleVisibilityChange);
  };

  // A blocked worker rejects; one that resolves no registration makes Workbox fail reading its `waiting`.
  // Either way there is no worker to update: stop checking, and keep the console for real errors.
  const registered = workbox.register().then(
    (registration) => {
      if (registration) return true;
      stopChecks();
      return false;
    },
    () => {
      stopChecks();
      return false;
    },
  );

  const handle: ServiceWorkerHandle = {
    acceptUpdate: () => {
      accepted = true;
      // The waiting worker activates on SKIP_WAITING, claims the page, and `controlling` reloads it.
      if (waiting) workbox.messageSkipWaiting();
      else reloadOnce();
    },
    checkForUpdate,
    stop: () => {
      stopChecks();
      if (current === handle) current = null;
    },
    registered,
  };
  current = handle;
  return handle;
}

/** Call once at boot. Production builds only: the dev server has no service worker. */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !serviceWorkerContainer() || current) return;
  registerServiceWorker();
}

/** The trader accepted the update: activate the waiting version and reload once it controls the page. */
export function acceptUpdate(): void {
  current?.acceptUpdate();
}
