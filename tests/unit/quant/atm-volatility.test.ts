// @vitest-environment node
// The expiry's at-the-money IV from its chain, which the probability of profit takes: the straddle's IV
// (call and put averaged) interpolated at the forward, never a strategy leg's wing volatility.
import { describe, expect, it } from 'vitest';
import { atmVolatility, type ChainVolatility } from '../../../quant/atm-volatility.ts';

const chain: ChainVolatility[] = [
  { strike: 25_950, kind: 'CE', volatility: 0.126 },
  { strike: 25_950, kind: 'PE', volatility: 0.13 },
  { strike: 26_000, kind: 'CE', volatility: 0.122 },
  { strike: 26_000, kind: 'PE', volatility: 0.124 },
  { strike: 26_050, kind: 'CE', volatility: 0.118 },
  { strike: 26_050, kind: 'PE', volatility: 0.12 },
  { strike: 26_100, kind: 'CE', volatility: 0.115 },
  { strike: 26_100, kind: 'PE', volatility: null },
];

describe('atmVolatility', () => {
  it('averages the call and put at a strike and interpolates between the strikes around the forward', () => {
    expect(atmVolatility(chain, 26_000)).toBeCloseTo(0.123, 12);
    // 30 % of the way from 26,000 (12.3 %) to 26,050 (11.9 %).
    expect(atmVolatility(chain, 26_015)).toBeCloseTo(0.123 * 0.7 + 0.119 * 0.3, 12);
  });

  it('takes the one side quoted at a strike, the edge strike beyond the chain, and null with no quote at all', () => {
    expect(atmVolatility(chain, 26_100)).toBeCloseTo(0.115, 12);
    expect(atmVolatility(chain, 27_000)).toBeCloseTo(0.115, 12);
    expect(atmVolatility(chain, 25_000)).toBeCloseTo(0.128, 12);
    expect(atmVolatility([{ strike: 26_000, kind: 'CE', volatility: null }], 26_000)).toBeNull();
    expect(() => atmVolatility(chain, Number.NaN)).toThrow(/forward/);
  });
});
