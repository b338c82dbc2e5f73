// Live prices of logged-in Kite accounts, on this server instance: one ticker per account whose session is
// open (Kite allows three WebSocket connections per api_key, so up to three instances may each hold one),
// started when its price stream first asks or by the next pass after a login, and stopped by the pass once the
// session is gone (log-out, TokenException on any instance, the 06:00 expiry) or at once when the ticker's
// handshake is refused (then the account is logged out as for any TokenException). Each pass also loads the
// day's instruments dump when due, through the first open session. Paper accounts never come here. The
// order updates Kite sends on a ticker go to `onOrderUpdate` (applied like a postback: kite-live.ts).
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import type { LastPrice } from '../../market/market-service.ts';
import type { KiteOrderUpdate } from '../kite/kite-order-types.ts';
import { createAccountTicker, type AccountTicker, type TickerTuning } from './account-ticker.ts';
import type { KiteInstrumentLoad, Warn } from './instrument-load.ts';
import { kiteIndexKeys } from './instrument-store.ts';
import type { KiteHttp } from '../kite/kite-http.ts';
import type { LiveSession, LiveSessions } from '../live/live-sessions.ts';
import { endSessionAfterTokenError } from '../live/session-loss.ts';

type Watcher = { keys: readonly string[]; onPrices: (moved: string[]) => void };

export type LivePricesOptions = {
  db: Database;
  clock: Clock;
  sessions: LiveSessions<KiteHttp>;
  instruments: KiteInstrumentLoad;
  tickerUrl: string;
  tuning?: TickerTuning | undefined;
  /** An order update from an account's ticker (its socket is opened with the account's own access token: no checksum needed). */
  onOrderUpdate?: ((accountId: number, update: KiteOrderUpdate, warn: Warn) => void) | undefined;
};

export function createKiteLivePrices({ db, clock, sessions, instruments, tickerUrl, tuning, onOrderUpdate }: LivePricesOptions) {
  const tickers = new Map<number, AccountTicker>();
  /** Tickers being started: a stream and a pass asking at once must not open two sockets. */
  const starting = new Map<number, Promise<AccountTicker>>();
  const watchers = new Map<number, Set<Watcher>>();
  /** Each account's latest refollow: the next one waits for it. */
  const following = new Map<number, Promise<void>>();

  /** What an account's ticker follows: the indices, then every instrument its streams watch. */
  async function wantedBy(accountId: number): Promise<string[]> {
    const wanted = new Set(await kiteIndexKeys(db));
    for (const watcher of watchers.get(accountId) ?? []) for (const key of watcher.keys) wanted.add(key);
    return [...wanted];
  }

  /**
   * Brings the account's ticker level with what its streams watch now. One at a time per account, each reading
   * the watchers when its turn comes: a stream closing while another opens on the same contract must not apply
   * the closing one's older list last (the contract would be dropped from a stream still watching it).
   */
  function refollow(accountId: number): Promise<void> {
    const turn = (following.get(accountId) ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        const ticker = tickers.get(accountId);
        if (ticker !== undefined) await ticker.follow(await wantedBy(accountId));
      });
    following.set(accountId, turn);
    return turn;
  }

  function stop(accountId: number): void {
    tickers.get(accountId)?.close();
    tickers.delete(accountId);
  }

  /** Loads the day's dump if due; a failure is logged and tried again next pass (yesterday's rows still serve). */
  async function loadDump(session: LiveSession<KiteHttp>, warn: Warn): Promise<boolean> {
    try {
      return (await instruments.ensureLoaded(session.http, warn)) !== null;
    } catch (error) {
      warn({ err: error, accountId: session.accountId }, "Kite's instruments dump could not be loaded (tried again next pass)");
      return false;
    }
  }

  async function start(session: LiveSession<KiteHttp>, warn: Warn): Promise<AccountTicker> {
    await loadDump(session, warn);
    const { accountId } = session;
    const ticker = createAccountTicker({
      ...tuning,
      db,
      clock,
      url: tickerUrl,
      apiKey: session.apiKey,
      accessToken: session.accessToken,
      onPrices: (moved) => {
        for (const watcher of watchers.get(accountId) ?? []) {
          const theirs = moved.filter((key) => watcher.keys.includes(key));
          if (theirs.length > 0) watcher.onPrices(theirs);
        }
      },
      onTokenError: () => {
        if (tickers.get(accountId) === ticker) tickers.delete(accountId);
        void endSessionAfterTokenError(db, clock, accountId, 'Kite', 'the ticker refused the access token').catch((error: unknown) =>
          warn({ err: error, accountId }, 'could not log out a Kite account after its ticker was refused'),
        );
      },
      onReconnect: (attempt, delayMs) => warn({ accountId, attempt, delayMs }, 'Kite ticker connection lost: reconnecting'),
      onOrderUpdate: (update) => onOrderUpdate?.(accountId, update, warn),
    });
    tickers.set(accountId, ticker);
    await refollow(accountId);
    ticker.start();
    return ticker;
  }

  /** The account's running ticker, started now if its session is open and this instance has none yet. */
  async function tickerOf(accountId: number, warn: Warn): Promise<AccountTicker | null> {
    const session = await sessions.sessionOf(accountId);
    const running = tickers.get(accountId);
    if (session === null || (running !== undefined && running.accessToken !== session.accessToken)) stop(accountId);
    if (session === null) return null;
    const known = tickers.get(accountId) ?? starting.get(accountId);
    if (known !== undefined) return known;
    const started = start(session, warn).finally(() => starting.delete(accountId));
    starting.set(accountId, started);
    return started;
  }

  /** Starts and stops tickers as sessions opened and ended; loads the day's dump when due. Every pass, every instance. */
  async function pass(warn: Warn): Promise<void> {
    const { rows } = await db.query<{ id: number }>(
      `SELECT a.id FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id
       WHERE b.slug = 'kite' AND a.session_access_token_encrypted IS NOT NULL AND a.session_expires_at > $1`,
      [clock()],
    );
    const open = new Set(rows.map((row) => Number(row.id)));
    for (const accountId of [...tickers.keys()]) if (!open.has(accountId)) stop(accountId);
    for (const accountId of open) await tickerOf(accountId, warn);
    const first = open.size === 0 ? null : await sessions.sessionOf([...open][0]!);
    // A dump loaded now brings tokens the running tickers could not subscribe to before.
    if (first !== null && (await loadDump(first, warn))) {
      for (const accountId of [...tickers.keys()]) await refollow(accountId);
    }
  }

  /**
   * A price stream of `accountId` follows `keys`: `onPrices` hears which of them ticked. Answers the quotes held
   * now and a stop function; the stream stays registered across a re-login (the new ticker follows it too).
   */
  async function watch(accountId: number, keys: readonly string[], onPrices: (moved: string[]) => void, warn: Warn) {
    const watcher: Watcher = { keys, onPrices };
    const set = watchers.get(accountId) ?? new Set<Watcher>();
    watchers.set(accountId, set);
    set.add(watcher);
    await tickerOf(accountId, warn);
    await refollow(accountId);
    return {
      quotes: (): Record<string, LastPrice> => tickers.get(accountId)?.quotes(keys) ?? {},
      live: () => tickers.get(accountId)?.live() ?? false,
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
    status: (accountId: number) => tickers.get(accountId)?.status() ?? null,
    /** What the account's ticker holds of these instruments, whichever stream made it follow them (a paper account on this feed reads here). */
    quotesOf: (accountId: number, keys: readonly string[]): Record<string, LastPrice> => tickers.get(accountId)?.quotes(keys) ?? {},
    closeAll: () => {
      for (const accountId of [...tickers.keys()]) stop(accountId);
    },
  };
}

export type KiteLivePrices = ReturnType<typeof createKiteLivePrices>;
