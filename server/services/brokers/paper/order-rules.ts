// The exchange's and the broker's rules for one order, pure: what a trader meets on Kite, worded so they
// know what to change. Each refusal becomes a REJECTED order with this text as its status_message (the
// order book shows why, as Kite's does), and its code as status_message_i18n; nothing here touches the database.
import { said, type Said } from '../../texts/said.ts';
import type { ProtectionBand } from '../../market/price-rules.ts';
import type { OrderType, Side } from '../broker-trading.ts';
import { formatPaise, toRupees } from './paise.ts';

/** A contract's prices at one tick, in paise. */
export type Quote = { bidPaise: number; askPaise: number; lastPaise: number; closePaise: number };

export type OrderShape = {
  side: Side;
  orderType: OrderType;
  quantity: number;
  pricePaise: number;
  triggerPaise: number;
  lotSize: number;
  /** The tick and the exchange's band in force on the order's day (market/price-rules.ts). */
  tickPaise: number;
  band: ProtectionBand;
};

/** An option market order fills only within this much of the last price (NSE: 20 %, at least ₹10). */
export function marketProtectionPaise(lastPaise: number): number {
  return Math.max(Math.round(lastPaise * 0.2), 1000);
}

/**
 * The exchange's limit price protection (LPP) around a contract's reference price: a buy limit above the
 * high end or a sell limit below the low end is rejected by the exchange itself. The band is the dated row in
 * force on the order's day (price_protection_bands, migration 092: NSE/FAOP/54242 for NSE, BSE's circular of
 * 5 April 2024 for BSE), read through market/price-rules.ts. The reference price is the exchange's average of the
 * contract's trades over the last 30 seconds; the simulator's last traded price stands for it.
 */
export function limitPriceProtection(band: Pick<ProtectionBand, 'minWidthPaise' | 'fraction'>, referencePaise: number): { lowPaise: number; highPaise: number } {
  const width = Math.max(band.minWidthPaise, Math.round(referencePaise * band.fraction));
  return { lowPaise: Math.max(0, referencePaise - width), highPaise: referencePaise + width };
}

/** The band as a trader reads it: "NSE: ±40 % of the reference price, at least ±₹20.00". */
const bandRule = (band: ProtectionBand) => `${band.exchange}: ±${Math.round(band.fraction * 10_000) / 100} % of the reference price, at least ±${formatPaise(band.minWidthPaise)}`;

/** Why a limit price is beyond the exchange's protection band, naming the band, or null when it is inside. */
export function lppRefusal(band: ProtectionBand, side: Side, pricePaise: number, referencePaise: number): Said | null {
  const range = limitPriceProtection(band, referencePaise);
  if (side === 'BUY' ? pricePaise <= range.highPaise : pricePaise >= range.lowPaise) return null;
  const edge = side === 'BUY' ? `a buy above ${formatPaise(range.highPaise)}` : `a sell below ${formatPaise(range.lowPaise)}`;
  return said(
    'order.lpp_band',
    {
      side: side === 'BUY' ? 'buy' : 'sell',
      price: toRupees(pricePaise),
      last: toRupees(referencePaise),
      low: toRupees(range.lowPaise),
      high: toRupees(range.highPaise),
      exchange: band.exchange,
      percent: Math.round(band.fraction * 10_000) / 100,
      floor: toRupees(band.minWidthPaise),
    },
    `Order price is beyond the exchange's limit price protection: limit ${formatPaise(pricePaise)} against the last price ${formatPaise(referencePaise)}, ` +
      `band ${formatPaise(range.lowPaise)}–${formatPaise(range.highPaise)} (${bandRule(band)}); ${edge} is rejected.`,
  );
}

export const slmRefusal: Said = said(
  'order.slm_index_options',
  {},
  'SL-M orders are not allowed for index options (NSE and BSE, since 27 September 2021). Place an SL order with a limit price instead.',
);

/** A limit price off the exchange's tick of the day: refused by the paper broker and, before any order, by a webhook. */
export function priceTickRefusal(pricePaise: number, tickPaise: number): Said | null {
  if (pricePaise % tickPaise === 0) return null;
  return said(
    'order.price_tick',
    { price: toRupees(pricePaise), tick: toRupees(tickPaise) },
    `Price ${formatPaise(pricePaise)} is not a multiple of the tick size ${formatPaise(tickPaise)}.`,
  );
}

/**
 * Why this order cannot be placed at this quote, or null when the exchange would take it. Without
 * `exchangeChecks` (an after-market order the broker holds), the exchange's limit price protection is left
 * for the open.
 */
export function orderRefusal(order: OrderShape, quote: Quote, { exchangeChecks = true }: { exchangeChecks?: boolean } = {}): Said | null {
  if (order.orderType === 'SL-M') return slmRefusal;
  if (order.quantity % order.lotSize !== 0) {
    const lots = Math.max(1, Math.round(order.quantity / order.lotSize));
    return said(
      'order.lot_multiple',
      { quantity: order.quantity, lot_size: order.lotSize, example: lots * order.lotSize, lots },
      `Quantity ${order.quantity} is not a multiple of the lot size ${order.lotSize}. Enter whole lots, for example ${lots * order.lotSize} (${lots} ${lots === 1 ? 'lot' : 'lots'}).`,
    );
  }
  const priced = order.orderType === 'LIMIT' || order.orderType === 'SL';
  if (priced && order.pricePaise <= 0) return said('order.price_required', {}, 'Enter a price above ₹0 for a limit order.');
  if (priced) {
    const offTick = priceTickRefusal(order.pricePaise, order.tickPaise);
    if (offTick !== null) return offTick;
  }
  if (order.orderType === 'SL') {
    if (order.triggerPaise <= 0) return said('order.trigger_required', {}, 'Enter a trigger price above ₹0 for a stop-loss order.');
    if (order.triggerPaise % order.tickPaise !== 0) {
      return said(
        'order.trigger_tick',
        { trigger: toRupees(order.triggerPaise), tick: toRupees(order.tickPaise) },
        `Trigger price ${formatPaise(order.triggerPaise)} is not a multiple of the tick size ${formatPaise(order.tickPaise)}.`,
      );
    }
    const last = { last: toRupees(quote.lastPaise) };
    if (order.side === 'BUY' && order.triggerPaise <= quote.lastPaise) {
      return said('order.stop_buy_trigger', last, `The trigger price of a stop-loss buy must be above the last price (${formatPaise(quote.lastPaise)}).`);
    }
    if (order.side === 'SELL' && order.triggerPaise >= quote.lastPaise) {
      return said('order.stop_sell_trigger', last, `The trigger price of a stop-loss sell must be below the last price (${formatPaise(quote.lastPaise)}).`);
    }
    if (order.side === 'BUY' && order.pricePaise < order.triggerPaise) {
      return said('order.stop_buy_limit', {}, 'The limit price of a stop-loss buy must be at or above its trigger price.');
    }
    if (order.side === 'SELL' && order.pricePaise > order.triggerPaise) {
      return said('order.stop_sell_limit', {}, 'The limit price of a stop-loss sell must be at or below its trigger price.');
    }
  }
  // The exchange checks a stop-loss's limit when it triggers (matching.ts), not while it waits.
  if (order.orderType === 'LIMIT' && exchangeChecks) return lppRefusal(order.band, order.side, order.pricePaise, quote.lastPaise);
  return null;
}

export type FillDecision =
  | { action: 'none' }
  | { action: 'trigger' }
  | { action: 'fill'; pricePaise: number }
  | { action: 'cancel'; message: Said };

/** What a MARKET order does at this quote: fill at the other side, or cancel outside the protection band. */
export function marketFill(side: Side, quote: Quote): FillDecision {
  const protection = marketProtectionPaise(quote.lastPaise);
  const price = side === 'BUY' ? quote.askPaise : quote.bidPaise;
  // A price of 0 is an empty side of the book (nobody bids or offers), never a price to fill at.
  const beyond = price <= 0 || (side === 'BUY' ? price > quote.lastPaise + protection : price < quote.lastPaise - protection);
  if (beyond) {
    const lowPaise = Math.max(0, quote.lastPaise - protection);
    const highPaise = quote.lastPaise + protection;
    const band = `${formatPaise(lowPaise)}–${formatPaise(highPaise)}`;
    const sideName = side === 'BUY' ? 'offer' : 'bid';
    const best = price <= 0 ? `there is no ${sideName}` : `the best ${sideName} is ${formatPaise(price)}`;
    const text = `Market order cancelled by market protection: ${best}, outside ${band} (last price ± 20 %, at least ₹10).`;
    const range = { low: toRupees(lowPaise), high: toRupees(highPaise) };
    const message =
      price <= 0
        ? said(side === 'BUY' ? 'order.market_protection_no_offer' : 'order.market_protection_no_bid', range, text)
        : said('order.market_protection', { ...range, side: sideName, price: toRupees(price) }, text);
    return { action: 'cancel', message };
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
