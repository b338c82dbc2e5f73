// @vitest-environment node
// The payoff chart's geometry: prices rise to the right, profit upwards, zero always in view, round ticks.
import { describe, expect, it } from 'vitest';
import { chart, linePath, makeScale, niceTicks, pnlBounds } from '@/features/strategies/components/chart-scale';

describe('chart geometry', () => {
  it('keeps zero in view and pads both ends', () => {
    const { low, high } = pnlBounds([Float64Array.from([1000, 5000]), Float64Array.from([2000, 3000])]);
    expect(low).toBeLessThan(0);
    expect(high).toBeGreaterThan(5000);
  });

  it('maps prices left to right and profit upwards, and back again', () => {
    const scale = makeScale(20_000, 30_000, -1000, 1000);
    expect(scale.toX(20_000)).toBe(chart.left);
    expect(scale.toX(30_000)).toBe(chart.width - chart.right);
    expect(scale.toY(1000)).toBe(chart.top);
    expect(scale.toY(-1000)).toBe(chart.height - chart.bottom);
    expect(scale.fromX(scale.toX(27_345))).toBeCloseTo(27_345, 6);
  });

  it('ticks at 1, 2 or 5 times a power of ten, with an exact zero', () => {
    expect(niceTicks(-12_345, 8_000, 5)).toEqual([-10_000, -5_000, 0, 5_000]);
    expect(niceTicks(24_870, 27_230, 6)).toEqual([25_000, 25_500, 26_000, 26_500, 27_000]);
    expect(niceTicks(-0.3, 0.3, 3)).toContain(0);
  });

  it('draws a line through every sample', () => {
    const scale = makeScale(0, 2, -1, 1);
    const path = linePath(Float64Array.from([0, 1, 2]), Float64Array.from([-1, 0, 1]), scale);
    expect(path.match(/[ML]/g)).toEqual(['M', 'L', 'L']);
    expect(path.startsWith(`M${chart.left.toFixed(1)},${(chart.height - chart.bottom).toFixed(1)}`)).toBe(true);
  });
});
