// A live account's price feed as a paper account on it reads it (issue 38): the one door between the paper
// broker and the live brokers' tickers. The paper broker asks for quotes by the accounts' own keys
// ("NFO:NIFTY26D0126000CE", "NSE:NIFTY 50") and is told the feed's state; this file alone knows which
// broker's feed answers (Kite's ticker today: kite-broker/live-prices.ts; Upstox's joins here).
//
// A feed lives on each instance (one socket per account and instance): the instruments a paper account
// trades are followed on the instance that asks, from its first read on, beside what the price streams
// follow. Until its first tick an instrument has no quote, and a feed that is logged out or silent past
// its stale threshold ("prices delayed") answers no quote at all: paper orders never fill on an old price.
import type { Queryable } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import type { LastPrice } from '../market/market-service.ts';
import type { KiteLivePrices } from './kite-broker/live-prices.ts';
import type { Warn } from './kite-broker/instrument-load.ts';

/** `live`: open and talking; `delayed`: connecting, or silent past the threshold; `logged_out`: no session. */
export type FeedState = 'live' | 'delayed' | 'logged_out';

export type FeedRead = { state: FeedState; quotes: Record<string, LastPrice> };

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

type Watch = Awaited<ReturnType<KiteLivePrices['watch']>>;

/** What paper accounts follow on one live account's feed: only ever more while the feed is in use, one watch at a time. */
type Followed = { keys: Set<string>; watch: Watch | null; turn: Promise<void> };

/**
 * `warn` hears what failed on the way (a ticker that could not start, instruments not let go); without it
 * those are dropped: the live prices' own pass (kite-broker/live-prices.ts) logs the same failures each second.
 */
export function createLiveFeeds({ clock, kite, warn = () => undefined }: { clock: Clock; kite: KiteLivePrices; warn?: Warn }): LiveFeeds {
  const follows = new Map<number, Followed>();

  function follow(accountId: number, keys: readonly string[]): Promise<void> {
    const held = follows.get(accountId) ?? { keys: new Set<string>(), watch: null, turn: Promise.resolve() };
    follows.set(accountId, held);
    if (keys.every((key) => held.keys.has(key))) return held.turn;
    for (const key of keys) held.keys.add(key);
    const wanted = [...held.keys];
    // Watched anew with every key before the old watch lets go: the ticker never drops a followed instrument.
    held.turn = held.turn.then(async () => {
      const watch = await kite.watch(accountId, wanted, () => undefined, warn);
      const old = held.watch;
      held.watch = watch;
      if (follows.get(accountId) !== held) await watch.stop();
      await old?.stop();
    }).catch((error: unknown) => warn({ err: error, accountId }, "a paper account's instruments could not be followed on its live feed"));
    return held.turn;
  }

  /** Read from the account's row, not the ticker: a log-out on any instance counts at once, before the ticker stops. */
  async function loggedIn(q: Queryable, accountId: number): Promise<boolean> {
    const { rows } = await q.query<{ open: boolean }>(
      'SELECT session_access_token_encrypted IS NOT NULL AND session_expires_at > $2 AS open FROM broker_accounts WHERE id = $1',
      [accountId, clock()],
    );
    return rows[0]?.open === true;
  }

  return {
    async read(accountId, keys, q) {
      if (!(await loggedIn(q, accountId))) return { state: 'logged_out', quotes: {} };
      void follow(accountId, keys);
      const status = kite.status(accountId);
      if (status === null || status.delayed) return { state: 'delayed', quotes: {} };
      // What the ticker holds, whoever made it follow the instrument (a price stream of the chain, or this).
      return { state: 'live', quotes: kite.quotesOf(accountId, keys) };
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
