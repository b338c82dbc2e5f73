// An Upstox feed update as the price stream's quote (LastPrice, the shape the simulator's and Kite's quotes
// have), so the PWA reads every source alike. Upstox's full modes also carry what Kite's ticker does not:
// option greeks and implied volatility (https://upstox.com/developer/api-documentation/option-greek), passed on
// as the contract names them. Figures the contract bounds
// (delta within ±1, gamma and vega not negative) are left out when Upstox's are outside, never clamped.
import type { LastPrice } from '../../market/market-service.ts';
import type { FeedUpdate } from './feed-frames.ts';

const round2 = (value: number) => Math.round(value * 100) / 100;

/** `receivedAt`: the frame's time (Upstox's currentTs), else when it arrived. */
export function quoteOfFeed(update: FeedUpdate, receivedAt: Date): LastPrice | null {
  const { ltpc } = update;
  if (ltpc === null) return null;
  // Stamped with the frame's time, as Kite's ticks carry their packet's: the quote (its bid, ask, OI) is that
  // fresh even when the contract last traded minutes ago, and screens judge a price's age by it.
  const quote: LastPrice = { last_price: ltpc.ltp, timestamp: receivedAt.toISOString() };
  if (ltpc.cp > 0) {
    quote.close = ltpc.cp;
    quote.change = round2(ltpc.ltp - ltpc.cp);
    quote.change_percent = round2(((ltpc.ltp - ltpc.cp) / ltpc.cp) * 100);
  }
  // The day's candle ('1d') gives the session's open, high and low.
  const day = update.candles.find((candle) => candle.interval === '1d');
  if (day) Object.assign(quote, { open: day.open, high: day.high, low: day.low });
  if (update.kind === 'ltpc' || update.kind === 'index_full') return quote;
  quote.volume = update.vtt;
  quote.oi = Math.round(update.oi);
  const best = update.depth[0];
  // An empty side of the book reads 0: no bid is not a bid of zero.
  if (best && best.bidQ > 0) quote.bid = best.bidP;
  if (best && best.askQ > 0) quote.ask = best.askP;
  // Upstox sends implied volatility as a fraction (its option-greek API's example: 0.336 for 33.6 %); the
  // contract's `iv` is in percent. It is Upstox's own model, not NSE's chain figure.
  if (update.iv > 0) quote.iv = round2(update.iv * 100);
  const greeks = update.greeks;
  if (greeks) {
    if (Math.abs(greeks.delta) <= 1) quote.delta = greeks.delta;
    if (greeks.gamma >= 0) quote.gamma = greeks.gamma;
    quote.theta = greeks.theta;
    if (greeks.vega >= 0) quote.vega = greeks.vega;
  }
  return quote;
}
