// The exchange's and Kite's time and price rules for an order, as pure functions: when an order placed while
// the market is closed becomes an after-market order (Kite's F&O window, 15:45 to 09:10 IST) and the limit
// price protection bands of NSE (NSE/FAOP/54242) and BSE (5 April 2024).
import { describe, expect, it } from 'vitest';
import { afterMarketPlacement } from '../../../server/services/brokers/after-market.ts';
import { limitPriceProtection, lppRefusal } from '../../../server/services/brokers/paper/order-rules.ts';
import { bseBand, nseBand } from '../support/price-rules.ts';

const ist = (text: string) => new Date(`${text}+05:30`);

describe('after-market orders (Kite, F&O)', () => {
  // Friday 20 November 2026 closed at 15:30; Monday 23 November opens at 09:15.
  const friday = { open: false, nextOpen: ist('2026-11-23T09:15:00'), closedAt: ist('2026-11-20T15:30:00') };
  const weekend = { open: false, nextOpen: ist('2026-11-23T09:15:00'), closedAt: null };

  it('holds an order placed from 15:45 after the close until the next open', () => {
    expect(afterMarketPlacement(friday, ist('2026-11-20T15:45:00'))).toEqual({ releaseAt: friday.nextOpen });
    expect(afterMarketPlacement(friday, ist('2026-11-20T23:59:00'))).toEqual({ releaseAt: friday.nextOpen });
  });

  it('takes AMOs at any hour of a closed day, up to 09:10 before the open', () => {
    expect(afterMarketPlacement(weekend, ist('2026-11-22T14:00:00'))).toEqual({ releaseAt: weekend.nextOpen });
    expect(afterMarketPlacement(weekend, ist('2026-11-23T09:09:00'))).toEqual({ releaseAt: weekend.nextOpen });
  });

  it('refuses between the close and 15:45, and from 09:10 to the open, saying when', () => {
    expect(afterMarketPlacement(friday, ist('2026-11-20T15:44:00'))).toEqual({
      refusal: {
        text: 'Markets are closed. After-market orders for F&O are taken from 15:45 IST; place it then, and it goes to the exchange at the next open (09:15 IST on 2026-11-23).',
        i18n: { code: 'order.amo_not_yet', params: { from: '15:45', open_time: '09:15', open_day: '2026-11-23' } },
      },
    });
    expect(afterMarketPlacement(weekend, ist('2026-11-23T09:10:00'))).toEqual({
      refusal: {
        text: 'The market opens at 09:15 IST: after-market orders closed at 09:10 IST. Place it from the open.',
        i18n: { code: 'order.amo_closed', params: { open_time: '09:15', closed_time: '09:10' } },
      },
    });
  });

  it('holds no order across the pause between a day\'s two sessions (a drill\'s 10:00–11:30): it waits for the second', () => {
    const drill = { open: false, nextOpen: ist('2024-03-02T11:30:00'), closedAt: ist('2024-03-02T10:00:00'), betweenSessions: true };
    for (const at of ['2024-03-02T10:05:00', '2024-03-02T10:45:00', '2024-03-02T11:29:00']) {
      expect(afterMarketPlacement(drill, ist(at))).toEqual({
        refusal: {
          text: "The market is shut between the day's two sessions. Orders are taken again from 11:30 IST.",
          i18n: { code: 'order.between_sessions', params: { open_time: '11:30' } },
        },
      });
    }
  });

  it('refuses as a closed market when no next session is known', () => {
    expect(afterMarketPlacement({ open: false, nextOpen: null, closedAt: null }, ist('2026-11-20T18:00:00'))).toHaveProperty('refusal');
  });
});

describe('limit price protection', () => {
  it('is ±₹20 on NSE up to a ₹50 reference price and ±40 % above it', () => {
    expect(limitPriceProtection(nseBand, 3000)).toMatchObject({ lowPaise: 1000, highPaise: 5000 });
    expect(limitPriceProtection(nseBand, 1000)).toMatchObject({ lowPaise: 0, highPaise: 3000 });
    expect(limitPriceProtection(nseBand, 5000)).toMatchObject({ lowPaise: 3000, highPaise: 7000 });
    expect(limitPriceProtection(nseBand, 20000)).toMatchObject({ lowPaise: 12000, highPaise: 28000 });
  });

  it('is ±60 % on BSE, at least ±₹30', () => {
    expect(limitPriceProtection(bseBand, 2000)).toMatchObject({ lowPaise: 0, highPaise: 5000 });
    expect(limitPriceProtection(bseBand, 20000)).toMatchObject({ lowPaise: 8000, highPaise: 32000 });
  });

  it('refuses only a buy above the band or a sell below it, naming the band', () => {
    expect(lppRefusal(nseBand, 'BUY', 28000, 20000)).toBeNull();
    expect(lppRefusal(nseBand, 'SELL', 12000, 20000)).toBeNull();
    expect(lppRefusal(nseBand, 'BUY', 5000, 20000)).toBeNull();
    expect(lppRefusal(nseBand, 'BUY', 28005, 20000)?.text).toBe(
      "Order price is beyond the exchange's limit price protection: limit ₹280.05 against the last price ₹200.00, band ₹120.00–₹280.00 (NSE: ±40 % of the reference price, at least ±₹20.00); a buy above ₹280.00 is rejected.",
    );
    expect(lppRefusal(nseBand, 'BUY', 28005, 20000)?.i18n).toEqual({
      code: 'order.lpp_band',
      params: { side: 'buy', price: 280.05, last: 200, low: 120, high: 280, exchange: 'NSE', percent: 40, floor: 20 },
    });
    expect(lppRefusal(bseBand, 'SELL', 7995, 20000)?.text).toContain('band ₹80.00–₹320.00 (BSE: ±60 % of the reference price, at least ±₹30.00); a sell below ₹80.00 is rejected.');
  });
});
