// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatMobile, INDIAN_MOBILE_PATTERN, normaliseMobile } from '@/lib/validation/indian-mobile';

describe('Indian mobile numbers', () => {
  it.each(['9876543210', '+919876543210', '+91 98765 43210', '098765-43210', '6000000000'])('accepts %s', (text) => {
    expect(INDIAN_MOBILE_PATTERN.test(text)).toBe(true);
  });

  it.each(['5876543210', '987654321', '98765432100', '+9298765 43210', '98765abcde', ''])('refuses %s', (text) => {
    expect(INDIAN_MOBILE_PATTERN.test(text)).toBe(false);
  });

  it.each([
    ['98765 43210', '9876543210'],
    ['+91 98765-43210', '+919876543210'],
    ['09876543210', '9876543210'],
  ])('sends %s to the server as %s, which the contract accepts', (typed, sent) => {
    expect(normaliseMobile(typed)).toBe(sent);
    expect(/^(\+91)?[6-9][0-9]{9}$/.test(sent)).toBe(true);
  });

  it.each([
    ['+919876543210', '98765 43210'],
    ['9876543210', '98765 43210'],
    ['+91 98765 43210', '98765 43210'],
  ])('shows the stored %s as the hint writes numbers: %s', (stored, shown) => {
    expect(formatMobile(stored)).toBe(shown);
    expect(INDIAN_MOBILE_PATTERN.test(shown)).toBe(true);
  });

  it('shows a number it does not recognise as stored', () => {
    expect(formatMobile('+14155550100')).toBe('+14155550100');
  });
});
