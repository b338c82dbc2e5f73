// Live trading on Zerodha's Kite Connect behind the broker-neutral BrokerTrading interface: the routes, the
// kill switch, the risk limits and the bot engine call it exactly as they call the paper broker. No call
// takes a transaction and none runs inside one: each Kite request is made outside the database's
// transactions, which only record what was sent and what Kite answered (ARCHITECTURE.md).
//
// The work is split by job: kite-calls.ts (sessions, TokenException, Kite's errors, shared reads),
// order-plans.ts (what an intent goes out as: guards, slices, square-off), order-placing.ts (tags, market
// protection, numbered orders placed once, reconciliation by tag), order-changes.ts (modify,
// cancel), exits.ts (square-off, flatten, stop-loss and target), order-books.ts and position-books.ts (books
// and positions), funds.ts (Kite's margins and charges), mirror.ts and order-updates.ts (what StrikeDesk
// keeps of its orders, and what follows when Kite reports a change), rate-limits.ts (Kite's limits counted
// in the database), kite-stream.ts (ticks and order changes to subscribers), instrument-store.ts (the
// contracts of the day's dump).
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { istDate } from '../../market/ist.ts';
import type { BrokerTrading } from '../broker-trading.ts';
import { createKiteContracts } from './contracts.ts';
import { createKiteExits } from './exits.ts';
import { createKiteFunds } from './funds.ts';
import { kiteOptionContracts } from './instrument-store.ts';
import { createKiteCalls } from './kite-calls.ts';
import { createKiteHours } from './kite-hours.ts';
import type { KiteSessions } from './kite-sessions.ts';
import { createKiteStream } from './kite-stream.ts';
import type { KiteLivePrices } from './live-prices.ts';
import { createMirror } from './mirror.ts';
import { createOrderBooks } from './order-books.ts';
import { createOrderChanges } from './order-changes.ts';
import { createKitePlans } from './order-plans.ts';
import { createOrderPlacing } from './order-placing.ts';
import { createOrderUpdates } from './order-updates.ts';
import { createPositionBooks } from './position-books.ts';
import { createKiteRateLimits, kiteLimits, type KiteLimits } from './rate-limits.ts';

/** How much wider than a second the order pipeline keeps each window of ten sends to Kite. */
export const kiteArrivalMarginMs = 250;

/** `prices`: the accounts' tickers, which the stream's ticks come from. */
export type KiteTradingOptions = { db: Database; clock: Clock; sessions: KiteSessions; prices: KiteLivePrices; limits?: KiteLimits | undefined };

export function createKiteTrading({ db, clock, sessions, prices, limits: limitFigures = kiteLimits }: KiteTradingOptions) {
  const calls = createKiteCalls({ db, clock, sessions });
  const mirror = createMirror({ db, clock });
  const limits = createKiteRateLimits({ db, clock, limits: limitFigures });
  const contracts = createKiteContracts(db);
  // Order changes and updates need each other (a filled stop-loss cancels its target): `cancel` is only
  // called once both exist.
  const stream = createKiteStream({ prices });
  const updates = createOrderUpdates({
    db,
    mirror,
    calls,
    cancel: (account, ids) => changes.cancelOrders(account, ids, { unpaced: true }),
    onChanged: stream.orderChanged,
  });
  const changes = createOrderChanges({ clock, calls, mirror, updates, limits });
  const hours = createKiteHours(db);
  const placing = createOrderPlacing({ db, clock, calls, mirror, updates, limits, contracts, hours });
  const books = createOrderBooks({ db, clock, calls, mirror, updates });
  const positions = createPositionBooks({ db, clock, calls, contracts });
  const exits = createKiteExits({ db, clock, contracts, calls, mirror, placing, changes, positions });
  const plans = createKitePlans({ db, clock, contracts, books, positions, exits });
  const funds = createKiteFunds({ db, calls, limits });

  const trading: BrokerTrading = {
    mode: 'live',
    // Kite stamps an order when it arrives: sends a second apart may arrive closer after the network and
    // this server's own queueing, so each window of ten sends is kept a quarter of a second wider.
    rateMarginMs: kiteArrivalMarginMs,
    planOrders: plans.planOrders,
    planSquareOff: plans.planSquareOff,
    placeOrders: placing.placeOrders,
    recordUnsent: placing.recordUnsent,
    ordersByTag: books.ordersByTag,
    order: books.order,
    orderHistory: books.orderHistory,
    instruments: (_account, index, expiry) => kiteOptionContracts(db, index, expiry, istDate(clock())),
    subscribe: stream.subscribe,
    modifyOrder: changes.modifyOrder,
    // Kite's book keeps its own word on a cancelled order: StrikeDesk's reason is not added to it.
    cancelOrders: (account, orderIds) => changes.cancelOrders(account, orderIds),
    planProtect: exits.planProtect,
    protect: exits.protect,
    beginFlatten: exits.beginFlatten,
    entriesOn: books.entriesOn,
    orderBook: books.orderBook,
    positionTotals: positions.positionTotals,
    ledger: positions.ledger,
    funds: funds.funds,
    orderMargin: funds.orderMargin,
    portfolioMargin: funds.portfolioMargin,
    lastPrices: funds.marketPrices,
    marketStatus: () => hours.marketStatus(clock()),
  };
  return { ...trading, updates, calls };
}

export type KiteTrading = ReturnType<typeof createKiteTrading>;
