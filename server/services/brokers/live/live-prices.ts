// Live prices of one broker's logged-in accounts, on this server instance, whichever broker: one feed per
// account whose session is open (a broker allows few sockets per app: Kite three per api_key, Upstox one per
// app and user, so each instance holds at most one per account), started when its price stream first asks or by
// the next pass after a login, and stopped by the pass once the session is gone (log-out, a token error on any
// instance, the daily expiry) or at once when the feed's socket is refused the token (then the account is
// logged out as for any token error). A feed follows the indices first, then what the account's streams and
// the paper accounts on it watch. Paper accounts' own streams never come here. The broker hands in how to open
// an account's feed (account-feed.ts on its connection) and what it needs first (Kite: the day's dump).
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import type { LastPrice } from '../../market/market-service.ts';
import { createAccountFeed, type AccountFeed, type Chosen, type FeedHooks, type FeedLink } from './account-feed.ts';
import { endSessionAfterTokenError } from './session-loss.ts';

export type Warn = (details: Record<string, unknown>, message: string) => void;

/** What a broker's feed connection tells: its quotes and reconnections, a refused token, its own trouble. */
export type FeedEvents<Id> = FeedHooks<Id> & {
  /** The broker refused the token on the feed: the connection has stopped. */
  onTokenError: () => void;
  warn: Warn;
};

export type LivePricesOptions<Session extends { accountId: number; accessToken: string }, Id, Mode> = {
  db: Database;
  clock: Clock;
  /** The broker's slug (brokers.slug) and its name in the trader's texts. */
  broker: { slug: string; name: string };
  sessionOf: (accountId: number) => Promise<Session | null>;
  /** The indices' keys ("NSE:NIFTY 50"): every account's feed follows them first. */
  indexKeys: () => Promise<string[]>;
  /** Which of `wanted` (in priority order) the broker follows, by its ids and modes, within its limits. */
  choose: (wanted: readonly string[]) => Promise<Chosen<Id, Mode>>;
  /** The broker's feed connection for the session, not yet connected. */
  connect: (session: Session, events: FeedEvents<Id>) => FeedLink<Id, Mode>;
  /** What the broker needs before a feed follows instruments (Kite: the day's dump); true when it brought new ones. */
  prepare?: ((session: Session, warn: Warn) => Promise<boolean>) | undefined;
};

type Watcher = { keys: readonly string[]; onPrices: (moved: string[]) => void };

export function createLivePrices<Session extends { accountId: number; accessToken: string }, Id, Mode>(options: LivePricesOptions<Session, Id, Mode>) {
  const { db, clock, broker, sessionOf, indexKeys, choose, connect, prepare = async () => false } = options;
  const feeds = new Map<number, AccountFeed>();
  /** Feeds being started: a stream and a pass asking at once must not open two sockets. */
  const starting = new Map<number, Promise<AccountFeed>>();
  const watchers = new Map<number, Set<Watcher>>();
  /** Each account's latest refollow: the next one waits for it. */
  const following = new Map<number, Promise<void>>();

  /** What an account's feed follows: the indices, then every instrument its streams watch. */
  async function wantedBy(accountId: number): Promise<string[]> {
    const wanted = new Set(await indexKeys());
    for (const watcher of watchers.get(accountId) ?? []) for (const key of watcher.keys) wanted.add(key);
    return [...wanted];
  }

  /**
   * Brings the account's feed level with what its streams watch now. One at a time per account, each reading
   * the watchers when its turn comes: a stream closing while another opens on the same contract must not apply
   * the closing one's older list last (the contract would be dropped from a stream still watching it).
   */
  function refollow(accountId: number): Promise<void> {
    const turn = (following.get(accountId) ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        const feed = feeds.get(accountId);
        if (feed !== undefined) await feed.follow(await wantedBy(accountId));
      });
    following.set(accountId, turn);
    return turn;
  }

  function stop(accountId: number): void {
    feeds.get(accountId)?.close();
    feeds.delete(accountId);
  }

  /** Whatever the broker needs first; a failure is logged and tried again next pass. */
  async function prepared(session: Session, warn: Warn): Promise<boolean> {
    try {
      return await prepare(session, warn);
    } catch (error) {
      warn({ err: error, accountId: session.accountId }, `${broker.name}'s instruments could not be loaded (tried again next pass)`);
      return false;
    }
  }

  async function start(session: Session, warn: Warn): Promise<AccountFeed> {
    await prepared(session, warn);
    const { accountId } = session;
    const onTokenError = () => {
      if (feeds.get(accountId) === feed) feeds.delete(accountId);
      void endSessionAfterTokenError(db, clock, accountId, broker.name, 'the price feed refused the access token').catch((error: unknown) =>
        warn({ err: error, accountId }, `could not log out a ${broker.name} account after its price feed was refused`),
      );
    };
    const feed: AccountFeed = createAccountFeed({
      accessToken: session.accessToken,
      choose,
      open: (hooks) => connect(session, { ...hooks, onTokenError, warn }),
      onPrices: (moved) => {
        for (const watcher of watchers.get(accountId) ?? []) {
          const theirs = moved.filter((key) => watcher.keys.includes(key));
          if (theirs.length > 0) watcher.onPrices(theirs);
        }
      },
      onReconnect: (attempt, delayMs) => warn({ accountId, attempt, delayMs }, `${broker.name} price feed connection lost: reconnecting`),
    });
    feeds.set(accountId, feed);
    await refollow(accountId);
    feed.start();
    return feed;
  }

  /** The account's running feed, started now if its session is open and this instance has none yet. */
  async function feedOf(accountId: number, warn: Warn): Promise<AccountFeed | null> {
    const session = await sessionOf(accountId);
    const running = feeds.get(accountId);
    if (session === null || (running !== undefined && running.accessToken !== session.accessToken)) stop(accountId);
    if (session === null) return null;
    const known = feeds.get(accountId) ?? starting.get(accountId);
    if (known !== undefined) return known;
    const started = start(session, warn).finally(() => starting.delete(accountId));
    starting.set(accountId, started);
    return started;
  }

  /** Starts and stops feeds as sessions opened and ended; loads the day's dump when due. Every pass, every instance. */
  async function pass(warn: Warn): Promise<void> {
    const { rows } = await db.query<{ id: number }>(
      `SELECT a.id FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id
       WHERE b.slug = $2 AND a.session_access_token_encrypted IS NOT NULL AND a.session_expires_at > $1`,
      [clock(), broker.slug],
    );
    const open = new Set(rows.map((row) => Number(row.id)));
    for (const accountId of [...feeds.keys()]) if (!open.has(accountId)) stop(accountId);
    for (const accountId of open) await feedOf(accountId, warn);
    const first = open.size === 0 ? null : await sessionOf([...open][0]!);
    // Instruments loaded now (Kite's dump) bring ids the running feeds could not subscribe to before.
    if (first !== null && (await prepared(first, warn))) {
      for (const accountId of [...feeds.keys()]) await refollow(accountId);
    }
  }

  /**
   * A price stream of `accountId` follows `keys`: `onPrices` hears which of them ticked. Answers the quotes held
   * now and a stop function; the stream stays registered across a re-login (the new feed follows it too).
   */
  async function watch(accountId: number, keys: readonly string[], onPrices: (moved: string[]) => void, warn: Warn) {
    const watcher: Watcher = { keys, onPrices };
    const set = watchers.get(accountId) ?? new Set<Watcher>();
    watchers.set(accountId, set);
    set.add(watcher);
    await feedOf(accountId, warn);
    await refollow(accountId);
    return {
      quotes: (): Record<string, LastPrice> => feeds.get(accountId)?.quotes(keys) ?? {},
      live: () => feeds.get(accountId)?.live() ?? false,
      /** Those of `keys` the account's feed does not stream (none known while it has no feed), and the broker's name. */
      unstreamed: (): { broker: string; instruments: string[] } => ({ broker: broker.name, instruments: feeds.get(accountId)?.unfollowed(keys) ?? [] }),
      stop: async () => {
        set.delete(watcher);
        if (set.size === 0) watchers.delete(accountId);
        await refollow(accountId);
      },
    };
  }

  return {
    pass,
    watch,
    status: (accountId: number) => feeds.get(accountId)?.status() ?? null,
    /** What the account's feed holds of these instruments, whichever stream made it follow them (a paper account on this feed reads here). */
    quotesOf: (accountId: number, keys: readonly string[]): Record<string, LastPrice> => feeds.get(accountId)?.quotes(keys) ?? {},
    /** Those of `keys` the account's feed decided it does not stream (account-feed.ts `unfollowed`; none while it has no feed). */
    unstreamedOf: (accountId: number, keys: readonly string[]): string[] => feeds.get(accountId)?.unfollowed(keys) ?? [],
    /**
     * The quotes this instance's feeds hold of all they follow, whichever account's (the freshest where two
     * hold one): what the market recorder records. A feed that is not live (reconnecting, or silent past its
     * threshold) is left out: its quotes are the last it heard, not the minute's prices.
     */
    followedQuotes: (): Record<string, LastPrice> => {
      const held: Record<string, LastPrice> = {};
      for (const feed of feeds.values()) {
        if (!feed.live()) continue;
        for (const [key, quote] of Object.entries(feed.quotes(feed.followed()))) {
          const known = held[key];
          if (known === undefined || Date.parse(quote.timestamp) > Date.parse(known.timestamp)) held[key] = quote;
        }
      }
      return held;
    },
    closeAll: () => {
      for (const accountId of [...feeds.keys()]) stop(accountId);
    },
  };
}

export type LivePrices = ReturnType<typeof createLivePrices>;
