import type { AutoscaleInfo, AutoscaleInfoProvider } from 'lightweight-charts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { meaningfulRange } from '@/lib/charts/meaningful-range';

// The charts draw on a canvas jsdom does not have: the library is replaced by a recorder of each series'
// options, and the axis a chart would get is read from the autoscale provider it was given.
const added: Array<{ options: { autoscaleInfoProvider?: AutoscaleInfoProvider } }> = [];
vi.mock('lightweight-charts', () => {
  const series = { setData: vi.fn() };
  return {
    AreaSeries: 'Area',
    BaselineSeries: 'Baseline',
    LineSeries: 'Line',
    ColorType: { Solid: 'solid' },
    createChart: () => ({
      addSeries: (_kind: string, options: { autoscaleInfoProvider?: AutoscaleInfoProvider }) => {
        added.push({ options });
        return series;
      },
      panes: () => [],
      timeScale: () => ({ fitContent: vi.fn() }),
      remove: vi.fn(),
    }),
  };
});

/** The axis lightweight-charts would draw when the data in view spans `low`…`high`. */
function axisOf(provider: AutoscaleInfoProvider | undefined, low: number, high: number) {
  const base: AutoscaleInfo = { priceRange: { minValue: low, maxValue: high } };
  return (provider ?? (() => base))(() => base)?.priceRange;
}

beforeEach(() => {
  added.length = 0;
});

describe('a P&L axis', () => {
  it('one day of net realised P&L (-471.58) is read against zero, not on a hairline axis around itself', async () => {
    const { drawPnlHistory } = await import('@/features/positions/components/pnl-history-chart');
    drawPnlHistory(document.createElement('div'), [{ date: '2026-11-24', cumulative: -471.58 }], String);
    expect(axisOf(added[0]?.options.autoscaleInfoProvider, -471.58, -471.58)).toEqual({ minValue: -471.58, maxValue: 0 });
  });

  it('a history that stays in profit still shows zero under it', async () => {
    const { drawPnlHistory } = await import('@/features/positions/components/pnl-history-chart');
    drawPnlHistory(document.createElement('div'), [
      { date: '2026-11-23', cumulative: 1200 },
      { date: '2026-11-24', cumulative: 1350.5 },
    ], String);
    expect(axisOf(added[0]?.options.autoscaleInfoProvider, 1200, 1350.5)).toEqual({ minValue: 0, maxValue: 1350.5 });
  });

  it('a backtest of one day: the equity spans 1 % of itself and the drawdown pane holds zero', async () => {
    const { drawEquity } = await import('@/features/backtests/components/equity-chart-draw');
    drawEquity(document.createElement('div'), [{ date: '2026-11-24', equity: 499_528.42, drawdown: 471.58 }], String);
    const [equity, drawdown] = added.map((series) => series.options.autoscaleInfoProvider);
    const equityAxis = axisOf(equity, 499_528.42, 499_528.42)!;
    expect(equityAxis.maxValue - equityAxis.minValue).toBeCloseTo(4995.28, 2);
    expect(axisOf(drawdown, -471.58, -471.58)).toEqual({ minValue: -471.58, maxValue: 0 });
  });
});

describe('meaningfulRange', () => {
  it('leaves a range that already holds zero and spans enough alone', () => {
    expect(meaningfulRange(-250, 900, true)).toEqual({ minValue: -250, maxValue: 900 });
  });

  it('widens a flat zero line to a rupee around it, and a small value away from zero', () => {
    expect(meaningfulRange(0, 0, true)).toEqual({ minValue: -0.5, maxValue: 0.5 });
    expect(meaningfulRange(0.4, 0.4, true)).toEqual({ minValue: 0, maxValue: 1 });
    expect(meaningfulRange(-0.25, -0.25, true)).toEqual({ minValue: -1, maxValue: 0 });
  });

  it('without zero, widens a flat line evenly to 1 % of its level', () => {
    expect(meaningfulRange(500_000, 500_000, false)).toEqual({ minValue: 497_500, maxValue: 502_500 });
    expect(meaningfulRange(26_100, 26_400, false)).toEqual({ minValue: 26_100, maxValue: 26_400 });
  });
});
