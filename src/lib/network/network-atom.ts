/**
 * The app's network state in the one store (rules in network-state.ts). Everything that talks to the server
 * reports here: the API middleware after each request, the price stream, and the probe below. While anything
 * on screen watches the state, the browser's online/offline events are followed and, when the server stops
 * answering, a cheap health probe asks again (half a second, then twice as long each time, at most 15 s apart) so the app learns that it is back even
 * on a screen that makes no request of its own.
 */
import { atom } from 'jotai';
import { runtimeConfig } from '@/lib/api/clients';
import {
  eventOfResponse,
  initialNetworkState,
  nextNetworkState,
  probeDelayMs,
  type NetworkEvent,
  type NetworkState,
} from '@/lib/network/network-state';
import { store } from '@/lib/store';

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine);

const stateAtom = atom<NetworkState>(initialNetworkState(browserOnline(), Date.now()));
stateAtom.onMount = () => watchNetwork();

/** Read-only for screens: only reports change it. */
export const networkStateAtom = atom((get) => get(stateAtom));

export function reportNetwork(event: NetworkEvent): void {
  const current = store.get(stateAtom);
  const next = nextNetworkState(current, event);
  if (next !== current) store.set(stateAtom, next);
}

/** The server answered (whatever it said); `body`: a failed response's JSON, which tells the server's 503 from a gateway's. */
export const reportAnswered = (response?: Pick<Response, 'status' | 'headers'>, body?: unknown): void =>
  reportNetwork(response === undefined ? { type: 'answered', at: Date.now() } : eventOfResponse(response, Date.now(), body));

/** Nothing came back from the server. */
export const reportUnanswered = (): void => reportNetwork({ type: 'failed', at: Date.now() });

const probeTimeoutMs = 10_000;

/** One GET of the health endpoint: no session, no side effect, never cached (the worker leaves /api/ alone). */
async function probe(): Promise<void> {
  try {
    const response = await fetch(`${runtimeConfig().apiBaseUrl}/api/health/`, { cache: 'no-store', signal: AbortSignal.timeout(probeTimeoutMs) });
    reportAnswered(response);
  } catch {
    reportUnanswered();
  }
}

function watchNetwork(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let watching = true;
  const schedule = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!watching) return;
    if (store.get(stateAtom).kind !== 'unreachable') {
      attempt = 0;
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      void probe().then(() => {
        attempt += 1;
        schedule();
      });
    }, probeDelayMs(attempt));
  };
  const handleOnline = () => reportNetwork({ type: 'browser-online', at: Date.now() });
  const handleOffline = () => reportNetwork({ type: 'browser-offline', at: Date.now() });
  window.addEventListener('online', handleOnline);
  window.addEventListener('offline', handleOffline);
  // The browser may have changed its mind before anything watched.
  if (browserOnline()) handleOnline();
  else handleOffline();
  const unsubscribe = store.sub(stateAtom, schedule);
  schedule();
  return () => {
    watching = false;
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('online', handleOnline);
    window.removeEventListener('offline', handleOffline);
  };
}
