// A live account's price feed as a paper account on it reads it (issue 38): the one door between the paper
// broker and the live brokers' tickers. The paper broker asks for quotes by the accounts' own keys
// ("NFO:NIFTY26D0126000CE", "NSE:NIFTY 50") and is told the feed's state; this file alone knows which
// broker's feed answers (the account's broker's live prices, live/live-prices.ts: Kite's ticker, Upstox's
// market feed v3).
//
// A feed lives on each instance (one socket per account and instance): the instruments a paper account
// trades are followed on the instance that asks, from its first read on, beside what the price streams
// follow. Until its first tick an instrument has no quote, and a feed that is logged out or silent past
// its stale threshold ("prices delayed") answers no quote at all: paper orders never fill on an old price.
import type { Queryable } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import type { LastPrice } from '../market/market-service.ts';
import type { LivePrices, Warn } from './live/live-prices.ts';

/** `live`: open and talking; `delayed`: connecting, or silent past the threshold; `logged_out`: no session. */
export type FeedState = 'live' | 'delayed' | 'logged_out';

/**
 * `quotes`: the fresh ones (none unless live). `last`: what the feed last gave of each key whatever its state (none
 * when logged out, or before its first tick on this instance): what an after-market order is checked against while
 * a feed that goes quiet out of hours says nothing (feed-prices.ts). `unstreamed`: those of the keys the broker was
 * asked for and does not stream (not in its instrument master, or past its cap: issue 64), which waiting will never
 * price; a key not looked up yet is not among them.
 */
export type FeedRead = { state: FeedState; quotes: Record<string, LastPrice>; last: Record<string, LastPrice>; unstreamed: readonly string[] };

export type LiveFeeds = {
  /**
   * The feed's quotes of `keys` and its state; no quotes unless it is live. Reads through `q` (the caller's
   * transaction, if any) and never waits for the feed's own queries: an instrument not followed yet is asked
   * for in the background and has no quote until its first tick.
   */
  read: (accountId: number, keys: readonly string[], q: Queryable) => Promise<FeedRead>;
  /** Follows `keys` on the account's feed from now on; answers once the feed has asked for them. Outside transactions only. */
  follow: (accountId: number, keys: readonly string[]) => Promise<void>;
  /** Stops following for paper accounts what feeds no paper account is on any more. */
  keepOnly: (accountIds: ReadonlySet<number>) => void;
};

type Watch = Awaited<ReturnType<LivePrices['watch']>>;

/** What paper accounts follow on one live account's feed: only ever more while the feed is in use, one watch at a time. */
type Followed = { keys: Set<string>; watch: Watch | null; turn: Promise<void> };

/**
 * `prices`: each live broker's, by its slug. `warn` hears what failed on the way (a feed that could not start,
 * instruments not let go); without it those are dropped: the live prices' own pass logs the same failures each
 * second.
 */
export function createLiveFeeds({ db, clock, prices, warn = () => undefined }: { db: Queryable; clock: Clock; prices: Readonly<Record<string, LivePrices>>; warn?: Warn }): LiveFeeds {
  const follows = new Map<number, Followed>();
  /** Each feed account's broker's live prices (an account never changes broker). */
  const brokers = new Map<number, LivePrices>();

  async function pricesOf(accountId: number, q: Queryable = db): Promise<LivePrices | null> {
    const known = brokers.get(accountId);
    if (known !== undefined) return known;
    const { rows } = await q.query<{ slug: string }>('SELECT b.slug FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id WHERE a.id = $1', [accountId]);
    const found = prices[rows[0]?.slug ?? ''];
    if (found !== undefined) brokers.set(accountId, found);
    return found ?? null;
  }

  function follow(accountId: number, keys: readonly string[]): Promise<void> {
    const held = follows.get(accountId) ?? { keys: new Set<string>(), watch: null, turn: Promise.resolve() };
    follows.set(accountId, held);
    if (keys.every((key) => held.keys.has(key))) return held.turn;
    for (const key of keys) held.keys.add(key);
    const wanted = [...held.keys];
    // Watched anew with every key before the old watch lets go: the ticker never drops a followed instrument.
    held.turn = held.turn.then(async () => {
      const feed = await pricesOf(accountId);
      if (feed === null) return;
      const watch = await feed.watch(accountId, wanted, () => undefined, warn);
      const old = held.watch;
      held.watch = watch;
      if (follows.get(accountId) !== held) await watch.stop();
      await old?.stop();
    }).catch((error: unknown) => warn({ err: error, accountId }, "a paper account's instruments could not be followed on its live feed"));
    return held.turn;
  }

  /** Read from the account's row, not the feed: a log-out on any instance counts at once, before the ticker stops. */
  async function loggedIn(q: Queryable, accountId: number): Promise<boolean> {
    const { rows } = await q.query<{ open: boolean }>(
      'SELECT session_access_token_encrypted IS NOT NULL AND session_expires_at > $2 AS open FROM broker_accounts WHERE id = $1',
      [accountId, clock()],
    );
    return rows[0]?.open === true;
  }

  return {
    async read(accountId, keys, q) {
      const feed = await pricesOf(accountId, q);
      if (feed === null || !(await loggedIn(q, accountId))) return { state: 'logged_out', quotes: {}, last: {}, unstreamed: [] };
      void follow(accountId, keys);
      // What the feed holds, whoever made it follow the instrument (a price stream of the chain, or this).
      const last = feed.quotesOf(accountId, keys);
      const unstreamed = feed.unstreamedOf(accountId, keys);
      const status = feed.status(accountId);
      if (status === null || status.delayed) return { state: 'delayed', quotes: {}, last, unstreamed };
      return { state: 'live', quotes: last, last, unstreamed };
    },
    follow,
    keepOnly(accountIds) {
      for (const [accountId, held] of [...follows]) {
        if (accountIds.has(accountId)) continue;
        follows.delete(accountId);
        void held.turn.then(() => held.watch?.stop()).catch((error: unknown) => warn({ err: error, accountId }, 'a paper feed could not let go of its instruments'));
      }
    },
  };
}
