import type { OrderRequest } from '@/features/orders/api/trading-types';

/**
 * When a Dhan AMO goes to the exchange (Dhan's `amoTime`, the request's `after_market_time`): at the pre-open, at the
 * open (Dhan's default), 30 or 60 minutes after it.
 */
export type AfterMarketTime = NonNullable<OrderRequest['after_market_time']>;
/** The API's four, in the order the ticket offers them. */
export const afterMarketTimes: readonly AfterMarketTime[] = ['PRE_OPEN', 'OPEN', 'OPEN_30', 'OPEN_60'];

/**
 * What a broker's API does with an after-market order (AMO): `byChoice`, its own order forms make the AMO the
 * trader's choice (Dhan's AMO switch, Noren's `amo` for Shoonya and Flattrade), so out of hours a live ticket asks
 * and sends `after_market` only when ticked (Kite's and Upstox's make every order out of hours an AMO, and their
 * tickets say so on the send button); `times`, the times an AMO may name (Dhan's `amoTime`), none elsewhere.
 */
type AfterMarketWays = { byChoice: boolean; times: readonly AfterMarketTime[] };

/**
 * The one client-side copy of what the server's live wires declare (LiveWire.afterMarketByChoice and
 * LiveWire.afterMarketTimes, which the server checks every order against). Kept here by slug because the API tells
 * the client no broker's capabilities (`Broker` is its id, names and login page; the pasted-token login and Dhan's
 * depth ladder are keyed by slug the same way): a wire that changes what it takes changes this table too. A broker
 * missing here asks for nothing and names no time, as Kite and Upstox.
 */
const afterMarketOf: ReadonlyMap<string, AfterMarketWays> = new Map([
  ['dhan', { byChoice: true, times: afterMarketTimes }],
  ['shoonya', { byChoice: true, times: [] }],
  ['flattrade', { byChoice: true, times: [] }],
]);

const waysOf = (broker: string | undefined): AfterMarketWays | undefined => (broker === undefined ? undefined : afterMarketOf.get(broker));

export const asksForAfterMarket = (broker: string | undefined): boolean => waysOf(broker)?.byChoice === true;

/** The AMO times the broker takes, in the order offered; none where its API takes no time (the server refuses one there). */
export const afterMarketTimesOf = (broker: string | undefined): readonly AfterMarketTime[] => waysOf(broker)?.times ?? [];
