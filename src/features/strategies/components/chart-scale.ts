// The payoff chart's geometry: a fixed viewBox the SVG scales to its width, linear scales, round ticks
// and the SVG path of a sampled line. Pure, so the drawing and its tests share it.
export const chart = { width: 640, height: 300, left: 64, right: 12, top: 12, bottom: 28 } as const;
/**
 * The same chart on a phone: 640 units drawn in ~330 px, so the wide shape was ~150 px tall, too flat to
 * read a payoff from. Taller units keep it ~280 px high there, with the same text size.
 */
export const tallChart = { ...chart, height: 560 } as const;

export type ChartGeometry = typeof chart | typeof tallChart;

export type Scale = { toX: (price: number) => number; toY: (pnl: number) => number; fromX: (x: number) => number };

export function pnlBounds(lines: readonly Float64Array[]): { low: number; high: number } {
  let low = 0;
  let high = 0;
  for (const line of lines) {
    for (const value of line) {
      if (!Number.isFinite(value)) continue;
      low = Math.min(low, value);
      high = Math.max(high, value);
    }
  }
  const pad = Math.max(1, (high - low) * 0.08);
  return { low: low - pad, high: high + pad };
}

export function makeScale(from: number, to: number, low: number, high: number, geometry: ChartGeometry = chart): Scale {
  const plotWidth = geometry.width - geometry.left - geometry.right;
  const plotHeight = geometry.height - geometry.top - geometry.bottom;
  return {
    toX: (price) => geometry.left + ((price - from) / (to - from)) * plotWidth,
    toY: (pnl) => geometry.top + ((high - pnl) / (high - low)) * plotHeight,
    fromX: (x) => from + ((x - geometry.left) / plotWidth) * (to - from),
  };
}

/** About `count` round values from `low` to `high` (1, 2 or 5 times a power of ten apart). */
export function niceTicks(low: number, high: number, count: number): number[] {
  const raw = (high - low) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw) ?? raw;
  const ticks: number[] = [];
  for (let value = Math.ceil(low / step) * step; value <= high; value += step) ticks.push(Math.abs(value) < step / 1e6 ? 0 : value);
  return ticks;
}

export function linePath(prices: Float64Array, values: Float64Array, scale: Scale): string {
  let path = '';
  for (let index = 0; index < prices.length; index += 1) {
    path += `${index === 0 ? 'M' : 'L'}${scale.toX(prices[index] ?? 0).toFixed(1)},${scale.toY(values[index] ?? 0).toFixed(1)}`;
  }
  return path;
}
