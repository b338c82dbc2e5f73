// The market assumptions every figure shares: the option chain the simulator quotes, the strategy builder's
// lines and greeks, the paper broker's margins, the bots and the analytics all price with this rate and this
// dividend assumption, so a leg bought at the chain's price shows no P&L in the builder the moment it is bought.
// (The builder once assumed 6.5 % while the simulator priced at 5.5 %: a single leg showed ₹170–762 a lot of
// P&L that did not exist.) The smile has one home too: the simulator's smileVolatility and its parameters
// (table market_simulation), which prices the chain; the builder reads each leg's volatility back from its
// premium (premium-volatility.ts). The chain's IV column is NSE's own convention (exchange-volatility.ts).

export type MarketAssumptions = {
  /**
   * Continuously compounded rate Black-76 discounts at and the forward grows by: 5.5 %, the RBI repo rate
   * from June 2025, as a round cost of carry for index futures.
   */
  rate: number;
  /**
   * Continuous dividend yield of the index: 0, because the rate above is the futures' net carry (the basis
   * already has the index dividends in it) and Black-76 works on the forward.
   */
  dividendYield: number;
};

export const marketAssumptions: MarketAssumptions = { rate: 0.055, dividendYield: 0 };
