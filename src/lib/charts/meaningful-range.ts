/**
 * The span of a chart's value axis. Left to itself, lightweight-charts scales a single day (or a flat line)
 * to a hairline around it: one day's net realised P&L of -471.58 drew an axis from -471.64 to -471.52 in
 * 0.02 steps, which reads as movement where there was none. A P&L axis therefore always holds zero (a bar
 * or line is read against "nothing made or lost"), and any axis spans at least 1 % of its largest value
 * (and at least 1), widened away from zero when zero is one of its ends.
 */
import type { AutoscaleInfoProvider } from 'lightweight-charts';

export type ValueRange = { minValue: number; maxValue: number };

export function meaningfulRange(low: number, high: number, includeZero: boolean): ValueRange {
  let minValue = includeZero ? Math.min(low, 0) : low;
  let maxValue = includeZero ? Math.max(high, 0) : high;
  const missing = Math.max(1, 0.01 * Math.max(Math.abs(minValue), Math.abs(maxValue))) - (maxValue - minValue);
  if (missing > 0) {
    if (maxValue === 0 && minValue < 0) minValue -= missing;
    else if (minValue === 0 && maxValue > 0) maxValue += missing;
    else {
      minValue -= missing / 2;
      maxValue += missing / 2;
    }
  }
  return { minValue, maxValue };
}

/** A series' autoscale with the rule above, on the range of the data in view. */
export function meaningfulAutoscale(includeZero: boolean): AutoscaleInfoProvider {
  return (original) => {
    const base = original();
    if (base === null || base.priceRange === null) return base;
    return { ...base, priceRange: meaningfulRange(base.priceRange.minValue, base.priceRange.maxValue, includeZero) };
  };
}
