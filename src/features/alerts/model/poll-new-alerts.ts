/**
 * While the app is open, signed in and visible: asks the feed every 10 s for what is newer than the last
 * alert seen (`after`) and hands it over, oldest first, with the server's count of unread alerts (`onUnread`,
 * for the menu's badge). The first read only learns where the feed stands: what arrived before the app was
 * opened is the feed's business, not a burst of toasts. Hidden or offline, nothing is asked; coming back
 * asks at once. A failure waits twice as long each time (up to 5 minutes), so a server in trouble is not
 * asked, and its failure not announced, every 10 s.
 *
 * While the app's price stream is open it says when a new alert was written (issue 37, a desk that pushes:
 * lib/network/stream-notices-atom.ts): the feed is asked then, and when the stream opens, instead of every
 * 10 s; the timer runs again as soon as no stream is open.
 */
import { getAlerts, type Alert } from '@/features/alerts/api/alert-calls';
import { streamNoticesAtom } from '@/lib/network/stream-notices-atom';
import { store } from '@/lib/store';

export const POLL_MS = 10_000;
const MAX_WAIT_MS = 300_000;
const PAGE = 20;

const canAsk = () => document.visibilityState === 'visible' && navigator.onLine;

export function pollNewAlerts(onNew: (alerts: Alert[]) => void, onUnread: (unread: number) => void): () => void {
  let stopped = false;
  let inFlight = false;
  let failures = 0;
  let lastId: number | null = null;
  /** Told while a read was under way (it may have started before the alert was written): one more read. */
  let askAgain = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
  };

  const tick = async () => {
    if (stopped || inFlight || !canAsk()) return;
    inFlight = true;
    try {
      const page = await getAlerts(lastId === null ? { limit: 1 } : { after: lastId, limit: PAGE });
      const seen = lastId;
      lastId = Math.max(lastId ?? 0, ...page.alerts.map((alert) => alert.id));
      if (stopped) return;
      onUnread(page.unread);
      if (seen !== null && page.alerts.length > 0) onNew([...page.alerts].sort((a, b) => a.id - b.id));
      failures = 0;
    } catch {
      failures += 1;
    } finally {
      inFlight = false;
    }
    // Told by the stream: no timer, unless the read failed (it is asked again as it would have been).
    if (stopped) return;
    if (askAgain && failures === 0) {
      askAgain = false;
      schedule(0);
    } else if (failures > 0 || !store.get(streamNoticesAtom).open) schedule(Math.min(POLL_MS * 2 ** failures, MAX_WAIT_MS));
    else clearTimeout(timer);
  };

  const resume = () => {
    if (canAsk() && !inFlight) schedule(0);
  };
  document.addEventListener('visibilitychange', resume);
  window.addEventListener('online', resume);
  // A notice (or a stream opened) asks now; a stream lost asks now and the timer follows again.
  let told = store.get(streamNoticesAtom);
  const stopTold = store.sub(streamNoticesAtom, () => {
    const now = store.get(streamNoticesAtom);
    const ask = now.alerts !== told.alerts || now.open !== told.open;
    told = now;
    if (!ask) return;
    if (inFlight) askAgain = true;
    else resume();
  });
  void tick();

  return () => {
    stopped = true;
    stopTold();
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', resume);
    window.removeEventListener('online', resume);
  };
}
