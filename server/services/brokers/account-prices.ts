// Where an account's prices come from (issue 38), said in one place for the paper broker and the bot engine:
// a live account's are its own broker's (BrokerTrading.lastPrices: Kite's, Upstox's); a paper account's are
// the simulator's, or, once the trader put it on one of their live accounts' feeds (`market_account_id`),
// that feed's fresh quotes only (paper/feed-prices.ts). So a paper bot on a feed picks its strikes around
// the feed's level and judges its stop-loss, target and conditions on the feed's premiums, as its orders
// fill on them; and when the feed stops, it waits with the words the ticket's refusal uses.
import type { Queryable } from '../../db/database.ts';
import type { TradingAccount } from './broker-trading.ts';
import type { LiveFeeds } from './live-feeds.ts';
import { feedPrices, type FeedPrices } from './paper/feed-prices.ts';
import type { PriceSource } from './paper/price-source.ts';

export type PricesFrom =
  | { from: 'broker' }
  | { from: 'simulator'; prices: PriceSource }
  | { from: 'feed'; feedAccountId: number; prices: FeedPrices };

export type AccountPrices = {
  /** The simulator's prices (scripted in tests): a paper account's unless it is on a live feed. */
  simulator: PriceSource;
  /**
   * Where `account`'s prices come from; `live`: its broker trades for real. A paper account's market is as
   * the caller read it with the account, else read from its row: either way the database's, so every
   * instance agrees.
   */
  of: (account: TradingAccount, live: boolean) => Promise<PricesFrom>;
  /** One live account's feed as paper accounts on it read it (one per live account, made when first asked). */
  feed: (feedAccountId: number) => FeedPrices;
  /** The live feeds paper accounts may trade on; none on a server without live brokers. */
  feeds: LiveFeeds | undefined;
};

export function createAccountPrices({ db, simulator, feeds }: { db: Queryable; simulator: PriceSource; feeds?: LiveFeeds | undefined }): AccountPrices {
  const onFeeds = new Map<number, FeedPrices>();
  function feed(feedAccountId: number): FeedPrices {
    if (feeds === undefined) throw new Error('This server has no live feeds');
    let known = onFeeds.get(feedAccountId);
    if (known === undefined) {
      known = feedPrices({ feeds, feedAccountId, simulator });
      onFeeds.set(feedAccountId, known);
    }
    return known;
  }

  async function of(account: TradingAccount, live: boolean): Promise<PricesFrom> {
    if (live) return { from: 'broker' };
    if (feeds === undefined) return { from: 'simulator', prices: simulator };
    let feedAccountId = account.marketAccountId;
    if (feedAccountId === undefined) {
      const { rows } = await db.query<{ market_account_id: number | null }>('SELECT market_account_id FROM broker_accounts WHERE id = $1', [account.id]);
      feedAccountId = rows[0]?.market_account_id ?? null;
    }
    if (feedAccountId === null) return { from: 'simulator', prices: simulator };
    return { from: 'feed', feedAccountId: Number(feedAccountId), prices: feed(Number(feedAccountId)) };
  }

  return { simulator, of, feed, feeds };
}
