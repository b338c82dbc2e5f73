/**
 * The price feed's last quotes, kept on the device (issue 36). Offline, Market view showed its last snapshot
 * with its time while the dashboard's index tiles said "No price": the feed held nothing after a reload.
 * Now what the feed last held is written to the device as prices arrive (at most every 10 s), and read back
 * when none can arrive (the device offline, the server unreachable): the indices and contracts show their last
 * price with its age. Never on a healthy start: a live price is always the first shown then.
 * User data (what the trader watched): written only while signed in, cleared at sign-out with the rest.
 */
import type { PriceFeed, Quote } from '@/features/market/feed/price-feed';
import { networkStateAtom } from '@/lib/network/network-atom';
import { readSnapshot, saveSnapshot } from '@/lib/persist/snapshot';
import { openReplay } from '@/lib/replay/replay-atom';
import { tokenAtom } from '@/lib/session/auth-atoms';
import type { store as appStore } from '@/lib/store';

export const keptQuotesName = 'market:last-quotes';
export const keepEveryMs = 10_000;

/** The market's copy, or an open replay's own (issue 39): a replayed day's quotes never stand in for today's. */
export function keptQuotesNameNow(): string {
  const replay = openReplay();
  return replay === null ? keptQuotesName : `${keptQuotesName}:replay:${replay.id}`;
}

type Store = typeof appStore;

/**
 * Writes the feed's quotes to the device as prices arrive: the first at once (a trader who reloads or leaves
 * within seconds still leaves a copy), then at most one write per `every` with the newest.
 */
export function keepQuotes(feed: Pick<PriceFeed, 'quotesHeld' | 'lastPriceAtAtom'>, store: Store, every = keepEveryMs): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let due = false;
  const write = () => {
    if (store.get(tokenAtom) !== null) saveSnapshot(keptQuotesNameNow(), feed.quotesHeld());
  };
  const wait = () => {
    timer = setTimeout(() => {
      timer = null;
      if (!due) return;
      due = false;
      write();
      wait();
    }, every);
  };
  const unsubscribe = store.sub(feed.lastPriceAtAtom, () => {
    if (timer !== null) {
      due = true;
      return;
    }
    write();
    wait();
  });
  return () => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
  };
}

/** Reads the device's quotes back into the feed. */
export async function restoreKeptQuotes(feed: Pick<PriceFeed, 'restore'>): Promise<void> {
  const name = keptQuotesNameNow();
  const kept = await readSnapshot<Record<string, Quote>>(name);
  // A replay opened or ended while the device answered: that copy is another market's.
  if (keptQuotesNameNow() !== name) return;
  if (kept !== null && typeof kept.value === 'object' && kept.value !== null) feed.restore(kept.value);
}

/** Restores whenever no price can arrive: the device offline, or the server not answering. */
export function restoreWhenCut(feed: Pick<PriceFeed, 'restore'>, store: Store): () => void {
  const check = () => {
    if (store.get(networkStateAtom).kind !== 'reachable') void restoreKeptQuotes(feed);
  };
  check();
  return store.sub(networkStateAtom, check);
}
