// The price a LIMIT order goes out at under the `limit_reprice` policy, a pure function of the touch: a buy at
// the best offer plus the buffer, a sell at the best bid less it (the last price stands in for an empty side),
// on the tick, rounded away from the touch (so the buffer is never less than asked), and kept inside the
// exchange's limit price protection band around the last price, which would refuse it beyond. A buffer that
// covers the spread fills at once at the touch; one that does not waits for the next re-price. The tick and the
// band are the dated rows in force on the order's day (market/price-rules.ts), as the paper broker checks them.
import type { Side } from '../brokers/broker-trading.ts';
import { limitPriceProtection, type Quote } from '../brokers/paper/order-rules.ts';
import type { PriceRules } from '../market/price-rules.ts';
import type { Policy } from './execution-policy.ts';

/** The touch an order of `side` trades against: the best offer for a buy, the best bid for a sell, else the last price. */
export function touchOf(side: Side, quote: Quote): number {
  const touch = side === 'BUY' ? quote.askPaise : quote.bidPaise;
  return touch > 0 ? touch : quote.lastPaise;
}

/** The buffer in paise at `touchPaise`: a percentage of it, or a number of ticks. */
export function bufferPaise(policy: Pick<Policy, 'bufferUnit' | 'bufferValue'>, touchPaise: number, tickPaise: number): number {
  return policy.bufferUnit === 'ticks' ? Math.round(policy.bufferValue) * tickPaise : Math.round((touchPaise * policy.bufferValue) / 100);
}

/** The LIMIT price at this quote, on the day's tick, inside the day's band; never below one tick. */
export function limitPriceFor(side: Side, quote: Quote, policy: Pick<Policy, 'bufferUnit' | 'bufferValue'>, rules: PriceRules): number {
  const { tickPaise } = rules;
  const touch = touchOf(side, quote);
  const buffer = bufferPaise(policy, touch, tickPaise);
  const band = limitPriceProtection(rules.band, quote.lastPaise);
  if (side === 'BUY') {
    const wanted = Math.ceil((touch + buffer) / tickPaise) * tickPaise;
    const ceiling = Math.floor(band.highPaise / tickPaise) * tickPaise;
    return Math.max(tickPaise, Math.min(wanted, Math.max(ceiling, Math.ceil(touch / tickPaise) * tickPaise)));
  }
  const wanted = Math.floor((touch - buffer) / tickPaise) * tickPaise;
  const floor = Math.ceil(band.lowPaise / tickPaise) * tickPaise;
  return Math.max(tickPaise, wanted, Math.min(floor, Math.floor(touch / tickPaise) * tickPaise));
}
