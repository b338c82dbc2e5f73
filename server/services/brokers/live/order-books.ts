// Reading a live account's orders: the day's book, an intent's orders by tag, the entries counted by the
// trades-today limit. With a session, today's book is the broker's own (every order, the trader's from the
// broker's app too), brought into the mirror on the way, with portfolio and bot from the mirror. Without one
// (logged out, or the session lost just now) and for past days, the mirror answers: what StrikeDesk placed,
// as last seen; the trading service marks such data UNKNOWN, never fresh, and never shows it empty. An
// order's history is the broker's own, with StrikeDesk's attribution from the mirror.
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { notFoundTexts } from '../../texts/not-found-texts.ts';
import { istDate } from '../../market/ist.ts';
import type { BrokerOrder, BrokerTrade, TradingAccount } from '../broker-trading.ts';
import type { LiveWire } from './live-wire.ts';
import type { Mirror } from './mirror.ts';
import { isShownInBook, toBrokerOrder, toBrokerTrade, unmirrored, type MirrorOrder } from './order-mapping.ts';
import type { OrderUpdates } from './order-updates.ts';

/** Clocks differ: an order the broker stamped a little before the claim was taken still belongs to it. */
const clockSkewMs = 60_000;

export function createOrderBooks({ db, clock, wire, mirror, updates }: { db: Database; clock: Clock; wire: LiveWire; mirror: Mirror; updates: OrderUpdates }) {
  /** An intent's orders, from the broker's book read now (never the mirror alone: a lost answer's order is only there). */
  async function ordersByTag(account: TradingAccount, tag: string, since: Date | null = null): Promise<BrokerOrder[]> {
    wire.forget(account.id);
    await updates.apply(account, await wire.orders(account));
    const from = since === null ? null : new Date(since.getTime() - clockSkewMs);
    return (await mirror.byTag(account.id, tag, from)).map(toBrokerOrder);
  }

  async function orderBook(account: TradingAccount, day: string, since: Date | null = null): Promise<{ orders: BrokerOrder[]; trades: BrokerTrade[] }> {
    const today = istDate(clock());
    if (day !== today || !(await wire.hasSession(account))) {
      const stored = await mirror.onDay(account.id, day, since);
      return { orders: stored.orders.map(toBrokerOrder), trades: stored.trades };
    }
    const [book, fills] = await Promise.all([wire.orders(account), wire.trades(account)]);
    await updates.apply(account, book, fills);
    const stored = await mirror.onDay(account.id, day, null);
    const mirrored = new Map(stored.orders.map((row) => [row.order_id, row]));
    const now = clock();
    const rows: MirrorOrder[] = [
      ...book.filter((order) => isShownInBook(order)).map((order) => mirrored.get(order.order_id) ?? unmirrored(order, account.id, now)),
      // StrikeDesk's own records of what the broker never booked (a slice or an order it refused at the door).
      ...stored.orders.filter((row) => !book.some((order) => order.order_id === row.order_id)),
    ];
    const changedSince = (row: MirrorOrder) => since === null || new Date(row.updated_at).getTime() >= since.getTime();
    const orders = rows.filter(changedSince).sort((a, b) => new Date(b.placed_at).getTime() - new Date(a.placed_at).getTime()).map(toBrokerOrder);
    const portfolioOf = (orderId: string) => mirrored.get(orderId)?.portfolio_id ?? null;
    const chargesOf = new Map(stored.trades.map((trade) => [trade.trade_id, trade]));
    const trades = fills
      .filter((trade) => isShownInBook(trade))
      .map((trade) => {
        const charged = chargesOf.get(trade.trade_id);
        return { ...toBrokerTrade(trade, account.id, portfolioOf(trade.order_id)), charges_paise: charged?.charges_paise ?? null, brokerage_not_priced: charged?.brokerage_not_priced === true };
      })
      .filter((trade) => since === null || trade.filled_at.getTime() >= since.getTime())
      .sort((a, b) => b.filled_at.getTime() - a.filled_at.getTime());
    return { orders, trades };
  }

  /** One order: the mirror's after the broker's book was read, or the book's own (an order placed in the broker's app). */
  async function order(account: TradingAccount, orderId: string): Promise<BrokerOrder> {
    const book = (await wire.hasSession(account)) ? await wire.orders(account) : [];
    await updates.apply(account, book);
    const [mirrored] = await mirror.byIds(account.id, [orderId]);
    if (mirrored !== undefined) return toBrokerOrder(mirrored);
    const atBroker = book.find((candidate) => candidate.order_id === orderId && isShownInBook(candidate));
    if (atBroker === undefined) throw DomainError.said('not_found', notFoundTexts.order(orderId, 'account'), { field: 'order_id' });
    return toBrokerOrder(unmirrored(atBroker, account.id, clock()));
  }

  const notFound = (orderId: string) => DomainError.said('not_found', notFoundTexts.order(orderId, 'account'), { field: 'order_id' });

  /**
   * Every state the broker went through with the order, oldest first, each with the mirror's portfolio,
   * purpose and intent (an order from the broker's app: none). An order StrikeDesk recorded as not sent never
   * reached the broker: its one state is the mirror's. A postback's UPDATE is no state; `modifications`
   * counts the broker's MODIFIED so far.
   */
  async function orderHistory(account: TradingAccount, orderId: string): Promise<BrokerOrder[]> {
    const [mirrored] = await mirror.byIds(account.id, [orderId]);
    if (mirrored !== undefined && orderId.startsWith('SD')) return [toBrokerOrder(mirrored)];
    const states = await wire.orderHistory(account, orderId);
    if (states === null || states.length === 0 || !states.every((state) => isShownInBook(state))) throw notFound(orderId);
    let modifications = 0;
    const now = clock();
    return states
      .filter((state) => state.status !== 'UPDATE')
      .map((state) => {
        if (state.status === 'MODIFIED') modifications += 1;
        const base = mirrored ?? unmirrored(state, account.id, now);
        const { placed_at: stateTime, order_id: _id, tag: _tag, slice_parent: _parent, market_protection: _protection, ...said } = state;
        return toBrokerOrder({ ...base, ...said, modifications, updated_at: stateTime ?? base.updated_at });
      });
  }

  async function entriesOn(account: TradingAccount, day: string): Promise<number> {
    const { rows } = await db.query<{ count: string }>(
      `SELECT count(*) AS count FROM kite_orders WHERE broker_account_id = $1 AND trading_day = $2::date AND purpose = 'entry' AND status <> 'REJECTED'`,
      [account.id, day],
    );
    return Number(rows[0]?.count ?? 0);
  }

  return { ordersByTag, order, orderHistory, orderBook, entriesOn };
}

export type OrderBooks = ReturnType<typeof createOrderBooks>;
