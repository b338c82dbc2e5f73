import type { OrderRequest } from '@/features/orders/api/trading-types';

/**
 * Brokers whose own order forms make an after-market order (AMO) the trader's choice (Dhan's AMO switch, Noren's
 * `amo` for Shoonya and Flattrade), as StrikeDesk's server does for them (LiveWire.afterMarketByChoice): out of
 * hours their live tickets ask, and send `after_market` only when ticked. Kite's and Upstox's make every order out
 * of hours an AMO, and their tickets say so on the send button.
 */
const brokersAskingForAfterMarket: ReadonlySet<string> = new Set(['dhan', 'shoonya', 'flattrade']);

export const asksForAfterMarket = (broker: string | undefined): boolean => broker !== undefined && brokersAskingForAfterMarket.has(broker);

/**
 * When a Dhan AMO goes to the exchange (Dhan's `amoTime`, the request's `after_market_time`): at the pre-open, at the
 * open (Dhan's default), 30 or 60 minutes after it. No other broker's API takes a time: the server refuses one there.
 */
export type AfterMarketTime = NonNullable<OrderRequest['after_market_time']>;
/** The API's four, in the order the ticket offers them. */
export const afterMarketTimes: readonly AfterMarketTime[] = ['PRE_OPEN', 'OPEN', 'OPEN_30', 'OPEN_60'];

export const takesAfterMarketTime = (broker: string | undefined): boolean => broker === 'dhan';
