// Dragging a payoff slider: each step draws the chart once and computes the figures once, from the same
// scenario (issue 37: the builder's tasks of 52-66 ms while dragging; the chart was drawn on the input, on the
// next frame and again with the deferred figures, whose computation a next input threw away). The chart's two
// lines are built by linePath once per render, so its calls count the chart's renders.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import type * as Strategy from '@quant/strategy.ts';
import type * as ChartScale from '@/features/strategies/components/chart-scale';
import { StrategyPayoff } from '@/features/strategies/components/strategy-payoff';
import { ironCondor, nowMs, spot } from './strategy-fixtures';

const work = vi.hoisted(() => ({ lines: 0, summaries: 0 }));
vi.mock('@/features/strategies/components/chart-scale', async (importOriginal) => {
  const original = await importOriginal<typeof ChartScale>();
  return { ...original, linePath: (...args: Parameters<typeof original.linePath>) => ((work.lines += 1), original.linePath(...args)) };
});
vi.mock('@quant/strategy.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Strategy>();
  return { ...original, summariseStrategy: (...args: Parameters<typeof original.summariseStrategy>) => ((work.summaries += 1), original.summariseStrategy(...args)) };
});

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
const settle = async () => {
  for (let frame = 0; frame < 3; frame += 1) await nextFrame();
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
};

describe('a payoff slider step', () => {
  it('draws the chart once and computes the figures once, the chart at the new spot', async () => {
    render(
      <IntlProvider locale="en-IN" defaultLocale="en-IN" onError={() => undefined}>
        <StrategyPayoff legs={ironCondor()} spot={spot} nowMs={nowMs} />
      </IntlProvider>,
    );
    await settle();
    const slider = screen.getByLabelText('Spot');
    let lastLine = Number(screen.getByTestId('spot-line').getAttribute('x1'));
    for (const shift of [0.01, 0.02, 0.03]) {
      work.lines = 0;
      work.summaries = 0;
      fireEvent.change(slider, { target: { value: String(shift) } });
      await settle();
      expect(work).toEqual({ lines: 2, summaries: 1 });
      // The chart drew the moved spot: its line stands further right at each step.
      const line = Number(screen.getByTestId('spot-line').getAttribute('x1'));
      expect(line).toBeGreaterThan(lastLine);
      lastLine = line;
    }
  });
});
