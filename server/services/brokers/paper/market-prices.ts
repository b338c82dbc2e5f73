// The paper broker's prices come from the simulated market: its quotes (rupees) read as paise, the index's
// closing value for expiry settlement, the smile for margin, and its session clock for "market closed". Every read
// goes through the caller's transaction (on PGlite, a query outside it would wait for it forever).
import type { Queryable } from '../../../db/database.ts';
import { closingValuePaise } from '../../market/closing-value.ts';
import { indexLevelBeforePaise } from '../../market/index-level.ts';
import { indexFacts, type IndexName } from '../../market/index-config.ts';
import type { IndexSnapshot, LastPrice, MarketService } from '../../market/market-service.ts';
import type { Quote } from './order-rules.ts';
import type { PriceSource } from './price-source.ts';
import { toPaise } from './paise.ts';
import { indexUnderlyings } from '../kite/instruments.ts';
import { contractExpiryMs } from '../../market/trading-calendar.ts';

/** Quotes (rupees, the simulator's or a live feed's) read as paise; instruments without a book (an index) are left out. */
export function quotesOf(data: Record<string, LastPrice>): Map<string, Quote> {
  const found = new Map<string, Quote>();
  for (const [key, quote] of Object.entries(data)) {
    if (quote.bid === undefined || quote.ask === undefined) continue;
    found.set(key, {
      bidPaise: toPaise(quote.bid),
      askPaise: toPaise(quote.ask),
      lastPaise: toPaise(quote.last_price),
      closePaise: toPaise(quote.close ?? quote.last_price),
    });
  }
  return found;
}

/** One of the five indices the market ticks (the others it prices are simulated stocks). */
const isIndex = (name: string) => (indexUnderlyings as readonly string[]).includes(name);

export function marketPrices(market: MarketService, db: Queryable): PriceSource {
  // The market's state as of its last tick, read once a tick (market/tick-states.ts), and within a
  // transaction the same for all of it: an order's quote, margin and checks all see the same tick.
  const statesByTransaction = new WeakMap<Queryable, Promise<Map<IndexName, IndexSnapshot>>>();
  const statesIn = (q: Queryable) => {
    if (q === db) return market.currentStates(q);
    let states = statesByTransaction.get(q);
    if (states === undefined) {
      states = market.currentStates(q);
      statesByTransaction.set(q, states);
    }
    return states;
  };
  async function spotPaise(index: IndexName, q: Queryable): Promise<number> {
    const states = await statesIn(q);
    const state = states.get(index);
    if (state !== undefined) return state.spotPaise;
    // A simulated stock: its spot at the NSE clock's tick (stocks/stock-market.ts).
    const stock = isIndex(index) ? null : await market.stockSpotPaiseAt(index, states.get('NIFTY')?.tickedAtMs ?? Date.now(), q);
    if (stock === null) throw new Error(`The market has no state for ${index}`);
    return stock;
  }
  return {
    async quotes(keys, q) {
      return quotesOf(await market.quotes(keys, await statesIn(q), q));
    },
    // Each index as it stood at `at`: its last recorded level at or before that instant (the stored state if it
    // ticked no later, else the last minute candle that closed by then), and the options priced at that instant
    // (time to expiry, spread by time of day). With no record that old (candles are kept 30 days) the index's
    // current level stands in.
    async quotesAt(keys, at, q) {
      const then = new Map<IndexName, IndexSnapshot>();
      for (const [index, state] of await statesIn(q)) {
        const level = await indexLevelBeforePaise(q, index, at, state);
        then.set(index, { ...state, spotPaise: level ?? state.spotPaise, tickedAtMs: at.getTime() });
      }
      return quotesOf(await market.quotes(keys, then, q));
    },
    spotPaise,
    // With no candle of the closing half hour (the server was off then), the last spot is all there is.
    // A simulated stock settles at its spot at the close of the expiry day (its path is a function of time): the
    // price its futures deliver at (settlement.ts, physical delivery).
    async closingValuePaise(index, day, q) {
      const stock = isIndex(index) ? null : await market.stockSpotPaiseAt(index, contractExpiryMs(await market.calendar('NSE', q), day), q);
      if (stock !== null) return stock;
      return (await closingValuePaise(q, index, day)) ?? (await spotPaise(index, q));
    },
    pricing: async (index, q) => market.pricing(index, q, await statesIn(q)),
    marketOpen: async (exchange, now, q) => (await market.sessionState(exchange === 'BFO' ? 'BSE' : 'NSE', now, q)).open,
    session: (exchange, now, q) => market.sessionState(exchange === 'BFO' ? 'BSE' : 'NSE', now, q),
    demo: market.demo,
  };
}

/** The freeze quantity in force today, from the effective-dated index facts. */
export async function freezeQuantity(q: Queryable, index: IndexName, now: Date): Promise<number> {
  return (await indexFacts(q, index, now)).freezeQuantity;
}
