// The exchange's and the broker's rules for one order, pure: what a trader meets on Kite, worded so they
// know what to change. Each refusal becomes a REJECTED order with this text as its status_message (the
// order book shows why, as Kite's does); nothing here touches the database.
import type { OrderType, Side } from '../broker-trading.ts';
import { formatPaise } from './paise.ts';

/** A contract's prices at one tick, in paise. */
export type Quote = { bidPaise: number; askPaise: number; lastPaise: number; closePaise: number };

export type OrderShape = {
  side: Side;
  orderType: OrderType;
  quantity: number;
  pricePaise: number;
  triggerPaise: number;
  lotSize: number;
  tickPaise: number;
};

/** An option market order fills only within this much of the last price (NSE: 20 %, at least ₹10). */
export function marketProtectionPaise(lastPaise: number): number {
  return Math.max(Math.round(lastPaise * 0.2), 1000);
}

/**
 * The limit prices a broker accepts around the last price (Zerodha blocks option limits far from the last
 * price: a buy more than 150 % above it, a sell more than 50 % below it when it is ₹100 or more).
 */
export function limitBand(side: Side, lastPaise: number): { lowPaise: number; highPaise: number } {
  if (side === 'BUY') return { lowPaise: 0, highPaise: Math.max(Math.round(lastPaise * 2.5), lastPaise + 1000) };
  return { lowPaise: lastPaise >= 10_000 ? Math.round(lastPaise * 0.5) : 0, highPaise: Number.MAX_SAFE_INTEGER };
}

export const slmRefusal =
  'SL-M orders are not allowed for index options (NSE and BSE, since 27 September 2021). Place an SL order with a limit price instead.';

/** Why this order cannot be placed at this quote, or null when the exchange would take it. */
export function orderRefusal(order: OrderShape, quote: Quote): string | null {
  if (order.orderType === 'SL-M') return slmRefusal;
  if (order.quantity % order.lotSize !== 0) {
    const lots = Math.max(1, Math.round(order.quantity / order.lotSize));
    return `Quantity ${order.quantity} is not a multiple of the lot size ${order.lotSize}. Enter whole lots, for example ${lots * order.lotSize} (${lots} ${lots === 1 ? 'lot' : 'lots'}).`;
  }
  const priced = order.orderType === 'LIMIT' || order.orderType === 'SL';
  if (priced && order.pricePaise <= 0) return 'Enter a price above ₹0 for a limit order.';
  if (priced && order.pricePaise % order.tickPaise !== 0) {
    return `Price ${formatPaise(order.pricePaise)} is not a multiple of the tick size ${formatPaise(order.tickPaise)}.`;
  }
  if (order.orderType === 'SL') {
    if (order.triggerPaise <= 0) return 'Enter a trigger price above ₹0 for a stop-loss order.';
    if (order.triggerPaise % order.tickPaise !== 0) {
      return `Trigger price ${formatPaise(order.triggerPaise)} is not a multiple of the tick size ${formatPaise(order.tickPaise)}.`;
    }
    if (order.side === 'BUY' && order.triggerPaise <= quote.lastPaise) {
      return `The trigger price of a stop-loss buy must be above the last price (${formatPaise(quote.lastPaise)}).`;
    }
    if (order.side === 'SELL' && order.triggerPaise >= quote.lastPaise) {
      return `The trigger price of a stop-loss sell must be below the last price (${formatPaise(quote.lastPaise)}).`;
    }
    if (order.side === 'BUY' && order.pricePaise < order.triggerPaise) return 'The limit price of a stop-loss buy must be at or above its trigger price.';
    if (order.side === 'SELL' && order.pricePaise > order.triggerPaise) return 'The limit price of a stop-loss sell must be at or below its trigger price.';
  }
  if (priced) {
    const band = limitBand(order.side, quote.lastPaise);
    if (order.pricePaise > band.highPaise || order.pricePaise < band.lowPaise) {
      const limit = order.side === 'BUY' ? `above ${formatPaise(band.highPaise)}` : `below ${formatPaise(band.lowPaise)}`;
      return `Limit price ${formatPaise(order.pricePaise)} is too far from the last price ${formatPaise(quote.lastPaise)}: a ${order.side === 'BUY' ? 'buy' : 'sell'} limit ${limit} is blocked.`;
    }
  }
  return null;
}

export type FillDecision =
  | { action: 'none' }
  | { action: 'trigger' }
  | { action: 'fill'; pricePaise: number }
  | { action: 'cancel'; message: string };

/** What a MARKET order does at this quote: fill at the other side, or cancel outside the protection band. */
export function marketFill(side: Side, quote: Quote): FillDecision {
  const protection = marketProtectionPaise(quote.lastPaise);
  const price = side === 'BUY' ? quote.askPaise : quote.bidPaise;
  // A price of 0 is an empty side of the book (nobody bids or offers), never a price to fill at.
  const beyond = price <= 0 || (side === 'BUY' ? price > quote.lastPaise + protection : price < quote.lastPaise - protection);
  if (beyond) {
    const band = `${formatPaise(Math.max(0, quote.lastPaise - protection))}–${formatPaise(quote.lastPaise + protection)}`;
    const sideName = side === 'BUY' ? 'offer' : 'bid';
    const best = price <= 0 ? `there is no ${sideName}` : `the best ${sideName} is ${formatPaise(price)}`;
    return { action: 'cancel', message: `Market order cancelled by market protection: ${best}, outside ${band} (last price ± 20 %, at least ₹10).` };
  }
  return { action: 'fill', pricePaise: price };
}

/** What a LIMIT order does: fill at the limit or better when the market reaches it. */
export function limitFill(side: Side, limitPaise: number, quote: Quote): FillDecision {
  if (side === 'BUY' && quote.askPaise > 0 && quote.askPaise <= limitPaise) return { action: 'fill', pricePaise: quote.askPaise };
  if (side === 'SELL' && quote.bidPaise > 0 && quote.bidPaise >= limitPaise) return { action: 'fill', pricePaise: quote.bidPaise };
  return { action: 'none' };
}

/** Whether a stop-loss triggers at this quote: a buy stop when the last price rises to it, a sell stop when it falls to it. */
export function stopTriggered(side: Side, triggerPaise: number, quote: Quote): boolean {
  return side === 'BUY' ? quote.lastPaise >= triggerPaise : quote.lastPaise <= triggerPaise;
}
