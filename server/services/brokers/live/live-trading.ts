// Live trading on a real broker behind the broker-neutral BrokerTrading interface: the routes, the kill
// switch, the risk limits and the bot engine call it exactly as they call the paper broker, whichever broker
// the account is at. No call takes a transaction and none runs inside one: each broker request is made
// outside the database's transactions, which only record what was sent and what the broker answered
// (ARCHITECTURE.md).
//
// The work is split by job: the broker's wire (live-wire.ts: its calls, in the mirror's shapes),
// order-plans.ts (what an intent goes out as: guards, slices, square-off), order-placing.ts (numbered orders
// placed once, reconciliation by tag), order-changes.ts (modify, cancel), exits.ts (square-off, flatten,
// stop-loss and target), order-books.ts and position-books.ts (books and positions), mirror.ts and
// order-updates.ts (what StrikeDesk keeps of its orders, and what follows when the broker reports a change),
// rate-limits.ts (the broker's limits counted in the database). The adapter brings what is its own: the
// contracts, the hours, the funds and margins, the stream of ticks and the instruments.
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import type { BrokerOrder, BrokerTrading } from '../broker-trading.ts';
import { createExits } from './exits.ts';
import type { LiveContracts, LiveHours, LiveWire } from './live-wire.ts';
import { createMirror } from './mirror.ts';
import { createOrderBooks } from './order-books.ts';
import { createOrderChanges } from './order-changes.ts';
import { createOrderPlans } from './order-plans.ts';
import { createOrderPlacing } from './order-placing.ts';
import { createOrderUpdates } from './order-updates.ts';
import { createPositionBooks } from './position-books.ts';
import type { RateLimits } from './rate-limits.ts';

/** What the adapter answers itself: funds and margins (the broker's own), ticks and the day's contracts. */
export type AdapterOwn = Pick<BrokerTrading, 'funds' | 'orderMargin' | 'portfolioMargin' | 'lastPrices' | 'subscribe' | 'instruments'>;

export type LiveTradingOptions = {
  db: Database;
  clock: Clock;
  wire: LiveWire;
  contracts: LiveContracts;
  hours: LiveHours;
  limits: RateLimits;
  own: AdapterOwn;
  /** Hears each order the mirror moved (the account's stream). */
  onOrderChanged: (accountId: number, order: BrokerOrder) => void;
  /** How much wider than a second the order pipeline keeps each window of sends (the broker stamps arrivals). */
  rateMarginMs: number;
};

export function createLiveTrading({ db, clock, wire, contracts, hours, limits, own, onOrderChanged, rateMarginMs }: LiveTradingOptions) {
  const mirror = createMirror({ db, clock, childrenNameParent: wire.childrenNameParent });
  // Order changes and updates need each other (a filled stop-loss cancels its target): `cancel` is only
  // called once both exist.
  const updates = createOrderUpdates({
    db,
    mirror,
    wire,
    cancel: (account, ids) => changes.cancelOrders(account, ids, { unpaced: true }),
    onChanged: onOrderChanged,
  });
  const changes = createOrderChanges({ clock, wire, mirror, updates, limits });
  const placing = createOrderPlacing({ db, clock, wire, mirror, updates, limits, contracts, hours });
  const books = createOrderBooks({ db, clock, wire, mirror, updates });
  const positions = createPositionBooks({ db, clock, wire, contracts });
  const exits = createExits({ db, clock, contracts, wire, mirror, placing, changes, positions });
  const plans = createOrderPlans({ db, clock, contracts, books, positions, exits, maxSlices: wire.maxSlicesPerCall });

  const trading: BrokerTrading = {
    mode: 'live',
    rateMarginMs,
    planOrders: plans.planOrders,
    planSquareOff: plans.planSquareOff,
    placeOrders: placing.placeOrders,
    recordUnsent: placing.recordUnsent,
    ordersByTag: books.ordersByTag,
    order: books.order,
    orderHistory: books.orderHistory,
    instruments: own.instruments,
    subscribe: own.subscribe,
    modifyOrder: changes.modifyOrder,
    // The broker's book keeps its own word on a cancelled order: StrikeDesk's reason is not added to it.
    cancelOrders: (account, orderIds) => changes.cancelOrders(account, orderIds),
    planProtect: exits.planProtect,
    protect: exits.protect,
    beginFlatten: exits.beginFlatten,
    entriesOn: books.entriesOn,
    orderBook: books.orderBook,
    positionTotals: positions.positionTotals,
    ledger: positions.ledger,
    funds: own.funds,
    orderMargin: own.orderMargin,
    portfolioMargin: own.portfolioMargin,
    lastPrices: own.lastPrices,
    marketStatus: () => hours.marketStatus(clock()),
  };
  // What the broker's API takes, told by its wire: the order requests are checked against it before any plan.
  if (wire.afterMarketTimes !== undefined) trading.afterMarketTimes = wire.afterMarketTimes;
  if (wire.afterMarketByChoice !== undefined) trading.afterMarketByChoice = wire.afterMarketByChoice;
  const readHoldings = wire.holdings;
  if (readHoldings !== undefined) {
    trading.brokerHoldings = async (account) =>
      (await readHoldings(account)).map((holding) => ({
        exchange: holding.exchange,
        tradingsymbol: holding.tradingsymbol,
        isin: holding.isin,
        shares: holding.shares,
        sellable: holding.sellable,
        averagePaise: holding.average_paise,
        lastPaise: holding.last_paise,
        key: holding.key,
      }));
  }
  // The contracts go out too: the market recorder names what a live feed follows by them (history/live-recording.ts).
  return { ...trading, updates, wire, contracts };
}

export type LiveTrading = ReturnType<typeof createLiveTrading>;
