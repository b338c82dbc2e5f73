import { describe, expect, it } from 'vitest';
import { averageRupees } from '../../../server/services/analysis/backtests/backtest-report.ts';

describe("a backtest report's averages (average win, average loss, expectancy)", () => {
  it('round a mean that ends in half a paisa up, as whole paise do, not down as rupee floats did', () => {
    // (0.57 + 0.58) / 2 * 100 is 57.49999999999999 in floating point: rounded, ₹0.57 instead of ₹0.58.
    expect(averageRupees([0.57, 0.58])).toBe(0.58);
    expect(averageRupees([0.15, 0.18])).toBe(0.17);
    expect(averageRupees([2169.12, 2169.13])).toBe(2169.13);
  });

  it('are exact to the paisa over many trades and none for no trades', () => {
    expect(averageRupees([-1250.55, 300.1, 950.45])).toBe(0);
    expect(averageRupees([100.01, 100.02, 100.02])).toBe(100.02);
    expect(averageRupees([])).toBeNull();
  });
});
