// A live account's feed holds each instrument's latest quote for the desks (account-feed.ts). Kite stamps a full-mode
// tick with the exchange's whole second and a quote-mode packet (a subscription's first answer) on arrival, to the
// millisecond; the desk keeps the quote with the newest stamp (price-feed.ts olderThanHeld). A price that moved
// within the second after a subscription's answer came stamped older than it, and the desk kept the old price
// (found by paper-on-kite-feed.spec with RELIANCE's spot, session 83).
import { describe, expect, it } from 'vitest';
import type { LastPrice } from '../../../server/services/market/market-service.ts';
import { createAccountFeed, type AccountFeedOptions, type FeedHooks } from '../../../server/services/brokers/live/account-feed.ts';

/** A feed on a fake broker link; by default the broker chooses every instrument wanted. */
function feedWithHooks(choose: AccountFeedOptions<number, string>['choose'] = async (wanted) => ({ followed: wanted.map((key, index) => ({ key, id: index + 1, mode: 'full' })) })) {
  let hooks: FeedHooks<number> | null = null;
  const subscribed = new Map<number, string>();
  const moved: string[][] = [];
  const feed = createAccountFeed<number, string>({
    accessToken: 'token',
    choose,
    open: (given) => {
      hooks = given;
      return {
        connect: () => undefined,
        subscribe: (ids, mode) => ids.forEach((id) => subscribed.set(id, mode)),
        unsubscribe: (ids) => ids.forEach((id) => subscribed.delete(id)),
        subscriptions: () => subscribed,
        state: () => 'open',
        isStale: () => false,
        close: () => undefined,
      };
    },
    onPrices: (keys) => moved.push(keys),
  });
  const send = (id: number, quote: LastPrice) => hooks!.onQuotes([[id, quote]]);
  return { feed, send, moved };
}

describe("a live account's feed", () => {
  it('holds a moved price whose stamp reads older than the held quote, stamped as the held one', async () => {
    const { feed, send, moved } = feedWithHooks();
    await feed.follow(['NSE:RELIANCE']);
    send(1, { last_price: 1311.35, timestamp: '2026-12-02T05:30:46.086Z' });
    send(1, { last_price: 1312.4, timestamp: '2026-12-02T05:30:46.000Z', bid: 1312.35, ask: 1312.45 });
    expect(feed.quotes(['NSE:RELIANCE'])['NSE:RELIANCE']).toEqual({ last_price: 1312.4, timestamp: '2026-12-02T05:30:46.086Z', bid: 1312.35, ask: 1312.45 });
    expect(moved).toEqual([['NSE:RELIANCE'], ['NSE:RELIANCE']]);
  });

  it("takes a newer quote's own stamp", async () => {
    const { feed, send } = feedWithHooks();
    await feed.follow(['NSE:RELIANCE']);
    send(1, { last_price: 1311.35, timestamp: '2026-12-02T05:30:46.086Z' });
    send(1, { last_price: 1312.4, timestamp: '2026-12-02T05:30:47.000Z' });
    expect(feed.quotes(['NSE:RELIANCE'])['NSE:RELIANCE']).toEqual({ last_price: 1312.4, timestamp: '2026-12-02T05:30:47.000Z' });
  });

  it('leaves an instrument unpriced while its broker reads its last price as 0, never at 0 or −100 %', async () => {
    const { feed, send, moved } = feedWithHooks();
    await feed.follow(['NSE:NIFTY BANK', 'NSE:NIFTY 50']);
    send(1, { last_price: 0, timestamp: '2026-11-21T04:30:00.000Z', close: 59_200, change: -59_200, change_percent: -100 });
    send(2, { last_price: 26_000, timestamp: '2026-11-21T04:30:00.000Z' });
    expect(feed.quotes(['NSE:NIFTY BANK', 'NSE:NIFTY 50'])).toEqual({ 'NSE:NIFTY 50': { last_price: 26_000, timestamp: '2026-11-21T04:30:00.000Z' } });
    expect(moved).toEqual([['NSE:NIFTY 50']]);
    // Its first real price is taken as any other.
    send(1, { last_price: 59_150.5, timestamp: '2026-11-21T04:30:01.000Z' });
    expect(feed.quotes(['NSE:NIFTY BANK'])['NSE:NIFTY BANK']).toEqual({ last_price: 59_150.5, timestamp: '2026-11-21T04:30:01.000Z' });
  });

  it('names what it was asked for and the broker did not choose (no id of its own), nothing it was not asked for, nor what it could not look up', async () => {
    const listed = new Set(['NSE:NIFTY 50', 'NFO:NIFTY26JAN26000CE']);
    const unread = new Set(['NFO:NIFTY26D0126000PE']);
    // The December put's lookup fails the first time (its file not read yet): not known, so not named.
    const { feed } = feedWithHooks(async (wanted) => ({
      followed: wanted.flatMap((key, index) => (listed.has(key) ? [{ key, id: index + 1, mode: 'full' }] : [])),
      undecided: wanted.filter((key) => unread.has(key)),
    }));
    const asked = ['NSE:NIFTY 50', 'NFO:NIFTY26JAN26000CE', 'NFO:NIFTY26D0126000CE', 'NFO:NIFTY26D0126000PE'];
    await feed.follow(asked);
    expect(feed.unfollowed([...asked, 'NFO:NIFTY26D0826000CE'])).toEqual(['NFO:NIFTY26D0126000CE']);
    // Read now, and not listed; the call listed after all (the broker's file read again): chosen, no longer named.
    unread.clear();
    listed.add('NFO:NIFTY26D0126000CE');
    await feed.follow(asked);
    expect(feed.unfollowed(asked)).toEqual(['NFO:NIFTY26D0126000PE']);
  });
});
