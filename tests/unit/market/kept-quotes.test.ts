// @vitest-environment node
// The feed's last quotes kept on the device (issue 36): offline, the dashboard's index tiles said "No price"
// while Market view showed its last snapshot. What the feed held is written to the device while prices flow,
// and read back, with each quote's own time, only when none can arrive.
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepQuotes, keptQuotesName, restoreKeptQuotes } from '@/features/market/feed/kept-quotes';
import { createPriceFeed, type Quote } from '@/features/market/feed/price-feed';
import type * as Snapshots from '@/lib/persist/snapshot';
import { readSnapshot, saveSnapshot } from '@/lib/persist/snapshot';
import { removeValue } from '@/lib/persist/idb-storage';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { openReplayAtom } from '@/lib/replay/replay-atom';
import { store as appStore } from '@/lib/store';
import type { components } from '@openapi/main';

type Replay = components['schemas']['Replay'];

// The device's store stays real; its writes are watched.
vi.mock('@/lib/persist/snapshot', async (importOriginal) => {
  const original: typeof Snapshots = await importOriginal();
  return { ...original, saveSnapshot: vi.fn(original.saveSnapshot) };
});

const nifty = 'NSE:NIFTY 50';
const bank = 'NSE:NIFTY BANK';
const quote = (last_price: number, timestamp = '2026-11-24T09:59:58.000Z'): Quote => ({ last_price, timestamp });

/** A feed whose stream and polls never answer (offline), frames run at once. */
function offlineFeed() {
  const store = createStore();
  const feed = createPriceFeed({
    store,
    transport: { openStream: () => Promise.reject(new Error('offline')), poll: () => Promise.reject(new Error('offline')) },
    requestFrame: (callback) => callback(),
  });
  feed.pause();
  return { store, feed };
}

beforeEach(async () => {
  await removeValue(`snapshot:${keptQuotesName}`);
  vi.mocked(saveSnapshot).mockClear();
});
afterEach(() => vi.useRealTimers());

describe('restoring the device’s quotes', () => {
  it('fills the indices a screen shows with their last price and its time, and those a screen opens later', () => {
    const { store, feed } = offlineFeed();
    const shown = feed.atomFor(nifty);
    feed.subscribe([nifty]);
    expect(store.get(shown)).toBeNull();

    feed.restore({ [nifty]: quote(26_048.54), [bank]: quote(59_223.43, '2026-11-24T10:00:01.000Z') });
    expect(store.get(shown)).toEqual(quote(26_048.54));
    // Opened afterwards (another screen): starts from its kept price, not a dash.
    expect(store.get(feed.atomFor(bank))).toEqual(quote(59_223.43, '2026-11-24T10:00:01.000Z'));
    // Not a price arriving: a page opened offline still says none comes until the connection returns.
    expect(store.get(feed.lastPriceAtAtom)).toBeNull();
  });

  it('never replaces a price this page received', () => {
    const store = createStore();
    const feed = createPriceFeed({
      store,
      transport: { openStream: () => Promise.reject(new Error('x')), poll: () => Promise.resolve({ data: {} }) },
      requestFrame: (callback) => callback(),
    });
    feed.pause();
    const shown = feed.atomFor(nifty);
    // A price that arrived (here from the tab running the connection).
    feed.setLeader(false);
    feed.fromLeader({ data: { [nifty]: quote(26_100, '2026-11-25T05:00:00.000Z') } });
    feed.restore({ [nifty]: quote(25_900) });
    expect(store.get(shown)?.last_price).toBe(26_100);
  });
});

describe('keeping the quotes on the device', () => {
  it('writes what the feed holds when prices first arrive, then at most once per 10 s, only while signed in', () => {
    vi.useFakeTimers();
    const { store, feed } = offlineFeed();
    store.set(tokenAtom, 'token-abc');
    const shown = feed.atomFor(nifty);
    feed.restore({ [nifty]: quote(26_048.54) });
    const stop = keepQuotes(feed, store as never);
    // The first prices are kept at once: a trader who reloads a few seconds in still leaves a copy.
    store.set(feed.lastPriceAtAtom, 1);
    expect(vi.mocked(saveSnapshot).mock.calls).toEqual([[keptQuotesName, { [nifty]: quote(26_048.54) }]]);
    // A burst within 10 s is one more write, with the newest.
    store.set(shown, quote(26_050.1, '2026-11-24T10:00:03.000Z'));
    store.set(feed.lastPriceAtAtom, 2);
    store.set(feed.lastPriceAtAtom, 3);
    vi.advanceTimersByTime(9_999);
    expect(saveSnapshot).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(vi.mocked(saveSnapshot).mock.calls[1]).toEqual([keptQuotesName, { [nifty]: quote(26_050.1, '2026-11-24T10:00:03.000Z') }]);
    // Nothing new: nothing written.
    vi.advanceTimersByTime(30_000);
    expect(saveSnapshot).toHaveBeenCalledTimes(2);

    // Signed out: nothing written (the device's copy is user data, cleared at sign-out).
    store.set(tokenAtom, null);
    store.set(feed.lastPriceAtAtom, 4);
    vi.advanceTimersByTime(10_000);
    expect(saveSnapshot).toHaveBeenCalledTimes(2);
    stop();
  });

  it('reads the device’s copy back into the feed', async () => {
    saveSnapshot(keptQuotesName, { [nifty]: quote(26_048.54) });
    await vi.waitFor(async () => expect(await readSnapshot(keptQuotesName)).not.toBeNull());
    const { store, feed } = offlineFeed();
    const shown = feed.atomFor(nifty);
    await restoreKeptQuotes(feed);
    expect(store.get(shown)).toEqual(quote(26_048.54));
  });

  it("never restores the live market's copy into a replay that opened while it was read", async () => {
    saveSnapshot(keptQuotesName, { [nifty]: quote(26_048.54) });
    await vi.waitFor(async () => expect(await readSnapshot(keptQuotesName)).not.toBeNull());
    const { store, feed } = offlineFeed();
    const shown = feed.atomFor(nifty);
    const reading = restoreKeptQuotes(feed);
    // The replay opens (its desk's feed cleared) before the device answers.
    appStore.set(openReplayAtom, { replay: { id: 7 } as Replay, readAt: 0, asOf: null, move: 0 });
    try {
      await reading;
      expect(store.get(shown)).toBeNull();
    } finally {
      appStore.set(openReplayAtom, null);
    }
  });
});
