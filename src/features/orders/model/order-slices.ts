// How the broker sends one order the trader asks for, so the ticket can say it before sending. Above the
// exchange's freeze quantity an order goes out as several (Kite's autoslice), each at most the freeze
// quantity in whole lots, and at most 20 of them: a larger order is refused (place the rest as another). The
// broker takes 10 orders a second per account, so more go out over the next seconds (the server paces them).

/** Kite's autoslice splits one order into at most this many. */
export const maxSlicesPerOrder = 20;
/** Orders a second per account (Kite's limit). */
export const ordersPerSecond = 10;

export type SlicePlan = {
  /** Orders the quantity goes out as. */
  orders: number;
  /** The most one of them holds: the freeze quantity in whole lots. */
  perOrder: number;
  /** The most one order may ask for: 20 slices. */
  largest: number;
  /** Seconds it takes to go out, beyond the first. */
  extraSeconds: number;
  tooMany: boolean;
};

/** null when the quantity goes out as one order (or when it is not in whole lots: the broker refuses that itself). */
export function slicePlan(quantity: number, lotSize: number, freezeQuantity: number): SlicePlan | null {
  const perOrder = Math.max(lotSize, Math.floor(freezeQuantity / lotSize) * lotSize);
  if (quantity <= perOrder || quantity % lotSize !== 0) return null;
  const orders = Math.ceil(quantity / perOrder);
  return {
    orders,
    perOrder,
    largest: perOrder * maxSlicesPerOrder,
    extraSeconds: Math.ceil(Math.min(orders, maxSlicesPerOrder) / ordersPerSecond) - 1,
    tooMany: orders > maxSlicesPerOrder,
  };
}
