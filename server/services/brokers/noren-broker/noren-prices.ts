// A Noren broker's live prices: the broker-neutral feeds (../live/live-prices.ts, account-feed.ts) on Noren's JSON
// websocket (../noren/noren-feed.ts). What is Noren's: its keys ("EXCH|token": an index's from the exchange's
// index token, NSE|26000 for NIFTY 50 and NSE|26009 for NIFTY BANK as Noren's index list gives them; a
// contract's from the scrip master, noren-contracts.ts) and its modes: touchline for the indices, depth for
// contracts (the best bid and ask with the last price). Noren publishes no subscription cap: StrikeDesk follows
// at most 1,000 instruments a session. What has no key gets no live price; a silent socket is "prices delayed".
// The depth frames' five levels a side go to `onDepth` (noren-depth.ts keeps them for the order ticket's ladder).
import type { Chosen, FollowedInstrument } from '../live/account-feed.ts';
import type { FeedTuning } from '../live/feed-socket.ts';
import { chooseUpTo, followedContracts } from '../live/followed-contracts.ts';
import { createLivePrices, type LivePrices } from '../live/live-prices.ts';
import type { LiveCoreDeps, LiveSession } from '../live/live-sessions.ts';
import type { LiveContracts } from '../live/live-wire.ts';
import { createNorenFeed, type NorenDepth, type NorenFeedMode } from '../noren/noren-feed.ts';
import type { NorenHttp } from '../noren/noren-http.ts';

type Followed = FollowedInstrument<string, NorenFeedMode>;

/** The exchange's index tokens as Noren's feed names them, by StrikeDesk's underlying. */
export const norenIndexKeys: Readonly<Record<string, string>> = { NIFTY: 'NSE|26000', BANKNIFTY: 'NSE|26009' };

const maxFollowed = 1000;

export type NorenLivePricesOptions = LiveCoreDeps<NorenHttp> & {
  broker: { slug: string; name: string };
  feedUrl: string;
  contracts: LiveContracts;
  /** Tests only: the feed's watchdog stepped by hand. */
  tuning?: FeedTuning | undefined;
  /** An order of the session's account changed on the socket (a hint: the caller reads the book to confirm it). */
  onOrderHint?: ((session: LiveSession<NorenHttp>) => void) | undefined;
  /** A contract's depth as the account's feed last heard it (null: no longer followed). */
  onDepth?: ((accountId: number, key: string, depth: NorenDepth | null) => void) | undefined;
};

export function createNorenLivePrices({ db, clock, sessions, broker, feedUrl, contracts, tuning, onOrderHint, onDepth }: NorenLivePricesOptions): LivePrices {
  /** Each index's key as the market lists it ("NSE:NIFTY 50") and as Noren does. */
  async function indices(): Promise<Map<string, string>> {
    const { rows } = await db.query<{ index_name: string; underlying: string }>('SELECT index_name, underlying FROM market_simulation ORDER BY index_name');
    return new Map(rows.flatMap((row) => (norenIndexKeys[row.index_name] === undefined ? [] : [[row.underlying, norenIndexKeys[row.index_name]!] as const])));
  }

  const contractFollowed = followedContracts<string, NorenFeedMode>({ clock, contracts, followed: (key, contract) => ({ key, id: `${contract.exchange}|${contract.instrumentToken}`, mode: 'd' }) });
  const followedOf = async (key: string, indexKeys: ReadonlyMap<string, string>): Promise<Followed | null | undefined> => {
    const index = indexKeys.get(key);
    return index !== undefined ? { key, id: index, mode: 't' } : contractFollowed(key);
  };

  async function choose(wanted: readonly string[]): Promise<Chosen<string, NorenFeedMode>> {
    const indexKeys = await indices();
    return chooseUpTo(wanted, maxFollowed, (key) => followedOf(key, indexKeys));
  }

  return createLivePrices({
    db,
    clock,
    broker,
    sessionOf: (accountId) => sessions.sessionOf(accountId),
    indexKeys: async () => [...(await indices()).keys()],
    choose,
    connect: (session, events) =>
      createNorenFeed({
        ...tuning,
        clock,
        url: feedUrl,
        uid: session.accountNumber,
        token: session.accessToken,
        onQuotes: events.onQuotes,
        ...(onOrderHint === undefined ? {} : { onOrderUpdate: () => onOrderHint(session) }),
        ...(onDepth === undefined ? {} : { onDepth: (key: string, depth: NorenDepth | null) => onDepth(session.accountId, key, depth) }),
        onError: (message) => events.warn({ accountId: session.accountId }, `${broker.name}'s market feed: ${message}`),
        onTokenError: events.onTokenError,
        onReconnectScheduled: events.onReconnect,
      }),
  });
}
