// Dhan's live prices: the broker-neutral feeds (../live/live-prices.ts, account-feed.ts) on Dhan's live market
// feed v2 (../dhan/feed-connection.ts: the account's client id and token in the socket's address). What is
// Dhan's: its ids (an index's security id in segment IDX_I, an option's from the scrip master,
// dhan-contracts.ts, in NSE_FNO or BSE_FNO), its modes and its cap of 5,000 instruments a connection, and its
// packets read as quotes (../dhan/feed-quotes.ts). The indices go in ticker mode (Dhan sends an index its level
// and previous close only); options in full mode, which carries all a chain shows of Dhan's (last price, best
// bid and ask, volume, OI, the day's open, high and low). What is past the cap, or has no id, gets no live price.
import type { Chosen, FollowedInstrument } from '../live/account-feed.ts';
import type { FeedTuning } from '../live/feed-socket.ts';
import { chooseUpTo, followedContracts } from '../live/followed-contracts.ts';
import { createLivePrices, type LivePrices } from '../live/live-prices.ts';
import type { LiveCoreDeps } from '../live/live-sessions.ts';
import type { LiveContracts } from '../live/live-wire.ts';
import { createDhanFeedConnection, feedIdOf, type FeedId } from '../dhan/feed-connection.ts';
import { maxInstrumentsPerConnection, type FeedMode } from '../dhan/feed-packets.ts';
import { createFeedQuotes } from '../dhan/feed-quotes.ts';
import type { DhanHttp } from '../dhan/dhan-http.ts';

/**
 * The indices' security ids in Dhan's segment IDX_I when the day's scrip master cannot say (currentDhanIndexIds):
 * NIFTY 13 as Dhan's option chain page names it (https://dhanhq.co/docs/v2/option-chain/); BANKNIFTY 25, FINNIFTY 27
 * and SENSEX 51 as scrip master rows quoted in public Dhan clients show them ("NSE,I,25,INDEX,0,BANKNIFTY,…",
 * "NSE,I,27,INDEX,0,FINNIFTY,…", "BSE,I,51,INDEX,0,SENSEX,…"); MIDCPNIFTY 442 as several clients' constants give it
 * (no scrip master row of it was found). Searched 30 November 2026; Dhan's own pages give only NIFTY's.
 */
export const dhanIndexIds = { NIFTY: '13', BANKNIFTY: '25', FINNIFTY: '27', MIDCPNIFTY: '442', SENSEX: '51' } as const;

export type DhanIndexName = keyof typeof dhanIndexIds;

/** The indices' ids: the day's scrip master's (its segment I rows: the exchange's word), else the ones above. */
export async function currentDhanIndexIds(listed: (() => Promise<ReadonlyMap<string, string>>) | undefined): Promise<Record<DhanIndexName, string>> {
  const ids: Record<DhanIndexName, string> = { ...dhanIndexIds };
  let rows: ReadonlyMap<string, string> = new Map();
  try {
    rows = (await listed?.()) ?? rows;
  } catch {
    // The file out of reach: the ids above, rather than no index at all.
  }
  for (const name of Object.keys(ids) as DhanIndexName[]) {
    const id = rows.get(name === 'SENSEX' ? 'BSE:SENSEX' : name);
    if (id !== undefined) ids[name] = id;
  }
  return ids;
}

const optionSegments: Readonly<Record<string, string>> = { NFO: 'NSE_FNO', BFO: 'BSE_FNO' };
/** A key's Dhan feed segment ("NFO:…" → NSE_FNO); undefined outside the derivatives segments. */
const segmentOf = (key: string): string | undefined => optionSegments[key.slice(0, key.indexOf(':'))];

type Followed = FollowedInstrument<FeedId, FeedMode>;

export type DhanLivePricesOptions = LiveCoreDeps<DhanHttp> & {
  contracts: LiveContracts;
  /** The scrip master's index ids (its segment I rows). */
  indexIds?: (() => Promise<ReadonlyMap<string, string>>) | undefined;
  feedUrl: string;
  /** Tests only: the feed's watchdog stepped by hand. */
  tuning?: FeedTuning | undefined;
};

export function createDhanLivePrices({ db, clock, sessions, contracts, indexIds, feedUrl, tuning }: DhanLivePricesOptions): LivePrices {
  /** Each index's key as the market lists it ("NSE:NIFTY 50") and its feed id. */
  async function indices(): Promise<Map<string, FeedId>> {
    const { rows } = await db.query<{ index_name: string; underlying: string }>('SELECT index_name, underlying FROM market_simulation ORDER BY index_name');
    const known: Readonly<Record<string, string>> = await currentDhanIndexIds(indexIds);
    return new Map(rows.flatMap((row) => (known[row.index_name] === undefined ? [] : [[row.underlying, feedIdOf('IDX_I', known[row.index_name]!)] as const])));
  }

  /** The indices, then the streams' instruments in the order they asked, up to Dhan's cap. */
  async function choose(wanted: readonly string[]): Promise<Chosen<FeedId, FeedMode>> {
    const indexIds = await indices();
    return chooseUpTo(wanted, maxInstrumentsPerConnection, (key) => followedOf(key, indexIds));
  }

  const contractFollowed = followedContracts<FeedId, FeedMode>({
    clock,
    contracts,
    followed: (key, contract) => ({ key, id: feedIdOf(segmentOf(key)!, String(contract.instrumentToken)), mode: 'full' }),
  });
  /** An index's id, or a contract's of the derivatives segments (looked up once a day); null: Dhan does not list it. */
  async function followedOf(key: string, indexIds: ReadonlyMap<string, FeedId>): Promise<Followed | null | undefined> {
    const index = indexIds.get(key);
    if (index !== undefined) return { key, id: index, mode: 'ticker' };
    return segmentOf(key) === undefined ? null : contractFollowed(key);
  }

  return createLivePrices({
    db,
    clock,
    broker: { slug: 'dhan', name: 'Dhan' },
    sessionOf: (accountId) => sessions.sessionOf(accountId),
    indexKeys: async () => [...(await indices()).keys()],
    choose,
    connect: (session, events) => {
      const quotes = createFeedQuotes();
      return createDhanFeedConnection({
        ...tuning,
        clock,
        url: feedUrl,
        clientId: session.accountNumber,
        accessToken: session.accessToken,
        onPackets: (packets, receivedAt) => events.onQuotes(quotes.read(packets, receivedAt)),
        onError: (message) => events.warn({ accountId: session.accountId }, `Dhan's market feed: ${message}`),
        onTokenError: events.onTokenError,
        onReconnectScheduled: events.onReconnect,
      });
    },
  });
}
