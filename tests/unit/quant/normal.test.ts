// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { normalCdf, normalPdf } from '../../../quant/normal.ts';

// Reference values: 0.5·erfc(−x/√2) from CPython's math.erfc (correctly rounded libm).
const reference: [number, number][] = [
  [0, 0.5],
  [0.5, 0.6914624612740131],
  [1, 0.8413447460685429],
  [-1, 0.15865525393145707],
  [-2, 0.02275013194817922],
  [-3, 0.0013498980316300957],
  [-5, 2.866515718791946e-7],
  [-7.5, 3.19089167291092e-14],
  [-10, 7.619853024160593e-24],
  [-20, 2.7536241186063314e-89],
  [2, 0.9772498680518208],
  [6, 0.9999999990134123],
];

describe('normalCdf', () => {
  it.each(reference)('N(%d) matches the reference to 1e-13 relative', (x, expected) => {
    expect(Math.abs(normalCdf(x) - expected) / expected).toBeLessThan(1e-13);
  });

  it('is symmetric to the last bit: N(x) + N(−x) = 1', () => {
    for (let x = -12; x <= 12; x += 0.37) expect(normalCdf(x) + normalCdf(-x)).toBe(1);
  });

  it('reaches its limits without NaN far in the tails', () => {
    expect(normalCdf(-40)).toBe(0);
    expect(normalCdf(40)).toBe(1);
    expect(normalCdf(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(normalCdf(Number.POSITIVE_INFINITY)).toBe(1);
  });

  it('has the density 1/√(2π) at 0', () => {
    expect(normalPdf(0)).toBeCloseTo(1 / Math.sqrt(2 * Math.PI), 15);
    expect(normalPdf(1)).toBeCloseTo(0.24197072451914337, 15);
  });
});
