// Upstox's live prices: the broker-neutral feeds (../live/live-prices.ts, account-feed.ts) on Upstox's market
// feed v3 (../upstox/feed-connection.ts: a one-time address from the account's authorize call). What is
// Upstox's: its instrument keys (an index's from its name, "NSE_INDEX|Nifty 50"; an option's, a future's and an F&O
// stock's own from Upstox's instrument file, upstox-contracts.ts), its modes and their limits (feed-limits.ts), and its frames read as
// quotes (feed-quotes.ts). The indices go in `full` mode (the day's open, high and low); options in
// `option_greeks`, which carries all a chain shows (last price, best bid and ask, volume, OI, IV and greeks)
// and lets 2,000 contracts sit beside the indices where `full` allows 1,500. What is past the limits, or has
// no key, gets no live price.
import type { Chosen, FollowedInstrument } from '../live/account-feed.ts';
import type { FeedTuning } from '../live/feed-socket.ts';
import { istDate } from '../../market/ist.ts';
import { followedContracts } from '../live/followed-contracts.ts';
import { createLivePrices, type LivePrices } from '../live/live-prices.ts';
import type { LiveCoreDeps } from '../live/live-sessions.ts';
import type { LiveContracts } from '../live/live-wire.ts';
import { createFeedConnection } from '../upstox/feed-connection.ts';
import { limitBreach, type SubscribeMode } from '../upstox/feed-limits.ts';
import { quoteOfFeed } from '../upstox/feed-quotes.ts';
import { upstoxIndexKeys } from '../upstox/upstox-expired.ts';
import type { UpstoxHttp } from '../upstox/upstox-http.ts';
import { authorizeMarketFeed } from '../upstox/upstox-market.ts';
import { upstoxInstrumentKey } from './upstox-wire.ts';

type Followed = FollowedInstrument<string, SubscribeMode>;

export type UpstoxLivePricesOptions = LiveCoreDeps<UpstoxHttp> & {
  /** `equityKeyOf`: a listed F&O stock's own key in Upstox's file (upstox-contracts.ts), for its spot ("NSE:RELIANCE"). */
  contracts: LiveContracts & { equityKeyOf?: (symbol: string) => Promise<string | null> };
  /** Tests only: the feed's watchdog stepped by hand. */
  tuning?: FeedTuning | undefined;
};

export function createUpstoxLivePrices({ db, clock, sessions, contracts, tuning }: UpstoxLivePricesOptions): LivePrices {
  /** Each index's key as the market lists it ("NSE:NIFTY 50") and as Upstox does. */
  async function indices(): Promise<Map<string, string>> {
    const { rows } = await db.query<{ index_name: string; underlying: string }>('SELECT index_name, underlying FROM market_simulation ORDER BY index_name');
    const known: Readonly<Record<string, string>> = upstoxIndexKeys;
    return new Map(rows.flatMap((row) => (known[row.index_name] === undefined ? [] : [[row.underlying, known[row.index_name]!] as const])));
  }

  /** The indices, then the streams' instruments in the order they asked, while Upstox's limits allow. */
  async function choose(wanted: readonly string[]): Promise<Chosen<string, SubscribeMode>> {
    const indexKeys = await indices();
    const chosen: Followed[] = [];
    const undecided: string[] = [];
    const modes = new Map<string, SubscribeMode>();
    for (const key of new Set(wanted)) {
      const followed = await followedOf(key, indexKeys);
      if (followed === undefined) undecided.push(key);
      if (followed === null || followed === undefined || modes.has(followed.id)) continue;
      modes.set(followed.id, followed.mode);
      if (limitBreach(modes) !== null) {
        modes.delete(followed.id);
        continue;
      }
      chosen.push(followed);
    }
    return { followed: chosen, undecided };
  }

  const contractFollowed = followedContracts<string, SubscribeMode>({ clock, contracts, followed: (key, contract) => ({ key, id: upstoxInstrumentKey(contract.exchange, contract.instrumentToken), mode: 'option_greeks' }) });
  // A stock's spot (issue 63, session 82), in `full` mode as an index's (the day's open, high and low), looked up once
  // an IST day as the contracts are; a failed lookup (the file not read) is asked again at the next refollow.
  let equityKeys: { day: string; keys: Map<string, string | null> } = { day: '', keys: new Map() };
  async function equityFollowed(key: string): Promise<Followed | null | undefined> {
    const day = istDate(clock());
    if (equityKeys.day !== day) equityKeys = { day, keys: new Map() };
    if (!equityKeys.keys.has(key)) {
      const found = await contracts.equityKeyOf?.(key.slice('NSE:'.length)).catch(() => undefined);
      if (found === undefined) return undefined;
      equityKeys.keys.set(key, found);
    }
    const id = equityKeys.keys.get(key);
    return id === null || id === undefined ? null : { key, id, mode: 'full' };
  }
  async function followedOf(key: string, indexKeys: ReadonlyMap<string, string>): Promise<Followed | null | undefined> {
    const index = indexKeys.get(key);
    if (index !== undefined) return { key, id: index, mode: 'full' };
    return key.startsWith('NSE:') ? equityFollowed(key) : contractFollowed(key);
  }

  return createLivePrices({
    db,
    clock,
    broker: { slug: 'upstox', name: 'Upstox' },
    sessionOf: (accountId) => sessions.sessionOf(accountId),
    indexKeys: async () => [...(await indices()).keys()],
    choose,
    connect: (session, events) =>
      createFeedConnection({
        ...tuning,
        clock,
        authorize: () => authorizeMarketFeed(session.http),
        onFrame: (frame, receivedAt) =>
          events.onQuotes([...frame.feeds].flatMap(([id, update]) => {
            const quote = quoteOfFeed(update, frame.currentTs > 0 ? new Date(frame.currentTs) : receivedAt);
            return quote === null ? [] : [[id, quote] as const];
          })),
        onError: (message) => events.warn({ accountId: session.accountId }, `Upstox's market feed: ${message}`),
        onTokenError: events.onTokenError,
        onReconnectScheduled: events.onReconnect,
      }),
  });
}
