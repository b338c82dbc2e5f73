// A future as a strategy leg: linear (quantity × (price − entry) at expiry, its forward before), no premium,
// delta 1; a hedge (long future + long put) and a synthetic (long call + short put against a short future).
import { describe, expect, it } from 'vitest';
import { analyseExpiryPayoff } from '@quant/payoff-analysis.ts';
import { datePnlFunction, defaultPriceRange, expiryPnlFunction } from '@quant/payoff.ts';
import { netGreeks } from '@quant/strategy-greeks.ts';
import { premiumFlow, type StrategyLeg } from '@quant/strategy-legs.ts';

const nowMs = Date.parse('2026-11-30T05:00:00Z');
const expiryMs = Date.parse('2026-12-29T10:10:00Z');
const scenario = { atMs: nowMs, rate: 0.065, volatilityShift: 0 };
const lot = 500;

const future = (side: 'BUY' | 'SELL', entryPrice: number): StrategyLeg => ({ side, kind: 'FUT', strike: 0, lots: 1, lotSize: lot, expiryMs, entryPrice, volatility: 0, enabled: true });
const option = (side: 'BUY' | 'SELL', kind: 'CE' | 'PE', strike: number, entryPrice: number): StrategyLeg => ({ side, kind, strike, lots: 1, lotSize: lot, expiryMs, entryPrice, volatility: 0.25, enabled: true });

describe('a future leg', () => {
  it('is worth quantity × (price − entry) at expiry, on both sides', () => {
    const long = expiryPnlFunction([future('BUY', 1310)], scenario);
    expect(long(1400)).toBeCloseTo(90 * lot, 6);
    expect(long(1200)).toBeCloseTo(-110 * lot, 6);
    expect(long(0)).toBeCloseTo(-1310 * lot, 6);
    const short = expiryPnlFunction([future('SELL', 1310)], scenario);
    expect(short(1400)).toBeCloseTo(-90 * lot, 6);
  });

  it('is marked at its forward before expiry (F = S·e^(rT))', () => {
    const years = (expiryMs - nowMs) / (365 * 24 * 3600 * 1000);
    const today = datePnlFunction([future('BUY', 1310)], scenario);
    expect(today(1300)).toBeCloseTo((1300 * Math.exp(0.065 * years) - 1310) * lot, 4);
  });

  it('pays no premium, and adds one unit of delta a unit held', () => {
    expect(premiumFlow([future('BUY', 1310), option('BUY', 'PE', 1300, 30)])).toEqual({ received: 0, paid: 30 * lot, net: -30 * lot });
    expect(netGreeks([future('SELL', 1310)], 1300, scenario)).toEqual({ delta: -lot, gamma: 0, theta: 0, vega: 0 });
  });

  it('hedged with a bought put: the loss is capped at entry − strike + premium, the upside unlimited', () => {
    const legs = [future('BUY', 1310), option('BUY', 'PE', 1300, 30)];
    const analysis = analyseExpiryPayoff(legs, scenario);
    expect(analysis.maxLoss).toBeCloseTo(-(1310 - 1300 + 30) * lot, 6);
    expect(analysis.maxProfit).toBe('unlimited');
    expect(analysis.breakevens).toHaveLength(1);
    expect(analysis.breakevens[0]).toBeCloseTo(1340, 6);
  });

  it('against a synthetic long (bought call, sold put, same strike) nets a flat line', () => {
    const legs = [option('BUY', 'CE', 1300, 40), option('SELL', 'PE', 1300, 30), future('SELL', 1310)];
    const atExpiry = expiryPnlFunction(legs, scenario);
    // (S − 1300) − 10 premium + (1310 − S) = 0 at every price.
    for (const price of [0, 900, 1300, 1700]) expect(atExpiry(price)).toBeCloseTo(0, 6);
    const analysis = analyseExpiryPayoff(legs, scenario);
    expect(analysis.maxProfit).toBeCloseTo(0, 6);
    expect(analysis.maxLoss).toBeCloseTo(0, 6);
  });

  it('sets the chart around its entry price (it has no strike)', () => {
    const range = defaultPriceRange([future('BUY', 1310)], 1300);
    expect(range.from).toBeGreaterThan(1000);
    expect(range.to).toBeLessThan(1600);
  });
});
