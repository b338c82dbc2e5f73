// Upstox's live prices: the broker-neutral feeds (../live/live-prices.ts, account-feed.ts) on Upstox's market
// feed v3 (../upstox/feed-connection.ts: a one-time address from the account's authorize call). What is
// Upstox's: its instrument keys (an index's from its name, "NSE_INDEX|Nifty 50"; an option's from Upstox's
// instrument file, upstox-contracts.ts), its modes and their limits (feed-limits.ts), and its frames read as
// quotes (feed-quotes.ts). The indices go in `full` mode (the day's open, high and low); options in
// `option_greeks`, which carries all a chain shows (last price, best bid and ask, volume, OI, IV and greeks)
// and lets 2,000 contracts sit beside the indices where `full` allows 1,500. What is past the limits, or has
// no key, gets no live price.
import type { FollowedInstrument } from '../live/account-feed.ts';
import type { FeedTuning } from '../live/feed-socket.ts';
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
  contracts: LiveContracts;
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
  async function choose(wanted: readonly string[]): Promise<Followed[]> {
    const indexKeys = await indices();
    const chosen: Followed[] = [];
    const modes = new Map<string, SubscribeMode>();
    for (const key of new Set(wanted)) {
      const followed = await followedOf(key, indexKeys);
      if (followed === null || modes.has(followed.id)) continue;
      modes.set(followed.id, followed.mode);
      if (limitBreach(modes) !== null) {
        modes.delete(followed.id);
        continue;
      }
      chosen.push(followed);
    }
    return chosen;
  }

  const contractFollowed = followedContracts<string, SubscribeMode>({ clock, contracts, followed: (key, contract) => ({ key, id: upstoxInstrumentKey(contract.exchange, contract.instrumentToken), mode: 'option_greeks' }) });
  async function followedOf(key: string, indexKeys: ReadonlyMap<string, string>): Promise<Followed | null> {
    const index = indexKeys.get(key);
    return index !== undefined ? { key, id: index, mode: 'full' } : contractFollowed(key);
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
