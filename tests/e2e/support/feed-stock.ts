/**
 * The F&O stock the suite's Kite and Upstox test servers list beside their indices and NIFTY's chain, as a broker's
 * whole instrument list would (issue 63): RELIANCE's NSE equity, by Kite's token (738561 = exchange token 2885, NSE's
 * low byte 1) and by Upstox's key (its ISIN). The paper-on-feed specs stream its spot through each broker's feed.
 */
export const feedStock = { symbol: 'RELIANCE', kiteEquityToken: 2885, isin: 'INE002A01018', spot: 1310 } as const;
