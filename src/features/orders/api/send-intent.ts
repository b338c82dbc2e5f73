// Order safety on the client (ARCHITECTURE.md, "Order safety"). One key per intent: created when the trader
// decides (opening a ticket, pressing "square off"), reused if that same intent is sent again, never for
// another. When the answer is lost (time-out, dropped connection, a 5xx), nothing is re-sent: the order
// book is read and the orders carrying the intent's tag are the answer — found, or definitely not placed.
import { getOrderBook } from '@/features/orders/api/trading-calls';
import type { Order } from '@/features/orders/api/trading-types';
import { isApiError, type ApiError } from '@/lib/api/api-error';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 20 random characters: a valid Kite tag, so the server tags the intent's orders with the key itself. */
export function newIntentKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

export type IntentOutcome =
  /** The broker answered: each order in its state (COMPLETE, OPEN, REJECTED with its reason, ...). */
  | { kind: 'answered'; orders: Order[] }
  /** The answer was lost, and the order book holds these orders of the intent. */
  | { kind: 'found'; orders: Order[] }
  /** The answer was lost, and the order book holds nothing of the intent: it was not placed. */
  | { kind: 'not_placed' }
  /** The broker refused the request itself (4xx): nothing was placed. */
  | { kind: 'refused'; error: ApiError }
  /** The answer was lost and the order book could not be read either: the trader must check before retrying. */
  | { kind: 'unknown'; error: unknown };

/** Failures after which the order may or may not exist. */
export function outcomeUnknown(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.kind === 'network' || error.kind === 'time_out' || error.kind === 'server_error') return true;
  // The same key is still running on the server (a double tap that slipped through, or a retry).
  if (error.code === 'idempotency_in_progress') return true;
  return error.status !== undefined && error.status >= 500;
}

export type SendOptions = {
  /** Called once the outcome is unknown and the order book is being read ("Checking the order book…"). */
  onChecking?: () => void;
  /** Waits between order-book reads while the server may still be working (tests pass a quick one). */
  wait?: (ms: number) => Promise<void>;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sends one intent and always ends in a definite outcome the trader can be told. */
export async function sendIntent(
  key: string,
  accountNumber: string,
  send: (key: string) => Promise<Order[]>,
  { onChecking, wait = sleep }: SendOptions = {},
): Promise<IntentOutcome> {
  try {
    return { kind: 'answered', orders: await send(key) };
  } catch (error) {
    if (!outcomeUnknown(error)) return { kind: 'refused', error: error as ApiError };
    onChecking?.();
    return reconcile(key, accountNumber, wait);
  }
}

/**
 * Reads the order book for the intent's orders. A request that is still running on the server shows
 * nothing yet, so an empty book is read again a few times (2 s apart) before "not placed" is final.
 */
export async function reconcile(key: string, accountNumber: string, wait: (ms: number) => Promise<void> = sleep): Promise<IntentOutcome> {
  let lastError: unknown = null;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    if (attempt > 0) await wait(2000);
    try {
      const book = await getOrderBook(accountNumber);
      const orders = book.order_book.filter((order) => order.tag === key);
      if (orders.length > 0) return { kind: 'found', orders };
      lastError = null;
    } catch (error) {
      lastError = error;
    }
  }
  return lastError === null ? { kind: 'not_placed' } : { kind: 'unknown', error: lastError };
}
