// Modifying and cancelling orders on Kite, read from Kite's book first (its variety, whether it is still
// working) and answered as the book says right after. Kite allows 25 modifications an order (counted on the
// mirror, refused here before Kite would); a final order is answered as it is when cancelled again, so
// repeating a cancel is harmless. Orders the trader placed in Kite's own app can be changed too: they are
// in the account's book, without a portfolio.
import { DomainError } from '../../domain-error.ts';
import { notFoundTexts } from '../../texts/not-found-texts.ts';
import type { Clock } from '../../clock.ts';
import type { BrokerOrder, OrderChanges, TradingAccount } from '../broker-trading.ts';
import { KiteOutcomeUnknownError } from '../kite/kite-errors.ts';
import { cancelOrder, modifyOrder as kiteModify, type KiteModifyOrder } from '../kite/kite-orders.ts';
import type { KiteOrder, KiteOrderType, KiteVariety } from '../kite/kite-order-types.ts';
import { changeVariety } from './kite-hours.ts';
import type { KiteCalls } from './kite-calls.ts';
import { domainErrorOf, outcomeUnknown } from './kite-failures.ts';
import type { Mirror } from './mirror.ts';
import { isFinal, toBrokerOrder, unmirrored } from './order-mapping.ts';
import type { OrderUpdates } from './order-updates.ts';
import type { KiteRateLimits } from './rate-limits.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';
import { changeRefusalTexts } from '../../texts/change-refusal-texts.ts';

type Deps = { clock: Clock; calls: KiteCalls; mirror: Mirror; updates: OrderUpdates; limits: KiteRateLimits };


export function createOrderChanges({ clock, calls, mirror, updates, limits }: Deps) {
  /** Kite's book now, applied to the mirror. */
  async function freshBook(account: TradingAccount): Promise<KiteOrder[]> {
    calls.forget(account.id);
    const book = await calls.orders(account);
    await updates.apply(account, book);
    return book;
  }

  /** The orders as StrikeDesk answers them: the mirror's rows, or Kite's own record for the trader's other orders. */
  async function answer(account: TradingAccount, ids: readonly string[], book: readonly KiteOrder[]): Promise<BrokerOrder[]> {
    const mirrored = new Map((await mirror.byIds(account.id, ids)).map((row) => [row.order_id, row]));
    return ids.flatMap((id) => {
      const row = mirrored.get(id) ?? (() => {
        const order = book.find((candidate) => candidate.order_id === id);
        return order === undefined ? undefined : unmirrored(order, account.id, clock());
      })();
      return row === undefined ? [] : [toBrokerOrder(row)];
    });
  }

  /** Where a change of this order goes: the variety the mirror sent it as (Kite's book for the trader's own orders), as Kite holds it now. */
  async function varietyOf(account: TradingAccount, order: KiteOrder): Promise<KiteVariety> {
    const row = (await mirror.byIds(account.id, [order.order_id]))[0];
    return changeVariety(row?.variety ?? order.variety, order.exchange_order_id);
  }

  function findIn(book: readonly KiteOrder[], orderId: string): KiteOrder {
    const order = book.find((candidate) => candidate.order_id === orderId);
    if (order === undefined) throw DomainError.said('not_found', notFoundTexts.order(orderId, 'kite'), { field: 'order_id' });
    return order;
  }

  async function modifyOrder(account: TradingAccount, orderId: string, changes: OrderChanges): Promise<BrokerOrder> {
    const book = await freshBook(account);
    const order = findIn(book, orderId);
    if (isFinal(order.status)) {
      throw DomainError.said('order_not_working', changeRefusalTexts.notWorking(orderId, order.status), { field: 'order_id' });
    }
    const row = (await mirror.byIds(account.id, [orderId]))[0];
    if (row !== undefined && row.modifications >= limits.limits.modificationsPerOrder) {
      throw DomainError.said('modification_limit', changeRefusalTexts.modificationLimit(orderId, limits.limits.modificationsPerOrder), { field: 'order_id' });
    }
    const form: KiteModifyOrder = {
      ...(changes.orderType === undefined ? {} : { order_type: changes.orderType as KiteOrderType }),
      ...(changes.orderType === 'MARKET' || changes.orderType === 'SL-M' ? { market_protection: -1 } : {}),
      ...(changes.quantity === undefined ? {} : { quantity: changes.quantity }),
      ...(changes.pricePaise === undefined ? {} : { price: changes.pricePaise / 100 }),
      ...(changes.triggerPaise === undefined ? {} : { trigger_price: changes.triggerPaise / 100 }),
    };
    await limits.reserve(account.id, 'order');
    const variety = changeVariety(row?.variety ?? order.variety, order.exchange_order_id);
    try {
      await calls.withSession(account, (session) => kiteModify(session.http, variety, orderId, form));
    } catch (error) {
      if (error instanceof KiteOutcomeUnknownError) throw outcomeUnknown(kiteCalls.modification(orderId));
      throw domainErrorOf(error, 'order', kiteCalls.modification(orderId)) ?? error;
    }
    await mirror.countModification(account.id, orderId);
    const after = await freshBook(account).catch(() => book);
    return (await answer(account, [orderId], after))[0]!;
  }

  /** `unpaced`: the kill switch's cancels, counted but never refused by StrikeDesk's count (rate-limits.ts record). */
  async function cancelOrders(account: TradingAccount, orderIds: readonly string[], { unpaced = false } = {}): Promise<BrokerOrder[]> {
    const book = await freshBook(account);
    const orders = orderIds.map((id) => findIn(book, id));
    const working = orders.filter((order) => !isFinal(order.status));
    if (unpaced) await limits.record(account.id, 'order', working.length);
    else await limits.reserve(account.id, 'order', working.length);
    let unknown: string | null = null;
    for (const order of working) {
      const variety = await varietyOf(account, order);
      try {
        await calls.withSession(account, (session) => cancelOrder(session.http, variety, order.order_id));
      } catch (error) {
        if (error instanceof KiteOutcomeUnknownError) {
          unknown ??= order.order_id;
          continue;
        }
        const refusal = domainErrorOf(error, 'order', kiteCalls.cancellation(order.order_id));
        // An order that became final meanwhile (Kite: "cannot be cancelled as it is COMPLETE") is answered as it is.
        if (refusal === null || refusal.code !== 'order_refused') throw refusal ?? error;
      }
    }
    const after = working.length === 0 ? book : await freshBook(account);
    if (unknown !== null && !isFinal(findIn(after, unknown).status)) throw outcomeUnknown(kiteCalls.cancellation(unknown));
    return answer(account, orderIds, after);
  }

  return { modifyOrder, cancelOrders, freshBook, answer };
}

export type KiteOrderChanges = ReturnType<typeof createOrderChanges>;

