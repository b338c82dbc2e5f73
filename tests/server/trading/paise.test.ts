// Money at the contract's edge (paise.ts): the domain counts integer paise, the contract speaks rupees with
// two decimals, and a trader reads rupees in the Indian grouping. A paisa lost in either direction is a
// wrong charge, margin or P&L on every screen.
import { describe, expect, it } from 'vitest';
import { formatPaise, toPaise, toRupees } from '../../../server/services/brokers/paper/paise.ts';

describe('paise and rupees', () => {
  it('turns paise into the contract’s rupees exactly, to two decimals', () => {
    expect(toRupees(14_235_005)).toBe(142_350.05);
    expect(toRupees(7)).toBe(0.07);
    expect(toRupees(-1_290)).toBe(-12.9);
    expect(toRupees(0)).toBe(0);
    // The largest paise the domain can count exactly still comes out to the paisa.
    expect(toRupees(900_719_925_474_099)).toBe(9_007_199_254_740.99);
  });

  it('turns the contract’s rupees into whole paise, rounding away binary fractions', () => {
    expect(toPaise(120.55)).toBe(12_055);
    // 0.29 × 100 is 28.999999999999996 in binary: rounded to 29 paise, never truncated to 28.
    expect(toPaise(0.29)).toBe(29);
    expect(toPaise(1.01)).toBe(101);
    expect(toPaise(-45.1)).toBe(-4_510);
  });

  it('writes paise as rupees in the Indian grouping with two decimals, for messages a trader reads', () => {
    expect(formatPaise(14_235_005)).toBe('₹1,42,350.05');
    expect(formatPaise(2_000)).toBe('₹20.00');
    expect(formatPaise(5)).toBe('₹0.05');
    expect(formatPaise(-32_500)).toBe('-₹325.00');
  });
});
