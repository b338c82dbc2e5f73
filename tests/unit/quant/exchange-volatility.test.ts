// @vitest-environment node
// The IV as NSE's option chain publishes it, against NSE's own figure, and why its put reads above its call;
// and the volatility StrikeDesk prices a quote at, implied from the premium on the forward.
import { describe, expect, it } from 'vitest';
import { black76Price } from '../../../quant/black76.ts';
import { exchangeImpliedVolatility } from '../../../quant/exchange-volatility.ts';
import { marketAssumptions } from '../../../quant/market-assumptions.ts';
import { forwardFromSpot } from '../../../quant/option-inputs.ts';
import { premiumVolatility } from '../../../quant/premium-volatility.ts';

const yearMs = 365 * 24 * 60 * 60 * 1000;

describe('exchangeImpliedVolatility', () => {
  it('gives NSE’s published IV: the NIFTY 8 Sep 2026 23,900 call at ₹131.60 with NIFTY at 23,914.45 at the 2 Sep close → 8.39 %', () => {
    const years = (Date.parse('2026-09-08T10:00:00Z') - Date.parse('2026-09-02T10:00:00Z')) / yearMs;
    expect(exchangeImpliedVolatility({ kind: 'CE', spot: 23_914.45, strike: 23_900, years, price: 131.6 })).toBeCloseTo(0.0839, 4);
  });

  // A market pricing both on the forward at 5.5 % and 12 %: NSE's 10 % on the spot reads the put above the call.
  const quoted = (kind: 'CE' | 'PE', strike: number, days: number) => {
    const years = days / 365;
    const { rate } = marketAssumptions;
    const price = black76Price({ kind, forward: forwardFromSpot(26_000, rate, years), strike, years, rate, volatility: 0.12 });
    return exchangeImpliedVolatility({ kind, spot: 26_000, strike, years, price });
  };

  it('reads a put above its call at every strike: a point and a half at the money a week out, three a month out', () => {
    const gap = (strike: number, days: number) => quoted('PE', strike, days)! - quoted('CE', strike, days)!;
    expect(gap(26_000, 6)).toBeGreaterThan(0.01);
    expect(gap(26_000, 6)).toBeLessThan(0.02);
    expect(gap(26_000, 25)).toBeGreaterThan(0.025);
    expect(gap(26_000, 25)).toBeLessThan(0.035);
    for (const strike of [25_600, 25_800, 26_200, 26_400]) expect(gap(strike, 6), `${strike}`).toBeGreaterThan(0.01);
    // The call reads below the market's 12 %, the put above it.
    expect(quoted('CE', 26_000, 6)).toBeLessThan(0.12);
    expect(quoted('PE', 26_000, 6)).toBeGreaterThan(0.12);
  });

  it('has no IV for a deep in-the-money call (NSE shows "-") and none once expired', () => {
    expect(quoted('CE', 24_800, 6)).toBeNull();
    expect(exchangeImpliedVolatility({ kind: 'CE', spot: 26_000, strike: 26_000, years: 0, price: 10 })).toBeNull();
  });
});

describe('premiumVolatility', () => {
  const atMs = Date.parse('2026-11-24T06:00:00Z');
  const expiryMs = Date.parse('2026-12-01T10:00:00Z');
  const price = (kind: 'CE' | 'PE', strike: number, volatility: number) => {
    const years = (expiryMs - atMs) / yearMs;
    const { rate } = marketAssumptions;
    return black76Price({ kind, forward: forwardFromSpot(26_050, rate, years), strike, years, rate, volatility });
  };

  it('gives back the volatility a premium was priced at on the forward, call and put alike', () => {
    for (const [kind, strike, volatility] of [['CE', 26_050, 0.12], ['PE', 26_050, 0.12], ['PE', 25_500, 0.16], ['CE', 26_600, 0.1]] as const) {
      expect(premiumVolatility({ kind, strike, spot: 26_050, premium: price(kind, strike, volatility), atMs, expiryMs })).toBeCloseTo(volatility, 9);
    }
  });

  it('is null where no volatility explains the premium, or nothing is known', () => {
    expect(premiumVolatility({ kind: 'CE', strike: 25_000, spot: 26_050, premium: 900, atMs, expiryMs })).toBeNull();
    expect(premiumVolatility({ kind: 'CE', strike: 26_050, spot: 26_050, premium: 100, atMs: expiryMs + 1, expiryMs })).toBeNull();
    expect(premiumVolatility({ kind: 'CE', strike: 26_050, spot: 0, premium: 100, atMs, expiryMs })).toBeNull();
    expect(premiumVolatility({ kind: 'CE', strike: 26_050, spot: 26_050, premium: 100, atMs: Number.NaN, expiryMs })).toBeNull();
  });
});
