import { getOrderBook } from '@/features/orders/api/trading-calls';
import type { Order } from '@/features/orders/api/trading-types';

/**
 * The account's orders today, read beside its positions so each row shows its working stop-loss and target.
 * A failed read is null (unknown): the rows then offer both buttons as before, and the positions still show.
 */
export function ordersForPositions(accountNumber: string): Promise<Order[] | null> {
  return getOrderBook(accountNumber).then(
    (book) => book.order_book,
    () => null,
  );
}
