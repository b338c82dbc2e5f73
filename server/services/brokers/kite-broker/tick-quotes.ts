// A Kite tick as the price stream's quote (LastPrice, the shape the simulator's quotes have), so the PWA reads
// live and simulated prices alike. The ticker runs in full mode: index packets give OHLC and the exchange's
// time, option packets the day's volume, open interest and the best bid and ask. Greeks and implied
// volatility are the simulator's own inventions and are left out: the contract promises only last_price and
// timestamp. A tick without the exchange's time is stamped when it arrived.
import type { LastPrice } from '../../market/market-service.ts';
import type { KiteTick } from '../kite/ticker-packets.ts';

const round2 = (value: number) => Math.round(value * 100) / 100;

export function quoteOfTick(tick: KiteTick, receivedAt: Date): LastPrice {
  const quote: LastPrice = { last_price: tick.last_price, timestamp: receivedAt.toISOString() };
  if (tick.mode === 'ltp') return quote;
  const { ohlc } = tick;
  const exchangeTime = 'timestamp' in tick ? tick.timestamp : null;
  if (exchangeTime !== null) quote.timestamp = exchangeTime.toISOString();
  if (ohlc.close > 0) {
    quote.close = ohlc.close;
    quote.change = round2(tick.last_price - ohlc.close);
    quote.change_percent = round2(((tick.last_price - ohlc.close) / ohlc.close) * 100);
  }
  Object.assign(quote, { open: ohlc.open, high: ohlc.high, low: ohlc.low });
  if (!tick.tradable) return quote;
  quote.volume = tick.volume;
  if (tick.mode !== 'full') return quote;
  quote.oi = tick.oi;
  const bid = tick.depth.buy[0];
  const ask = tick.depth.sell[0];
  // An empty side of the book reads 0 in Kite's packet: no bid is not a bid of zero.
  if (bid !== undefined && bid.quantity > 0) quote.bid = bid.price;
  if (ask !== undefined && ask.quantity > 0) quote.ask = ask.price;
  return quote;
}
