// The paper broker's margin rules that a single wrong line would quietly change (issue 26): the short option
// minimum that holds a far out-of-the-money short, and the exposure margin every short leg pays even when a
// long leg hedges it (plus the expiry day's extra 2 %). Each figure is worked out by hand below.
import { describe, expect, it } from 'vitest';
import { underlyingMargin, type MarginLeg, type MarginParams } from '../../../server/services/brokers/paper/margin.ts';

// NSE Clearing's index option parameters as migration 020 stores them for 2026 (price scan 9.3 %, volatility
// scan 4 %, exposure 2 %, short option minimum 3 %, +2 % on short options expiring that day).
const params: MarginParams = {
  priceScan: 0.093,
  volatilityScan: 0.04,
  exposureRate: 0.02,
  shortOptionMinimum: 0.03,
  expiryDayExposureRate: 0.02,
  expiringCalendarOffset: false,
};
const spot = 26_000;
const lot = 65;
const dayMs = 24 * 60 * 60 * 1000;
// Monday 23 November 2026, 10:00 IST.
const nowMs = Date.parse('2026-11-23T04:30:00Z');
const leg = (strike: number, quantity: number, expiryMs: number): MarginLeg => ({ strike, kind: 'CE', expiryMs, quantity, volatility: 0.12 });

describe('the paper broker\'s margin', () => {
  it('holds a far out-of-the-money short at the short option minimum: 3 % of the index a unit, plus 2 % exposure', () => {
    // A 36,000 call a month out is worth nothing even after SPAN's worst move (+18.6 % at 35 %: 30,836), so the
    // scan risk is nil and the minimum rules: 0.03 × 26,000 × 65 = ₹50,700; exposure 0.02 × 26,000 × 65 = ₹33,800.
    const margin = underlyingMargin({ spot, rate: 0.055, nowMs, params, legs: [leg(36_000, -lot, nowMs + 30 * dayMs)] });
    expect(margin).toEqual({ spanPaise: 5_070_000, exposurePaise: 3_380_000, totalPaise: 8_450_000 });
  });

  it('charges a hedged short its exposure margin: a deep in-the-money call spread risks nothing but still pays 2 % on the short leg', () => {
    // Bought 20,000 and sold 20,100 calls a week out: both stay deep in the money under every SPAN scenario, the
    // spread is worth ₹100 a unit whatever happens, so SPAN is nil; the short leg's exposure is ₹33,800.
    const week = nowMs + 7 * dayMs;
    const margin = underlyingMargin({ spot, rate: 0.055, nowMs, params, legs: [leg(20_000, lot, week), leg(20_100, -lot, week)] });
    expect(margin).toEqual({ spanPaise: 0, exposurePaise: 3_380_000, totalPaise: 3_380_000 });
  });

  it('adds the expiry day\'s 2 % to the short leg of a spread expiring today', () => {
    // The same spread expiring at 15:30 IST today: exposure 0.04 × 26,000 × 65 = ₹67,600.
    const today = Date.parse('2026-11-23T10:00:00Z');
    const margin = underlyingMargin({ spot, rate: 0.055, nowMs, params, legs: [leg(20_000, lot, today), leg(20_100, -lot, today)] });
    expect(margin).toEqual({ spanPaise: 0, exposurePaise: 6_760_000, totalPaise: 6_760_000 });
  });

  it('values a leg past its expiry at its intrinsic value in every scenario, calls up and puts down', () => {
    // A short 25,000 call and a short 27,000 put that expired an hour ago, each ₹1,000 in the money: SPAN's
    // worst scenario is the full 9.3 % move against it (26,000 → 28,418 or 23,582: ₹3,418 a unit, ₹2,418
    // more), 65 × 2,418 = ₹1,57,170, over the ₹50,700 minimum; less the net option value (−₹65,000):
    // ₹2,22,170. Exposure as any short's, without the expiry day's extra: the contract no longer trades.
    const expired = nowMs - 60 * 60 * 1000;
    const call = underlyingMargin({ spot, rate: 0.055, nowMs, params, legs: [leg(25_000, -lot, expired)] });
    const put = underlyingMargin({ spot, rate: 0.055, nowMs, params, legs: [{ ...leg(27_000, -lot, expired), kind: 'PE' }] });
    for (const margin of [call, put]) expect(margin).toEqual({ spanPaise: 22_217_000, exposurePaise: 3_380_000, totalPaise: 25_597_000 });
  });

  it('scans contracts expiring today apart from the rest of the book and adds the two, with no calendar offset', () => {
    // A call sold expiring at 15:30 IST today and a put sold for next week: scanned together, no scenario
    // loses on both (a rise hurts the call, a fall the put); from 10 Feb 2025 (SEBI) each group is scanned on
    // its own and the two add up, ₹1,57,228 + ₹1,22,925; with the old calendar offset it is ₹1,57,228.
    const today = Date.parse('2026-11-23T10:00:00Z');
    const week = nowMs + 7 * dayMs;
    const expiring = [leg(26_000, -lot, today)];
    const later = [{ ...leg(25_500, -lot, week), kind: 'PE' as const }];
    const spanOf = (legs: MarginLeg[], offset = false) =>
      underlyingMargin({ spot, rate: 0.055, nowMs, params: { ...params, expiringCalendarOffset: offset }, legs }).spanPaise;
    expect(spanOf(expiring)).toBeGreaterThan(0);
    expect(spanOf(later)).toBeGreaterThan(0);
    expect(Math.abs(spanOf([...expiring, ...later]) - (spanOf(expiring) + spanOf(later)))).toBeLessThanOrEqual(1);
    expect(spanOf([...expiring, ...later], true)).toBe(spanOf(expiring));
  });

  it('stops counting a contract as expiring today at 15:30 IST, when it stops trading: its short pays the ordinary 2 % from then', () => {
    // The deep in-the-money spread above, expiring at 15:30 IST today, looked at exactly then: SPAN nil (its
    // legs are worth their intrinsic value), exposure 0.02 × 26,000 × 65 = ₹33,800, not the expiry day's 4 %.
    const expiry = Date.parse('2026-11-23T10:00:00Z');
    const margin = underlyingMargin({ spot, rate: 0.055, nowMs: expiry, params, legs: [leg(20_000, lot, expiry), leg(20_100, -lot, expiry)] });
    expect(margin).toEqual({ spanPaise: 0, exposurePaise: 3_380_000, totalPaise: 3_380_000 });
  });

  it('prices each short at its strike\'s volatility: the same at-the-money short needs more SPAN at 24 % than at 12 %', () => {
    // SPAN is what buying it back costs in the worst scenario (a 9.3 % rise), where the call is deep in the
    // money and its volatility matters little: more, but only by some hundred rupees.
    const week = nowMs + 7 * dayMs;
    const spanAt = (volatility: number) => underlyingMargin({ spot, rate: 0.055, nowMs, params, legs: [{ ...leg(26_000, -lot, week), volatility }] }).spanPaise;
    expect(spanAt(0.24)).toBeGreaterThan(spanAt(0.12) + 10_000);
    // Under the 4 % volatility scan, a 2 % strike is still priced (at a 1 % floor), not refused.
    expect(spanAt(0.02)).toBeGreaterThan(0);
  });

  it('counts a leg of quantity 0 (a position closed within the book) for nothing, expiring today or not', () => {
    const today = Date.parse('2026-11-23T10:00:00Z');
    const week = nowMs + 7 * dayMs;
    const book = [leg(26_000, -lot, week)];
    const alone = underlyingMargin({ spot, rate: 0.055, nowMs, params, legs: book });
    expect(underlyingMargin({ spot, rate: 0.055, nowMs, params, legs: [...book, leg(26_500, 0, today), leg(25_500, 0, week)] })).toEqual(alone);
  });
});
