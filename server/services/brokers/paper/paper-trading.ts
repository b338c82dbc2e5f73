// The paper broker's order book, trades and positions: Kite's order model on the simulated market, behind
// the broker-neutral BrokerTrading interface (../broker-trading.ts), plus the fill engine's pass (onTick),
// which only a simulated broker has.
//
// Consistency: every change to an account's orders runs in one transaction that first locks the account's
// row (each call of the interface opens its own; the kill switch is read again under that lock, so an entry
// that waited on an arming sees it). Placements, modifications, cancellations and fills of one account
// therefore happen one at a time, on every server instance alike, so the margin check counts what is really
// there, and an order can never fill twice. The rate limits are the order pipeline's (trading/order-rate.ts),
// counted the same way for every broker. A MARKET or marketable LIMIT order fills inside the transaction that
// places it (never later on a tick as well); resting orders fill on the market's ticks (matching.ts
// fillWorking), each fill in its own transaction.
//
// The work is split by job: contracts.ts (reference data), order-rows.ts (the rows and the account lock),
// books.ts (reading positions and the order book), funds.ts (margin and funds), matching.ts (fills, OCO,
// protection fitting), order-plans.ts (guards, slicing, square-off plans), order-entry.ts (placing planned
// orders), order-changes.ts (modify, cancel), exits.ts (closing legs at once, flatten, protection),
// settlement.ts (MIS square-off, expiry), order-history.ts (every state an order went through) and
// paper-stream.ts (the simulator's ticks and the order changes, to subscribers).
import type { Database, Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import type { MarketFeed } from '../../market/market-feed.ts';
import type { MarketService } from '../../market/market-service.ts';
import type { BrokerTrading, OrderIntent, TradingAccount } from '../broker-trading.ts';
import type { AccountPrices } from '../account-prices.ts';
import { createContracts } from './contracts.ts';
import type { FeedPrices } from './feed-prices.ts';
import type { FillCounts } from './matching.ts';
import type { BookRow } from './funds.ts';
import { orderHistory } from './order-history.ts';
import { createPaperMarket, type PaperMarket } from './paper-market.ts';
import { createPaperStream } from './paper-stream.ts';
import { ownedOrder } from './order-rows.ts';

/**
 * `market` and `feed`: the simulated market whose ticks subscribers hear; `prices`: where each account's
 * prices come from (../account-prices.ts: the simulator's, maybe scripted in tests, or a live account's feed
 * a paper account trades on instead, issue 38).
 */
type PaperTradingOptions = { db: Database; clock: Clock; prices: AccountPrices; market: MarketService; feed: MarketFeed };

export function createPaperTrading({ db, clock, prices: accountPrices, market, feed }: PaperTradingOptions) {
  const contracts = createContracts();
  const simulated = createPaperMarket({ db, clock, prices: accountPrices.simulator, contracts, scope: { feedAccountId: null } });
  /** The markets on live feeds, one per live account a paper account trades on (made when first needed). */
  const onFeeds = new Map<number, PaperMarket & { prices: FeedPrices }>();
  function feedMarket(feedAccountId: number): PaperMarket & { prices: FeedPrices } {
    let known = onFeeds.get(feedAccountId);
    if (known === undefined) {
      const source = accountPrices.feed(feedAccountId);
      known = { ...createPaperMarket({ db, clock, prices: source, contracts, scope: { feedAccountId } }), prices: source };
      onFeeds.set(feedAccountId, known);
    }
    return known;
  }
  /** The market the account trades on now: the one its prices come from. */
  async function marketOf(account: TradingAccount): Promise<PaperMarket> {
    const source = await accountPrices.of(account, false);
    if (source.from !== 'feed') return simulated;
    // Every call starts outside a transaction: the feed follows the indices before anything reads their levels.
    await source.prices.ready(db);
    return feedMarket(source.feedAccountId);
  }
  /** A call served by the account's market. */
  const onMarket =
    <Args extends unknown[], Result>(use: (market: PaperMarket) => (account: TradingAccount, ...args: Args) => Promise<Result>) =>
    async (account: TradingAccount, ...args: Args): Promise<Result> =>
      use(await marketOf(account))(account, ...args);
  /**
   * On a live feed that stopped (logged out, delayed), has no fresh quote of an instrument yet or does not stream
   * it at all, orders are refused with the reason before anything is sent: none would fill on an old price.
   */
  async function assertFeedPrices(market: PaperMarket, intents: readonly Pick<OrderIntent, 'exchange' | 'tradingsymbol'>[]): Promise<void> {
    if (!('stopped' in market.prices) || intents.length === 0) return;
    const reason = await (market.prices as FeedPrices).stopped([...new Set(intents.map((intent) => `${intent.exchange}:${intent.tradingsymbol}`))], db, clock());
    if (reason !== null) throw DomainError.said('paper_feed_stopped', reason);
  }
  const stream = createPaperStream({ db, clock, market, feed });

  /**
   * One pass of the fill engine: after a tick this instance led (`fills`), working orders whose price the
   * market reached fill and stop-losses trigger; on every pass, MIS positions left open across a cut-off the
   * server missed are squared off at that cut-off (missed-cut-offs.ts), MIS positions are squared off from 15:25 IST
   * while the market is open (in demo mode too) and contracts past their expiry settle (after the close, when no tick comes). Each
   * change is its own transaction under the account's lock that re-reads what it changes, so a second
   * instance doing the same pass finds nothing left to do. After-market orders reach the exchange at the open,
   * then fill like any other in the same pass; a position the server left open at 15:25 is closed as of 15:25,
   * ahead of anything later (a contract that expired meanwhile settles only what remains); the regular
   * square-off runs only while the exchange trades (after the close an exit would be an after-market order).
   * Each market (paper-market.ts) does this for its own accounts at its own prices: the simulator's, then each
   * live feed a paper account is on; a feed that fails leaves the others their pass. Then this instance's
   * subscribers hear every order change recorded since the last pass, on any instance.
   */
  async function onTick(now = clock(), { fills = true }: { fills?: boolean } = {}): Promise<FillCounts & { settled: number }> {
    const counts = { filled: 0, triggered: 0, cancelled: 0, settled: 0 };
    await simulated.pass(now, fills, counts);
    let failure: unknown = null;
    if (accountPrices.feeds !== undefined) {
      const inUse = await feedsInUse();
      accountPrices.feeds.keepOnly(inUse);
      for (const feedAccountId of inUse) {
        await feedMarket(feedAccountId)
          .pass(now, fills, counts)
          .catch((error: unknown) => void (failure ??= error));
      }
    }
    await stream.pass(now);
    if (failure !== null) throw failure;
    return counts;
  }

  /** The live accounts some paper account trades on. */
  async function feedsInUse(): Promise<Set<number>> {
    const { rows } = await db.query<{ market_account_id: number }>('SELECT DISTINCT market_account_id FROM broker_accounts WHERE market_account_id IS NOT NULL');
    return new Set(rows.map((row) => Number(row.market_account_id)));
  }

  /** A change, run in a transaction of its own (which it starts by locking the account's row). */
  const inTransaction =
    <Args extends unknown[], Result>(change: (q: Queryable, ...args: Args) => Promise<Result>) =>
    (...args: Args): Promise<Result> =>
      db.transaction((tx) => change(tx, ...args));

  /** Tells the account's subscribers a committed change at once (the next pass would tell them a tick later, and tells them anyway: a failed read here costs only that tick). */
  const tell = (account: TradingAccount) => void stream.passFor(account.id).catch(() => undefined);

  /** A change of the account's orders, its subscribers told as soon as it committed. */
  const toldAtOnce =
    <Args extends unknown[], Result>(change: (account: TradingAccount, ...args: Args) => Promise<Result>) =>
    async (account: TradingAccount, ...args: Args): Promise<Result> => {
      const result = await change(account, ...args);
      tell(account);
      return result;
    };

  const trading: BrokerTrading = {
    mode: 'paper',
    // Its orders are stamped when their send was admitted (order-entry.ts): the window needs no margin.
    rateMarginMs: 0,
    // One statement or two, reading only: no transaction of its own (order-plans.ts); in the order
    // pipeline's when it gives one (plansInTransaction).
    planOrders: async (account, intents, options) => {
      const on = await marketOf(account);
      await assertFeedPrices(on, intents);
      return on.plans.planOrders(options.tx ?? db, account, intents, options);
    },
    planSquareOff: async (account, ...args) => {
      const on = await marketOf(account);
      const plan = await db.transaction((tx) => on.plans.planSquareOff(tx, account, ...args));
      await assertFeedPrices(on, plan.orders);
      return plan;
    },
    planProtect: onMarket((on) => inTransaction(on.plans.planProtect)),
    placeOrders: toldAtOnce(onMarket((on) => inTransaction(on.entry.placeOrders))),
    placerInTransaction: async (account) => {
      const on = await marketOf(account);
      let book: Promise<BookRow> | undefined;
      return {
        readAhead: (tx) => {
          book = on.funds.bookAhead(tx, account);
        },
        place: (tx, intent, orders, sentAt, unplaced) => {
          // Read in this step's transaction, for this step alone: a later step of the intent reads its own.
          const ahead = book;
          book = undefined;
          return on.entry.placeLocked(tx, account, intent, orders, sentAt, unplaced, ahead);
        },
        placed: () => tell(account),
      };
    },
    // On the simulator's prices, marketOf reads nothing and waits for nothing: the plan and the placer can be
    // asked for inside a transaction. A feed market is followed before anything reads its levels, outside one.
    plansInTransaction: (account) => accountPrices.feeds === undefined || account.marketAccountId === null,
    recordUnsent: toldAtOnce(onMarket((on) => inTransaction(on.entry.recordUnsent))),
    ordersByTag: onMarket((on) => on.books.ordersByTag),
    order: (account, orderId) => ownedOrder(db, account.id, orderId),
    orderHistory: (account, orderId) => orderHistory(db, account.id, orderId),
    instruments: (_account, index, expiry) => contracts.listed(db, index, expiry, clock()),
    subscribe: stream.subscribe,
    modifyOrder: toldAtOnce(onMarket((on) => inTransaction(on.changes.modifyOrder))),
    cancelOrders: toldAtOnce(onMarket((on) => inTransaction(on.changes.cancelOrders))),
    beginFlatten: toldAtOnce(onMarket((on) => inTransaction(on.exits.beginFlatten))),
    protect: toldAtOnce(onMarket((on) => inTransaction(on.exits.protect))),
    entriesOn: (account, day) => simulated.books.entriesOn(db, account.id, day),
    orderBook: onMarket((on) => on.books.orderBook),
    positionTotals: onMarket((on) => on.books.positionTotals),
    ledger: onMarket((on) => on.books.ledger),
    funds: onMarket((on) => on.funds.funds),
    positionDeliveries: onMarket((on) => on.positionDeliveries),
    deliveries: onMarket((on) => on.deliveries),
    holdings: onMarket((on) => on.holdings),
    holdingTrades: onMarket((on) => on.holdingTrades),
    holdingOrders: onMarket((on) => on.holdingOrders),
    tradeHolding: onMarket((on) => on.tradeHolding),
    orderMargin: onMarket((on) => on.funds.orderMargin),
    portfolioMargin: onMarket((on) => on.funds.portfolioMargin),
  };
  /**
   * What a server starting up owes the books before it serves anyone: the MIS square-offs of cut-offs it was
   * down for, then the settlement of contracts that expired meanwhile (in that order, as they happened).
   */
  async function catchUp(now = clock()): Promise<{ squaredOff: number; settled: number }> {
    const done = await simulated.catchUp(now);
    if (accountPrices.feeds === undefined) return done;
    for (const feedAccountId of await feedsInUse()) {
      const more = await feedMarket(feedAccountId).catchUp(now);
      done.squaredOff += more.squaredOff;
      done.settled += more.settled;
    }
    return done;
  }

  return { ...trading, onTick, catchUp, followed: stream.followed };
}

/** The paper broker's trading: the broker-neutral interface and the fill engine's pass. */
export type PaperTrading = ReturnType<typeof createPaperTrading>;
