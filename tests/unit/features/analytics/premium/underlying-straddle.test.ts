// The premium chart opened on an underlying picked in its search box (issue 63): its sold ATM straddle on the latest
// day market history holds; a stock's in minutes on a day its minutes were recorded (watched), else (bhavcopies only)
// in day candles over the 30 days up to that day.
import { describe, expect, it } from 'vitest';
import type { IvDay } from '@/features/analytics/volatility/iv-reads';
import { straddleQuery } from '@/features/analytics/premium/model/underlying-straddle';
import { parsePremiumLegs } from '@/lib/charts/premium-link';

const day = (over: Partial<IvDay>): IvDay => ({
  index: 'RELIANCE',
  day: '2026-01-20',
  expiry: '2026-01-27',
  expiries: ['2026-01-27'],
  as_of: null,
  minutes: [],
  iv: [],
  call_iv: [],
  put_iv: [],
  strike: [],
  spot: [],
  source: [],
  settlement: null,
  ...over,
});

describe('straddleQuery', () => {
  it("charts a stock's straddle at its settlement's ATM strike in day candles over the month up to the day", () => {
    const settled = day({ settlement: { at: '2026-01-20T10:00:00Z', iv: 25, call_iv: 25, put_iv: 25, strike: 1420, spot: 1425, source: 'bhavcopy' } });
    expect(Object.fromEntries(straddleQuery({ symbol: 'RELIANCE', kind: 'stock' }, settled)!)).toEqual({
      legs: 'RELIANCE:2026-01-27:1420:CE:S:1,RELIANCE:2026-01-27:1420:PE:S:1',
      interval: '1d',
      from: '2025-12-21',
      to: '2026-01-20',
    });
  });

  it("charts an index's at its last minute's ATM strike, the server choosing the day and interval", () => {
    const minutes = day({ index: 'NIFTY', minutes: ['09:15', '09:16'], iv: [12, 12.5], call_iv: [12, 12.4], put_iv: [12, 12.6], strike: [25_950, 26_000], spot: [25_960, 25_990], source: ['simulated', 'simulated'] });
    expect(Object.fromEntries(straddleQuery({ symbol: 'NIFTY', kind: 'index' }, minutes)!)).toEqual({ legs: 'NIFTY:2026-01-27:26000:CE:S:1,NIFTY:2026-01-27:26000:PE:S:1' });
  });

  it("charts a watched stock's recorded day in minutes, as an index's", () => {
    const recorded = day({ minutes: ['03:15', '03:16'], iv: [26, 26.5], call_iv: [26, 26.4], put_iv: [26, 26.6], strike: [1280, 1290], spot: [1284, 1288], source: ['simulated', 'simulated'] });
    expect(Object.fromEntries(straddleQuery({ symbol: 'RELIANCE', kind: 'stock' }, recorded)!)).toEqual({ legs: 'RELIANCE:2026-01-27:1290:CE:S:1,RELIANCE:2026-01-27:1290:PE:S:1' });
  });

  it('finds none where market history holds no option prices of the underlying', () => {
    expect(straddleQuery({ symbol: 'TCS', kind: 'stock' }, day({ day: null, expiry: null }))).toBeNull();
    expect(straddleQuery({ symbol: 'TCS', kind: 'stock' }, day({}))).toBeNull();
  });
});

describe("a stock's legs in the chart's link", () => {
  it('reads back a symbol with the signs NSE uses (M&M, BAJAJ-AUTO)', () => {
    expect(parsePremiumLegs('M&M:2026-01-27:3400:CE:S:1,BAJAJ-AUTO:2026-01-27:9000:PE:B:2')).toEqual([
      { index: 'M&M', expiry: '2026-01-27', strike: 3400, type: 'CE', side: 'SELL', lots: 1 },
      { index: 'BAJAJ-AUTO', expiry: '2026-01-27', strike: 9000, type: 'PE', side: 'BUY', lots: 2 },
    ]);
  });
});
