// Orders that reduce risk on a live account: square-off, the kill switch's flatten, and protective stop-loss
// and target orders. A broker holds one position per contract and product for the whole account; StrikeDesk
// splits it into the shares its portfolios and bots hold (from the mirrored fills), so an exit is placed
// under the name of the share it closes and each portfolio's P&L closes with it; what no share explains
// (traded in the broker's own app) is closed for the account. Working orders on a position are cancelled before
// it is closed (a stop-loss left behind would open it again), and shorts are bought back before longs are
// sold, so the account is never naked short in between.
import type { Database } from '../../../db/database.ts';
import { checkPortfolio } from '../../portfolios/portfolio-check.ts';
import type { Clock } from '../../clock.ts';
import type { BrokerOrder, OrderBot, OrderIntent, PlannedOrder, PositionRef, Product, TradingAccount } from '../broker-trading.ts';
import { slices } from '../order-slicing.ts';
import { protectiveShares, type ProtectShare } from '../protective-shares.ts';
import { legsToClose as namedLegs } from '../square-off-legs.ts';
import type { LiveContracts, LiveWire } from './live-wire.ts';
import type { Mirror } from './mirror.ts';
import { isShown, toBrokerOrder, type MirrorOrder } from './order-mapping.ts';
import type { LiveOrderChanges } from './order-changes.ts';
import type { OrderPlacing } from './order-placing.ts';
import type { PositionBooks } from './position-books.ts';

/** A share of a position: signed quantity, whose it is. */
export type Leg = { exchange: string; tradingsymbol: string; product: Product; quantity: number; portfolioId: number | null; bot: OrderBot | null };

type ShareRow = { exchange: string; tradingsymbol: string; product: Product; portfolio_id: number | null; bot_kind: OrderBot['kind'] | null; bot_id: number | null; quantity: string };

const positionKey = (leg: { exchange: string; tradingsymbol: string; product: string }) => `${leg.exchange}:${leg.tradingsymbol}:${leg.product}`;

/** The broker's net quantities split into the mirrored shares of the same sign; the rest is the account's own. */
export function splitIntoShares(net: ReadonlyMap<string, { exchange: string; tradingsymbol: string; product: Product; quantity: number }>, shares: readonly Leg[]): Leg[] {
  const legs: Leg[] = [];
  for (const [key, position] of net) {
    let left = position.quantity;
    for (const share of shares) {
      if (positionKey(share) !== key || Math.sign(share.quantity) !== Math.sign(left) || left === 0) continue;
      const taken = Math.sign(left) * Math.min(Math.abs(share.quantity), Math.abs(left));
      legs.push({ ...share, quantity: taken });
      left -= taken;
    }
    if (left !== 0) legs.push({ ...position, quantity: left, portfolioId: null, bot: null });
  }
  return legs;
}

type Deps = { db: Database; clock: Clock; contracts: LiveContracts; wire: LiveWire; mirror: Mirror; placing: OrderPlacing; changes: LiveOrderChanges; positions: PositionBooks };

export function createExits({ db, clock, contracts, wire, mirror, placing, changes, positions }: Deps) {
  async function mirroredShares(accountId: number, portfolioId: number | null): Promise<Leg[]> {
    const { rows } = await db.query<ShareRow>(
      `SELECT t.exchange, t.tradingsymbol, t.product, t.portfolio_id, o.bot_kind, o.bot_id,
         sum(CASE WHEN t.transaction_type = 'BUY' THEN t.quantity ELSE -t.quantity END) AS quantity
       FROM kite_trades t JOIN kite_orders o ON o.broker_account_id = t.broker_account_id AND o.order_id = t.order_id
       WHERE t.broker_account_id = $1 AND ($2::integer IS NULL OR t.portfolio_id = $2)
       GROUP BY t.exchange, t.tradingsymbol, t.product, t.portfolio_id, o.bot_kind, o.bot_id
       HAVING sum(CASE WHEN t.transaction_type = 'BUY' THEN t.quantity ELSE -t.quantity END) <> 0 ORDER BY min(t.id)`,
      [accountId, portfolioId],
    );
    return rows.map((row) => ({
      exchange: row.exchange,
      tradingsymbol: row.tradingsymbol,
      product: row.product,
      quantity: Number(row.quantity),
      portfolioId: row.portfolio_id,
      bot: row.bot_kind === null || row.bot_id === null ? null : { kind: row.bot_kind, id: Number(row.bot_id) },
    }));
  }

  /** What is open: a portfolio's shares (the mirror), or the account's positions at the broker split into shares. */
  async function openLegs(account: TradingAccount, portfolioId: number | null): Promise<Leg[]> {
    if (portfolioId !== null) return mirroredShares(account.id, portfolioId);
    wire.forget(account.id);
    const net = new Map(
      (await positions.brokerPositions(account))
        .filter((position) => position.quantity !== 0)
        .map((position) => [positionKey(position), { exchange: position.exchange, tradingsymbol: position.tradingsymbol, product: position.product as Product, quantity: position.quantity }]),
    );
    return splitIntoShares(net, await mirroredShares(account.id, null));
  }

  /** Working orders on these positions (the portfolio's, or any): cancelled before they are closed. */
  async function workingOn(account: TradingAccount, legs: readonly Leg[], portfolioId: number | null): Promise<MirrorOrder[]> {
    const keys = new Set(legs.map(positionKey));
    return (await mirror.working(account.id)).filter((order) => keys.has(positionKey(order)) && (portfolioId === null || order.portfolio_id === portfolioId));
  }

  /** The shares of `open` that the refs close (all of each position, or the quantity a ref names). */
  function legsToClose(open: readonly Leg[], refs: readonly PositionRef[]): Leg[] {
    return namedLegs(open, refs, (leg, ref) => positionKey(leg) === positionKey(ref));
  }

  /** The MARKET orders that close legs: shorts bought back before longs are sold, each sliced at the freeze quantity. */
  async function exitOrders(legs: readonly Leg[]): Promise<PlannedOrder[]> {
    const ordered = [...legs.filter((leg) => leg.quantity < 0), ...legs.filter((leg) => leg.quantity > 0)];
    const orders: PlannedOrder[] = [];
    for (const [index, leg] of ordered.entries()) {
      const contract = await contracts.contractOf(leg.exchange, leg.tradingsymbol, clock());
      const quantities = contract === null ? [Math.abs(leg.quantity)] : slices(Math.abs(leg.quantity), contract);
      // A square-off's slices of one leg go to the broker as one sliced call (the kill switch's, unnumbered, one by one).
      const group = quantities.length > 1 ? { sliceGroup: index } : {};
      for (const quantity of quantities) {
        orders.push({
          exchange: leg.exchange,
          tradingsymbol: leg.tradingsymbol,
          side: leg.quantity < 0 ? 'BUY' : 'SELL',
          orderType: 'MARKET',
          product: leg.product,
          quantity,
          pricePaise: 0,
          triggerPaise: 0,
          portfolioId: leg.portfolioId,
          purpose: 'squareoff',
          bot: leg.bot,
          ...group,
        });
      }
    }
    return orders;
  }

  /**
   * The kill switch's first step: every working F&O order cancelled (counted, never refused by StrikeDesk's
   * count), and the exits of every position at the broker planned, each slice its own order (no sliced call), for
   * the caller to send paced (trading/flatten.ts).
   */
  async function beginFlatten(account: TradingAccount): Promise<{ cancelled: BrokerOrder[]; orders: PlannedOrder[] }> {
    const book = await changes.freshBook(account);
    const working = book.filter((order) => isShown(order) && !['COMPLETE', 'CANCELLED', 'REJECTED'].includes(order.status));
    const cancelled = working.length === 0 ? [] : await changes.cancelOrders(account, working.map((order) => order.order_id), { unpaced: true });
    const orders = (await exitOrders(await openLegs(account, null))).map(({ sliceGroup: _group, ...order }) => order);
    return { cancelled, orders };
  }

  /** The shares a stop-loss or target goes on: the portfolio's mirrored share, or the account's position at the broker split into shares. */
  async function planProtect(account: TradingAccount, kind: 'stoploss' | 'target', intent: OrderIntent, portfolioId: number | null): Promise<ProtectShare[]> {
    await checkPortfolio(db, account.id, portfolioId);
    const key = positionKey({ exchange: intent.exchange, tradingsymbol: intent.tradingsymbol, product: intent.product });
    return protectiveShares((await openLegs(account, portfolioId)).filter((leg) => positionKey(leg) === key), kind, intent);
  }

  /** One order per planned share under its portfolio's name, each paired with that share's working stop-loss or target if it has one. */
  async function protect(account: TradingAccount, kind: 'stoploss' | 'target', intent: OrderIntent, shares: readonly ProtectShare[], tag: string): Promise<BrokerOrder[]> {
    for (const portfolioId of new Set(shares.map((share) => share.portfolioId))) await checkPortfolio(db, account.id, portfolioId);
    const key = positionKey({ exchange: intent.exchange, tradingsymbol: intent.tradingsymbol, product: intent.product });
    const working = await mirror.working(account.id);
    const partners = shares.map((share) =>
      working.find((order) => positionKey(order) === key && order.portfolio_id === share.portfolioId && (order.purpose === 'stoploss' || order.purpose === 'target')),
    );
    const groups = partners.map((partner) => partner?.oco_group ?? partner?.order_id ?? null);
    const placements = shares.map((share, index) => ({ intent: { ...intent, quantity: share.quantity }, who: { portfolioId: share.portfolioId, bot: null, purpose: kind, ocoGroup: groups[index]! } }));
    const placed = await placing.placeAll(account, placements, tag);
    for (const [index, share] of shares.entries()) {
      // Each share's order is the one under its portfolio (a share is one portfolio's, protective-shares.ts).
      const own = placed.find((order) => order.portfolio_id === share.portfolioId);
      if (own === undefined) continue;
      const partner = partners[index];
      const pair = groups[index] ?? own.order_id;
      await db.query(
        `UPDATE kite_orders SET oco_group = $2 WHERE broker_account_id = $1 AND oco_group IS NULL AND order_id = ANY($3::text[])`,
        [account.id, pair, [own.order_id, ...(partner === undefined ? [] : [partner.order_id])]],
      );
    }
    return (await mirror.byIds(account.id, placed.map((order) => order.order_id))).map(toBrokerOrder);
  }

  return { beginFlatten, planProtect, protect, openLegs, workingOn, legsToClose, exitOrders };
}

export type Exits = ReturnType<typeof createExits>;
