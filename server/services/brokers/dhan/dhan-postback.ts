// Dhan's postback (https://dhanhq.co/docs/v2/postback/, read 2 December 2026): when the access token was
// generated with a Postback URL (on web.dhan.co, or the API key's settings), Dhan POSTs every change of an order
// placed with that token (TRANSIT, PENDING, REJECTED, CANCELLED, TRADED, EXPIRED, a modification, a partial fill)
// to it as JSON: the order book's record (dhanClientId, orderId, correlationId, orderStatus, transactionType,
// exchangeSegment, productType, orderType, quantity, price, filledQty, averageTradedPrice...). Dhan signs nothing
// and sends no credential, so only the client and the order it names are read: the caller reads the order from
// Dhan's book before anything is applied.
import type { OrderHint } from '../live/order-postbacks.ts';
import { isObject } from './dhan-json.ts';

/** Dhan's ids are short runs of digits (written as strings; a number is taken as the same id): nothing else goes on to a read. */
const idPattern = /^[0-9A-Za-z-]{1,40}$/;
const id = (value: unknown): string | null => {
  const text = typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? String(value) : value;
  return typeof text === 'string' && idPattern.test(text) ? text : null;
};

/** The client and order a postback names; null for a body that is no Dhan order update. */
export function readDhanPostback(body: unknown): OrderHint | null {
  if (!isObject(body)) return null;
  const clientId = id(body.dhanClientId);
  const orderId = id(body.orderId);
  // An order update always says the order's status: a body without one is not Dhan's.
  if (clientId === null || orderId === null || typeof body.orderStatus !== 'string') return null;
  return { clientId, orderId };
}
