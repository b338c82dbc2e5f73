// @vitest-environment node
// The option chain's header figures, against figures worked by hand.
import { describe, expect, it } from 'vitest';
import { atmStraddle, maxPain, putCallRatio, type StrikeFigures } from '@/features/market/chain/chain-figures';

const row = (strike: number, callOi: number | null, putOi: number | null, callLtp: number | null = null, putLtp: number | null = null): StrikeFigures => ({
  strike,
  callOi,
  putOi,
  callLtp,
  putLtp,
});

// Three NIFTY strikes, OI in units (multiples of the 65 lot).
const chain = [row(25_900, 6_500, 19_500), row(26_000, 13_000, 13_000, 145.1, 132.2), row(26_100, 19_500, 3_250)];

describe('the chain header figures', () => {
  it('PCR is total put OI over total call OI', () => {
    // (19,500 + 13,000 + 3,250) / (6,500 + 13,000 + 19,500) = 35,750 / 39,000 = 0.9167
    expect(putCallRatio(chain)).toBeCloseTo(35_750 / 39_000, 12);
    expect(putCallRatio(chain)!.toFixed(4)).toBe('0.9167');
  });

  it('PCR is unknown, not partial, while any OI is missing, and without call OI', () => {
    expect(putCallRatio([...chain, row(26_200, null, 650)])).toBeNull();
    expect(putCallRatio([row(26_000, 0, 650)])).toBeNull();
    expect(putCallRatio([])).toBeNull();
  });

  it('max pain is the strike where the holders are paid least', () => {
    // Paid at expiry on each strike:
    //   25,900: puts 13,000 × 100 + 3,250 × 200                 = 1,950,000
    //   26,000: calls 6,500 × 100 + puts 3,250 × 100            =   975,000  ← least
    //   26,100: calls 6,500 × 200 + 13,000 × 100                = 2,600,000
    expect(maxPain(chain)).toBe(26_000);
    // Heavy call OI low and heavy put OI high push it up: 25,900 call 100,000 units.
    //   25,900: puts 13,000 × 100 + 3,250 × 200                 =  1,950,000
    //   26,000: calls 100,000 × 100 + puts 3,250 × 100          = 10,325,000
    //   26,100: calls 100,000 × 200 + 13,000 × 100              = 21,300,000
    expect(maxPain([row(25_900, 100_000, 19_500), row(26_000, 13_000, 13_000), row(26_100, 19_500, 3_250)])).toBe(25_900);
  });

  it('max pain takes the lower strike on a tie, and is unknown without OI', () => {
    // 100: put at 200 pays 1 × 100 = 100; 200: call at 100 pays 1 × 100 = 100.
    expect(maxPain([row(200, 0, 1), row(100, 1, 0)])).toBe(100);
    expect(maxPain([row(100, 0, 0), row(200, 0, 0)])).toBeNull();
    expect(maxPain([row(100, 5, null)])).toBeNull();
    expect(maxPain([])).toBeNull();
  });

  it('the at-the-money straddle is the call and the put at that strike, to the paisa', () => {
    // 145.10 + 132.20 = 277.30 (in floating point 277.29999999999995)
    expect(atmStraddle(chain, 26_000)).toBe(277.3);
    expect(atmStraddle(chain, 25_900)).toBeNull();
    expect(atmStraddle(chain, null)).toBeNull();
    expect(atmStraddle(chain, 26_050)).toBeNull();
  });
});
