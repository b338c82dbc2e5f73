/**
 * Brokers whose own order forms make an after-market order (AMO) the trader's choice (Dhan's AMO switch, Noren's
 * `amo` for Shoonya and Flattrade), as StrikeDesk's server does for them (LiveWire.afterMarketByChoice): out of
 * hours their live tickets ask, and send `after_market` only when ticked. Kite's and Upstox's make every order out
 * of hours an AMO, and their tickets say so on the send button.
 */
const brokersAskingForAfterMarket: ReadonlySet<string> = new Set(['dhan', 'shoonya', 'flattrade']);

export const asksForAfterMarket = (broker: string | undefined): boolean => broker !== undefined && brokersAskingForAfterMarket.has(broker);
