/**
 * Registers the service worker and offers updates without ever forcing them: a new version waits until
 * the trader accepts (UpdatePrompt → acceptUpdate), then the page reloads once, when the new worker has
 * taken control. A mid-session reload could interrupt an order being placed, so it is never automatic.
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
};

let current: ServiceWorkerHandle | null = null;

/** Registers the worker (scope '/', a classic script: the build emits an IIFE) and wires the update flow. */
export function registerServiceWorker(options: ServiceWorkerOptions = {}): ServiceWorkerHandle {
  const {
    scriptUrl = SERVICE_WORKER_URL,
    reload = () => window.location.reload(),
    updateCheckIntervalMs = UPDATE_CHECK_INTERVAL_MS,
  } = options;
  current?.stop();

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

  workbox.register().catch((error: unknown) => console.error('Service worker registration failed', error));

  const handle: ServiceWorkerHandle = {
    acceptUpdate: () => {
      accepted = true;
      // The waiting worker activates on SKIP_WAITING, claims the page, and `controlling` reloads it.
      if (waiting) workbox.messageSkipWaiting();
      else reloadOnce();
    },
    checkForUpdate,
    stop: () => {
      window.clearInterval(interval);
      document.removeEventListener('visibilitychange', handleVisibilityChange);
      if (current === handle) current = null;
    },
  };
  current = handle;
  return handle;
}

/** Call once at boot. Production builds only: the dev server has no service worker. */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || current) return;
  registerServiceWorker();
}

/** The trader accepted the update: activate the waiting version and reload once it controls the page. */
export function acceptUpdate(): void {
  current?.acceptUpdate();
}
