// Modifying and cancelling orders on a live broker, read from the broker's book first (where it holds the
// order, whether it is still working) and answered as the book says right after. Modifications an order are
// counted on the mirror and refused here before the broker would (Kite allows 25); a final order is answered
// as it is when cancelled again, so repeating a cancel is harmless. Orders the trader placed in the broker's
// own app can be changed too: they are in the account's book, without a portfolio.
import { DomainError } from '../../domain-error.ts';
import { notFoundTexts } from '../../texts/not-found-texts.ts';
import type { Clock } from '../../clock.ts';
import type { BrokerOrder, OrderChanges, TradingAccount } from '../broker-trading.ts';
import { BrokerOutcomeUnknownError } from '../outcome-unknown.ts';
import type { LiveWire, WireOrder } from './live-wire.ts';
import type { Mirror } from './mirror.ts';
import { isFinal, toBrokerOrder, unmirrored } from './order-mapping.ts';
import type { OrderUpdates } from './order-updates.ts';
import type { RateLimits } from './rate-limits.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';
import { changeRefusalTexts } from '../../texts/change-refusal-texts.ts';

type Deps = { clock: Clock; wire: LiveWire; mirror: Mirror; updates: OrderUpdates; limits: RateLimits };

export function createOrderChanges({ clock, wire, mirror, updates, limits }: Deps) {
  /** The broker's book now, applied to the mirror. */
  async function freshBook(account: TradingAccount): Promise<WireOrder[]> {
    wire.forget(account.id);
    const book = await wire.orders(account);
    await updates.apply(account, book);
    return book;
  }

  /** The orders as StrikeDesk answers them: the mirror's rows, or the broker's own record for the trader's other orders. */
  async function answer(account: TradingAccount, ids: readonly string[], book: readonly WireOrder[]): Promise<BrokerOrder[]> {
    const mirrored = new Map((await mirror.byIds(account.id, ids)).map((row) => [row.order_id, row]));
    return ids.flatMap((id) => {
      const row = mirrored.get(id) ?? (() => {
        const order = book.find((candidate) => candidate.order_id === id);
        return order === undefined ? undefined : unmirrored(order, account.id, clock());
      })();
      return row === undefined ? [] : [toBrokerOrder(row)];
    });
  }

  /** The variety the mirror sent the order as (null: the trader's own order), which tells the broker where it holds it. */
  async function placedAs(account: TradingAccount, orderId: string): Promise<string | null> {
    return (await mirror.byIds(account.id, [orderId]))[0]?.variety ?? null;
  }

  function findIn(book: readonly WireOrder[], orderId: string): WireOrder {
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
    await limits.reserve(account.id, 'order');
    try {
      await wire.modify(account, order, row?.variety ?? null, changes);
    } catch (error) {
      if (error instanceof BrokerOutcomeUnknownError) throw wire.outcomeUnknown(kiteCalls.modification(orderId));
      throw error;
    }
    await mirror.countModification(account.id, orderId);
    const after = await freshBook(account).catch(() => book);
    return (await answer(account, [orderId], after))[0]!;
  }

  /** `unpaced`: the kill switch's cancels, never refused by StrikeDesk's count: each waits for room (rate-limits.ts pace). */
  async function cancelOrders(account: TradingAccount, orderIds: readonly string[], { unpaced = false } = {}): Promise<BrokerOrder[]> {
    const book = await freshBook(account);
    const orders = orderIds.map((id) => findIn(book, id));
    const working = orders.filter((order) => !isFinal(order.status));
    if (!unpaced) await limits.reserve(account.id, 'order', working.length);
    let unknown: string | null = null;
    for (const order of working) {
      if (unpaced) await limits.pace(account.id);
      try {
        await wire.cancel(account, order, await placedAs(account, order.order_id));
      } catch (error) {
        if (error instanceof BrokerOutcomeUnknownError) {
          unknown ??= order.order_id;
          continue;
        }
        // An order that became final meanwhile (Kite: "cannot be cancelled as it is COMPLETE") is answered as it is.
        if (!(error instanceof DomainError) || error.code !== 'order_refused') throw error;
      }
    }
    const after = working.length === 0 ? book : await freshBook(account);
    if (unknown !== null && !isFinal(findIn(after, unknown).status)) throw wire.outcomeUnknown(kiteCalls.cancellation(unknown));
    return answer(account, orderIds, after);
  }

  return { modifyOrder, cancelOrders, freshBook, answer };
}

export type LiveOrderChanges = ReturnType<typeof createOrderChanges>;

