// The simulated market: ticks its indices on the leader (market-ticks.ts), lists option contracts
// (market-contracts.ts), and answers quotes (market-quotes.ts), all on one shared core (market-core.ts).
// Every instance reads the stored index state and computes option quotes from it (simulator.ts is pure),
// so all serve the same prices.
import { createMarketContracts } from './market-contracts.ts';
import { createMarketCore, type MarketOptions } from './market-core.ts';
import { createMarketQuotes } from './market-quotes.ts';
import { createMarketTicks } from './market-ticks.ts';
import { createStockMarket } from './stocks/stock-market.ts';

export type { MarketOptions, MarketStatus } from './market-core.ts';
export type { IndexSnapshot } from './market-rows.ts';
export type { LastPrice } from './market-quotes.ts';
export { marketLockKey } from './market-ticks.ts';
export { strikesEachSide } from './market-contracts.ts';

export function createMarketService(options: MarketOptions) {
  const core = createMarketCore(options);
  const ticks = createMarketTicks(core, options);
  const stocks = createStockMarket(core, options);
  const contracts = createMarketContracts(core, options, stocks);
  const { quotes, pricing, indicesOfInstruments } = createMarketQuotes(core, contracts, options, stocks);
  return {
    tick: ticks.tick,
    trade: ticks.trade,
    states: core.states,
    readStates: (q?: Parameters<typeof core.readStates>[0]) => core.readStates(q),
    /** The stored states as of the last tick, read once a tick (tick-states.ts). */
    currentStates: core.tickStates.current,
    listenForTicks: core.tickStates.listen,
    /** Called at each tick any instance commits, as the database tells it (while listening); answers its stop. */
    onTickNotice: core.tickStates.heard,
    status: core.status,
    sessionState: core.sessionState,
    /** The exchange calendar the market runs on (what the variance clock and the sessions read). */
    calendar: core.calendar,
    pricing,
    expiries: contracts.expiries,
    instruments: contracts.instruments,
    quotes,
    indicesOfInstruments,
    /** A simulated stock's spot at an instant, in paise (null for a symbol the simulator does not price). */
    stockSpotPaiseAt: stocks.spotAt,
    stocksPricedThisTick: stocks.stocksPricedThisTick,
    pruneCandles: ticks.pruneCandles,
    candles: ticks.candles,
    tickMs: options.tickMs,
    demo: options.demo,
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
