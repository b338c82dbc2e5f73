// Dhan's postbacks (https://dhanhq.co/docs/v2/postback/): on every change of an order (TRANSIT, PENDING,
// REJECTED, CANCELLED, TRADED, EXPIRED, a modification, a partial fill) Dhan POSTs the order's record, as its
// order book holds it (dhanClientId, orderId, correlationId, orderStatus, filledQty, averageTradedPrice...), to
// the Postback URL given with the access token. This server delivers nowhere: it keeps each body Dhan would
// have sent, and a test posts them to StrikeDesk itself (the reference server's address is the test's).
import type { DhanOrderRecord } from './order-book.ts';

export function createPostbacks() {
  const sent: Array<Record<string, unknown>> = [];
  return {
    /** An order changed: the body Dhan posts for it, as the order stands now. */
    orderChanged: (order: DhanOrderRecord) => void sent.push({ ...order }),
    /** Every body Dhan would have posted, oldest first. */
    sent: () => sent.map((body) => ({ ...body })),
  };
}
