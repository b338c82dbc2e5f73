// The exchange's and the broker's rules for one paper order (order-rules.ts), as pure functions: what a
// trader's order is refused for, with the words and figures they see; how a MARKET order fills within the
// market protection band; when a LIMIT fills and a stop-loss triggers.
import { describe, expect, it } from 'vitest';
import { bseBand, nseBand } from '../support/price-rules.ts';
import { limitFill, marketFill, marketProtectionPaise, orderRefusal, stopTriggered, type OrderShape, type Quote } from '../../../server/services/brokers/paper/order-rules.ts';

// Bid ₹119.50, ask ₹120.50, last ₹120.00.
const quote: Quote = { bidPaise: 11950, askPaise: 12050, lastPaise: 12000, closePaise: 11000 };
const shape = (fields: Partial<OrderShape>): OrderShape => ({
  side: 'BUY',
  orderType: 'LIMIT',
  quantity: 65,
  pricePaise: 12000,
  triggerPaise: 0,
  lotSize: 65,
  tickPaise: 5,
  band: nseBand,
  ...fields,
});
const refusal = (fields: Partial<OrderShape>, options?: { exchangeChecks?: boolean }) => orderRefusal(shape(fields), quote, options);

describe('an order the exchange takes', () => {
  it('is a MARKET order of whole lots (its price column 0), a LIMIT on the tick inside the band, a stop-loss on the right side of the last price', () => {
    expect(refusal({ orderType: 'MARKET', pricePaise: 0, quantity: 130 })).toBeNull();
    expect(refusal({ orderType: 'LIMIT', pricePaise: 11805 })).toBeNull();
    expect(refusal({ orderType: 'SL', side: 'BUY', triggerPaise: 12005, pricePaise: 12005 })).toBeNull();
    expect(refusal({ orderType: 'SL', side: 'SELL', triggerPaise: 11995, pricePaise: 11995 })).toBeNull();
    // A sell stop's limit below its trigger (it sells down to it), a buy stop's above (it buys up to it).
    expect(refusal({ orderType: 'SL', side: 'SELL', triggerPaise: 11500, pricePaise: 11000 })).toBeNull();
    expect(refusal({ orderType: 'SL', side: 'BUY', triggerPaise: 12500, pricePaise: 13000 })).toBeNull();
  });
});

describe('refusals', () => {
  it('refuses SL-M on index options', () => {
    expect(refusal({ orderType: 'SL-M', triggerPaise: 13000 })).toEqual({
      text: 'SL-M orders are not allowed for index options (NSE and BSE, since 27 September 2021). Place an SL order with a limit price instead.',
      i18n: { code: 'order.slm_index_options', params: {} },
    });
  });

  it('refuses a quantity that is not whole lots, suggesting the nearest whole number of lots (at least one)', () => {
    expect(refusal({ quantity: 70 })).toEqual({
      text: 'Quantity 70 is not a multiple of the lot size 65. Enter whole lots, for example 65 (1 lot).',
      i18n: { code: 'order.lot_multiple', params: { quantity: 70, lot_size: 65, example: 65, lots: 1 } },
    });
    expect(refusal({ quantity: 200 })?.text).toBe('Quantity 200 is not a multiple of the lot size 65. Enter whole lots, for example 195 (3 lots).');
    expect(refusal({ quantity: 20 })?.i18n).toEqual({ code: 'order.lot_multiple', params: { quantity: 20, lot_size: 65, example: 65, lots: 1 } });
  });

  it('asks a LIMIT or SL order for a price above ₹0', () => {
    const required = { text: 'Enter a price above ₹0 for a limit order.', i18n: { code: 'order.price_required', params: {} } };
    expect(refusal({ orderType: 'LIMIT', pricePaise: 0 })).toEqual(required);
    expect(refusal({ orderType: 'LIMIT', pricePaise: -5 })).toEqual(required);
    expect(refusal({ orderType: 'SL', pricePaise: 0, triggerPaise: 12500 })).toEqual(required);
  });

  it('refuses a price off the tick, for a LIMIT and an SL', () => {
    const offTick = {
      text: 'Price ₹118.32 is not a multiple of the tick size ₹0.05.',
      i18n: { code: 'order.price_tick', params: { price: 118.32, tick: 0.05 } },
    };
    expect(refusal({ orderType: 'LIMIT', pricePaise: 11832 })).toEqual(offTick);
    expect(refusal({ orderType: 'SL', pricePaise: 11832, triggerPaise: 12500 })).toEqual(offTick);
  });

  it('asks a stop-loss for a trigger above ₹0 and on the tick', () => {
    expect(refusal({ orderType: 'SL', pricePaise: 12500, triggerPaise: 0 })).toEqual({
      text: 'Enter a trigger price above ₹0 for a stop-loss order.',
      i18n: { code: 'order.trigger_required', params: {} },
    });
    expect(refusal({ orderType: 'SL', side: 'SELL', pricePaise: 11000, triggerPaise: -5 })?.i18n.code).toBe('order.trigger_required');
    expect(refusal({ orderType: 'SL', pricePaise: 12500, triggerPaise: 12502 })).toEqual({
      text: 'Trigger price ₹125.02 is not a multiple of the tick size ₹0.05.',
      i18n: { code: 'order.trigger_tick', params: { trigger: 125.02, tick: 0.05 } },
    });
  });

  it('refuses a stop-loss buy triggering at or below the last price, and a sell at or above it', () => {
    expect(refusal({ orderType: 'SL', side: 'BUY', triggerPaise: 12000, pricePaise: 12100 })).toEqual({
      text: 'The trigger price of a stop-loss buy must be above the last price (₹120.00).',
      i18n: { code: 'order.stop_buy_trigger', params: { last: 120 } },
    });
    expect(refusal({ orderType: 'SL', side: 'BUY', triggerPaise: 11000, pricePaise: 11100 })?.i18n.code).toBe('order.stop_buy_trigger');
    expect(refusal({ orderType: 'SL', side: 'SELL', triggerPaise: 12000, pricePaise: 11900 })).toEqual({
      text: 'The trigger price of a stop-loss sell must be below the last price (₹120.00).',
      i18n: { code: 'order.stop_sell_trigger', params: { last: 120 } },
    });
    expect(refusal({ orderType: 'SL', side: 'SELL', triggerPaise: 13000, pricePaise: 12900 })?.i18n.code).toBe('order.stop_sell_trigger');
  });

  it('refuses a stop-loss buy whose limit is below its trigger, and a sell whose limit is above it', () => {
    expect(refusal({ orderType: 'SL', side: 'BUY', triggerPaise: 12500, pricePaise: 12495 })).toEqual({
      text: 'The limit price of a stop-loss buy must be at or above its trigger price.',
      i18n: { code: 'order.stop_buy_limit', params: {} },
    });
    expect(refusal({ orderType: 'SL', side: 'SELL', triggerPaise: 11500, pricePaise: 11505 })).toEqual({
      text: 'The limit price of a stop-loss sell must be at or below its trigger price.',
      i18n: { code: 'order.stop_sell_limit', params: {} },
    });
  });

  it('checks a LIMIT against the exchange\'s band of its own exchange, unless the broker holds it (an after-market order)', () => {
    // Last ₹120.00: NSE's band reaches ₹168.00 (±40 %), BSE's ₹192.00 (±60 %).
    expect(refusal({ orderType: 'LIMIT', pricePaise: 17000 })?.i18n).toMatchObject({ code: 'order.lpp_band', params: { high: 168, exchange: 'NSE' } });
    expect(refusal({ orderType: 'LIMIT', pricePaise: 17000, band: bseBand })).toBeNull();
    expect(refusal({ orderType: 'LIMIT', pricePaise: 19500, band: bseBand })?.i18n).toMatchObject({ params: { high: 192, exchange: 'BSE' } });
    expect(refusal({ orderType: 'LIMIT', side: 'SELL', pricePaise: 7000 })?.i18n).toMatchObject({ code: 'order.lpp_band', params: { side: 'sell', low: 72 } });
    expect(refusal({ orderType: 'LIMIT', pricePaise: 17000 }, { exchangeChecks: false })).toBeNull();
    // A stop-loss's limit is checked when it triggers (matching.ts), not while it waits.
    expect(refusal({ orderType: 'SL', side: 'BUY', triggerPaise: 12500, pricePaise: 20000 })).toBeNull();
  });
});

describe('market protection', () => {
  it('is 20 % of the last price, at least ₹10, rounded to the paisa', () => {
    expect(marketProtectionPaise(12000)).toBe(2400);
    expect(marketProtectionPaise(4000)).toBe(1000);
    expect(marketProtectionPaise(6000)).toBe(1200);
    expect(marketProtectionPaise(10003)).toBe(2001);
  });

  it('fills a MARKET buy at the ask and a sell at the bid, up to the edge of the band', () => {
    expect(marketFill('BUY', quote)).toEqual({ action: 'fill', pricePaise: 12050 });
    expect(marketFill('SELL', quote)).toEqual({ action: 'fill', pricePaise: 11950 });
    // Last ₹120.00, protection ₹24.00: an offer of ₹144.00 and a bid of ₹96.00 still fill.
    expect(marketFill('BUY', { ...quote, askPaise: 14400 })).toEqual({ action: 'fill', pricePaise: 14400 });
    expect(marketFill('SELL', { ...quote, bidPaise: 9600 })).toEqual({ action: 'fill', pricePaise: 9600 });
  });

  it('cancels a MARKET order the best price beyond the band would fill, naming the price and the band', () => {
    expect(marketFill('BUY', { ...quote, askPaise: 14405 })).toEqual({
      action: 'cancel',
      message: {
        text: 'Market order cancelled by market protection: the best offer is ₹144.05, outside ₹96.00–₹144.00 (last price ± 20 %, at least ₹10).',
        i18n: { code: 'order.market_protection', params: { low: 96, high: 144, side: 'offer', price: 144.05 } },
      },
    });
    expect(marketFill('SELL', { ...quote, bidPaise: 9595 })).toEqual({
      action: 'cancel',
      message: {
        text: 'Market order cancelled by market protection: the best bid is ₹95.95, outside ₹96.00–₹144.00 (last price ± 20 %, at least ₹10).',
        i18n: { code: 'order.market_protection', params: { low: 96, high: 144, side: 'bid', price: 95.95 } },
      },
    });
  });

  it('cancels a MARKET order when nobody offers or bids, the band starting at ₹0 for a cheap contract', () => {
    const cheap: Quote = { bidPaise: 0, askPaise: 0, lastPaise: 500, closePaise: 500 };
    expect(marketFill('BUY', cheap)).toEqual({
      action: 'cancel',
      message: {
        text: 'Market order cancelled by market protection: there is no offer, outside ₹0.00–₹15.00 (last price ± 20 %, at least ₹10).',
        i18n: { code: 'order.market_protection_no_offer', params: { low: 0, high: 15 } },
      },
    });
    expect(marketFill('SELL', cheap)).toEqual({
      action: 'cancel',
      message: {
        text: 'Market order cancelled by market protection: there is no bid, outside ₹0.00–₹15.00 (last price ± 20 %, at least ₹10).',
        i18n: { code: 'order.market_protection_no_bid', params: { low: 0, high: 15 } },
      },
    });
  });
});

describe('a LIMIT order and a stop-loss', () => {
  it('fills a LIMIT buy at the ask once it is at or below the limit, and a sell at the bid once it is at or above it', () => {
    expect(limitFill('BUY', 12050, quote)).toEqual({ action: 'fill', pricePaise: 12050 });
    expect(limitFill('BUY', 13000, quote)).toEqual({ action: 'fill', pricePaise: 12050 });
    expect(limitFill('BUY', 12045, quote)).toEqual({ action: 'none' });
    expect(limitFill('SELL', 11950, quote)).toEqual({ action: 'fill', pricePaise: 11950 });
    expect(limitFill('SELL', 11000, quote)).toEqual({ action: 'fill', pricePaise: 11950 });
    expect(limitFill('SELL', 11955, quote)).toEqual({ action: 'none' });
  });

  it('leaves a buy below the offer and a sell above the bid waiting, whatever the other side of the book', () => {
    // A buy limit under the bid, a sell limit over the offer: neither is marketable.
    expect(limitFill('BUY', 11000, quote)).toEqual({ action: 'none' });
    expect(limitFill('SELL', 13000, quote)).toEqual({ action: 'none' });
  });

  it('never fills against an empty side of the book', () => {
    expect(limitFill('BUY', 13000, { ...quote, askPaise: 0 })).toEqual({ action: 'none' });
    expect(limitFill('SELL', 0, { ...quote, bidPaise: 0 })).toEqual({ action: 'none' });
  });

  it('triggers a buy stop when the last price rises to its trigger, a sell stop when it falls to it', () => {
    expect(stopTriggered('BUY', 12000, quote)).toBe(true);
    expect(stopTriggered('BUY', 12005, quote)).toBe(false);
    expect(stopTriggered('SELL', 12000, quote)).toBe(true);
    expect(stopTriggered('SELL', 11995, quote)).toBe(false);
  });
});
