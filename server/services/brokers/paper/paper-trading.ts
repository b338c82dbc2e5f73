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
import type { MarketFeed } from '../../market/market-feed.ts';
import type { MarketService } from '../../market/market-service.ts';
import { clockMinutes, istMinutes } from '../../market/ist.ts';
import type { BrokerTrading, TradingAccount } from '../broker-trading.ts';
import { createBooks } from './books.ts';
import { createContracts } from './contracts.ts';
import { createExits } from './exits.ts';
import { createFunds } from './funds.ts';
import { createMatching, type FillCounts } from './matching.ts';
import { createMissedCutOffs } from './missed-cut-offs.ts';
import { createOrderChanges } from './order-changes.ts';
import { createOrderEntry } from './order-entry.ts';
import { orderHistory } from './order-history.ts';
import { createOrderPlans } from './order-plans.ts';
import { createPaperStream } from './paper-stream.ts';
import { ownedOrder } from './order-rows.ts';
import type { PriceSource } from './price-source.ts';
import { createSettlement, misSquareOffTime } from './settlement.ts';

/** `market` and `feed`: the simulated market whose ticks subscribers hear (its prices may be `prices`' own, or scripted in tests). */
type PaperTradingOptions = { db: Database; clock: Clock; prices: PriceSource; market: MarketService; feed: MarketFeed };

export function createPaperTrading({ db, clock, prices, market, feed }: PaperTradingOptions) {
  const contracts = createContracts();
  const books = createBooks({ db, clock, prices, contracts });
  const funds = createFunds({ db, clock, prices, contracts, books });
  const matching = createMatching({ db, prices, contracts, books, funds });
  const plans = createOrderPlans({ clock, contracts, books });
  const entry = createOrderEntry({ clock, prices, contracts, books, funds, matching });
  const changes = createOrderChanges({ clock, prices, contracts, matching });
  const exits = createExits({ clock, contracts, books, entry });
  const settlement = createSettlement({ db, prices, contracts, books, exits });
  /** Exits filled at another market's prices (the square-off the server missed, at the cut-off's). */
  const exitsPricedBy = (source: PriceSource) => {
    const pricedMatching = createMatching({ db, prices: source, contracts, books, funds });
    const pricedEntry = createOrderEntry({ clock, prices: source, contracts, books, funds, matching: pricedMatching });
    return createExits({ clock, contracts, books, entry: pricedEntry });
  };
  const missedCutOffs = createMissedCutOffs({ db, prices, books, exitsPricedBy });
  const stream = createPaperStream({ db, clock, market, feed });

  /**
   * One pass of the fill engine: after a tick this instance led (`fills`), working orders whose price the
   * market reached fill and stop-losses trigger; on every pass, MIS positions left open across a cut-off the
   * server missed are squared off at that cut-off (missed-cut-offs.ts), MIS positions are squared off from 15:25 IST
   * while the market is open (in demo mode too) and contracts past their expiry settle (after the close, when no tick comes). Each
   * change is its own transaction under the account's lock that re-reads what it changes, so a second
   * instance doing the same pass finds nothing left to do. Then this instance's subscribers hear every order
   * change recorded since the last pass, on any instance.
   */
  async function onTick(now = clock(), { fills = true }: { fills?: boolean } = {}): Promise<FillCounts & { settled: number }> {
    const counts = { filled: 0, triggered: 0, cancelled: 0, settled: 0 };
    if (fills) {
      // After-market orders reach the exchange at the open, then fill like any other (in this same pass).
      await matching.releaseAfterMarket(now);
      await matching.fillWorking(now, counts);
    }
    // Before the regular square-off and the expiry settlement: a position the server left open at 15:25 is
    // closed as of 15:25, ahead of anything later (a contract that expired meanwhile settles only what remains).
    await missedCutOffs.squareOffMissed(now);
    // Only while the exchange trades: after the close an exit would be an after-market order for tomorrow.
    if (istMinutes(now) >= clockMinutes(misSquareOffTime) && (await prices.marketOpen('NFO', now, db))) await settlement.squareOffMis(now);
    counts.settled = await settlement.settleExpired(now);
    await stream.pass(now);
    return counts;
  }

  /** A change, run in a transaction of its own (which it starts by locking the account's row). */
  const inTransaction =
    <Args extends unknown[], Result>(change: (q: Queryable, ...args: Args) => Promise<Result>) =>
    (...args: Args): Promise<Result> =>
      db.transaction((tx) => change(tx, ...args));

  /** A change of the account's orders, its subscribers told as soon as it committed (the next pass would tell them a tick later). */
  const toldAtOnce =
    <Args extends unknown[], Result>(change: (account: TradingAccount, ...args: Args) => Promise<Result>) =>
    async (account: TradingAccount, ...args: Args): Promise<Result> => {
      const result = await change(account, ...args);
      // The next pass tells it anyway: a failed read here costs only that tick.
      void stream.passFor(account.id).catch(() => undefined);
      return result;
    };

  const trading: BrokerTrading = {
    mode: 'paper',
    // Its orders are stamped when their send was admitted (order-entry.ts): the window needs no margin.
    rateMarginMs: 0,
    // One statement or two, reading only: no transaction (order-plans.ts).
    planOrders: (account, intents, options) => plans.planOrders(db, account, intents, options),
    planSquareOff: inTransaction(plans.planSquareOff),
    planProtect: inTransaction(plans.planProtect),
    placeOrders: toldAtOnce(inTransaction(entry.placeOrders)),
    recordUnsent: toldAtOnce(inTransaction(entry.recordUnsent)),
    ordersByTag: books.ordersByTag,
    order: (account, orderId) => ownedOrder(db, account.id, orderId),
    orderHistory: (account, orderId) => orderHistory(db, account.id, orderId),
    instruments: (_account, index, expiry) => contracts.listed(db, index, expiry, clock()),
    subscribe: stream.subscribe,
    modifyOrder: toldAtOnce(inTransaction(changes.modifyOrder)),
    cancelOrders: toldAtOnce(inTransaction(changes.cancelOrders)),
    beginFlatten: toldAtOnce(inTransaction(exits.beginFlatten)),
    protect: toldAtOnce(inTransaction(exits.protect)),
    entriesOn: (account, day) => books.entriesOn(db, account.id, day),
    orderBook: books.orderBook,
    positionTotals: books.positionTotals,
    ledger: books.ledger,
    funds: funds.funds,
    orderMargin: funds.orderMargin,
    portfolioMargin: funds.portfolioMargin,
  };
  /**
   * What a server starting up owes the books before it serves anyone: the MIS square-offs of cut-offs it was
   * down for, then the settlement of contracts that expired meanwhile (in that order, as they happened).
   */
  async function catchUp(now = clock()): Promise<{ squaredOff: number; settled: number }> {
    const squaredOff = await missedCutOffs.squareOffMissed(now);
    return { squaredOff, settled: await settlement.settleExpired(now) };
  }

  return { ...trading, onTick, catchUp };
}

/** The paper broker's trading: the broker-neutral interface and the fill engine's pass. */
export type PaperTrading = ReturnType<typeof createPaperTrading>;
