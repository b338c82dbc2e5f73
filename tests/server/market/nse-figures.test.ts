// The simulated chain against NSE's published figures (issue 36; figures, sources and dates in
// docs/market-model.md, "Matched to NSE's published figures"): a NIFTY weekly's at-the-money volume in lakhs
// of lots a day, open interest that stays real far out of the money and deep in the money, peaking at round
// strikes. The model is pure (open-interest.ts), so a session is summed minute by minute here without a server.
import { describe, expect, it } from 'vitest';
import { targetOiLots, tradedLots, type OiContract } from '../../../server/services/market/open-interest.ts';

// NIFTY at 25,810, its weekly expiring at 15:30 IST six days after this session's close (as on NSE's
// 2 September 2026, a Wednesday, for the 8 September weekly).
const market = { spot: 25_810, atmVolatility: 0.115, seed: 42 };
const dayYears = 1 / 365;
const contract = (strike: number, kind: 'CE' | 'PE', years: number): OiContract => ({ instrumentToken: strike + (kind === 'CE' ? 0 : 1), strike, kind, strikeStep: 50, years });

/** A session's volume (375 minutes of average activity, the average draw) in lots, ending `daysLeft` before expiry. */
function sessionLots(strike: number, kind: 'CE' | 'PE', daysLeft: number): number {
  let lots = 0;
  for (let minute = 0; minute < 375; minute += 1) lots += tradedLots(contract(strike, kind, (daysLeft + (375 - minute) / (24 * 60)) * dayYears), market, 1, 0.5);
  return lots;
}

const lakh = 100_000;

describe('volume, against NSE’s NIFTY weekly', () => {
  it('trades lakhs of lots a day at the money: 15–40 lakh a side six days out (NSE: 26.35 lakh), more as expiry nears', () => {
    const atm = 25_800;
    for (const kind of ['CE', 'PE'] as const) {
      const sixDays = sessionLots(atm, kind, 6);
      expect(sixDays).toBeGreaterThan(15 * lakh);
      expect(sixDays).toBeLessThan(40 * lakh);
      // Two sessions before expiry NSE traded 37–72 lakh a side; on expiry day crores.
      const twoDays = sessionLots(atm, kind, 4);
      expect(twoDays).toBeGreaterThan(30 * lakh);
      expect(twoDays).toBeLessThan(80 * lakh);
      expect(sessionLots(atm, kind, 0)).toBeGreaterThan(100 * lakh);
    }
  });

  it('puts an expiry day’s whole chain at about NSE’s 30 crore contracts (20–45 crore)', () => {
    let lots = 0;
    for (let strike = 23_300; strike <= 28_300; strike += 50) for (const kind of ['CE', 'PE'] as const) lots += sessionLots(strike, kind, 0);
    expect(lots).toBeGreaterThan(2000 * lakh);
    expect(lots).toBeLessThan(4500 * lakh);
  });

  it('still trades a little far out of the money, and a far month a few percent of the weekly', () => {
    expect(sessionLots(27_850, 'CE', 6)).toBeGreaterThan(100);
    const monthly = sessionLots(25_800, 'CE', 27);
    expect(monthly / sessionLots(25_800, 'CE', 6)).toBeGreaterThan(0.01);
    expect(monthly / sessionLots(25_800, 'CE', 6)).toBeLessThan(0.1);
  });
});

describe('open interest, against NSE’s NIFTY weekly', () => {
  const years = 6 * dayYears;
  const oi = (strike: number, kind: 'CE' | 'PE') => targetOiLots(contract(strike, kind, years), market);
  const atmOi = Math.max(oi(25_800, 'CE'), oi(25_800, 'PE'));
  /** The mean OI of the strikes between two distances from the spot (fractions, signed: above is positive). */
  const band = (kind: 'CE' | 'PE', from: number, to: number) => {
    const strikes: number[] = [];
    for (let strike = 20_000; strike <= 32_000; strike += 50) {
      const distance = strike / market.spot - 1;
      if (distance >= Math.min(from, to) && distance <= Math.max(from, to)) strikes.push(strike);
    }
    return strikes.reduce((sum, strike) => sum + oi(strike, kind), 0) / strikes.length;
  };

  it('holds about a lakh of lots at the money six days out (NSE: 95,996 at the 2 September 2026 close)', () => {
    expect(atmOi).toBeGreaterThan(70_000);
    expect(atmOi).toBeLessThan(180_000);
  });

  it('keeps well over 5 % of the at-the-money OI 8 % out of the money, calls above and puts below (was 0.45 %)', () => {
    expect(band('CE', 0.07, 0.09) / atmOi).toBeGreaterThan(0.08);
    expect(band('PE', -0.07, -0.09) / atmOi).toBeGreaterThan(0.08);
    // Even a strike that is no round number keeps 5 %.
    expect(oi(27_850, 'CE') / atmOi).toBeGreaterThan(0.05);
    expect(oi(23_750, 'PE') / atmOi).toBeGreaterThan(0.05);
  });

  it('keeps real OI deep in the money, written when those strikes were out of it', () => {
    // 5 % and 8 % in the money: calls below the spot, puts above it.
    expect(band('CE', -0.04, -0.06) / atmOi).toBeGreaterThan(0.03);
    expect(band('PE', 0.04, 0.06) / atmOi).toBeGreaterThan(0.03);
    expect(band('CE', -0.07, -0.09) / atmOi).toBeGreaterThan(0.01);
    // ...but less than the out-of-the-money side at the same distance: writers sell out of the money.
    expect(band('CE', -0.04, -0.06)).toBeLessThan(band('PE', -0.04, -0.06));
  });

  it('peaks at round strikes: a thousand holds several times its neighbours, calls above and puts below', () => {
    expect(oi(27_000, 'CE')).toBeGreaterThan(4 * oi(27_050, 'CE'));
    expect(oi(24_000, 'PE')).toBeGreaterThan(4 * oi(24_050, 'PE'));
    expect(oi(27_000, 'CE')).toBeGreaterThan(3 * oi(27_000, 'PE'));
    expect(oi(24_000, 'PE')).toBeGreaterThan(3 * oi(24_000, 'CE'));
  });
});
