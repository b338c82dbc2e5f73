// A chart's first open: the chart library's chunk (lightweight-charts) is asked for as soon as the chart
// screen opens, while its bars are still being read, not once they have arrived (issue 24: one round trip,
// about a second on Slow 4G).
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

const library = vi.hoisted(() => ({ loaded: 0, dailyReads: 0 }));

vi.mock('@/features/analytics/charts/candle-chart', () => {
  library.loaded += 1;
  return { drawCandleChart: () => ({ show: () => undefined, remove: () => undefined }) };
});
// Bars that never arrive: whatever the panel asks for meanwhile, it asks for before them.
vi.mock('@/features/analytics/api/analytics-reads', () => ({
  getDailyData: () => {
    library.dailyReads += 1;
    return new Promise(() => undefined);
  },
  getCandles: () => new Promise(() => undefined),
}));
vi.mock('@/features/analytics/hooks/use-index-choices', () => ({ useIndexChoices: () => [{ index: 'NIFTY' }] }));

const { ChartPanel } = await import('@/features/analytics/components/chart-panel');
const { startEarlyBarsRead } = await import('@/features/analytics/api/chart-bars');

function renderDailyNiftyChart() {
  render(
    <IntlProvider locale="en" defaultLocale="en">
      <MemoryRouter initialEntries={['/app/trading_view_chart?index=NIFTY&interval=1D']}>
        <ChartPanel size="inline" title="Chart" description="Candles" />
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('a chart screen opened for the first time', () => {
  it('takes the read of its bars the entry started beside the screen\'s files, instead of reading them again', async () => {
    startEarlyBarsRead('?index=NIFTY&interval=1D');
    expect(library.dailyReads).toBe(1);
    renderDailyNiftyChart();
    expect(await screen.findByText('Loading the chart…')).toBeTruthy();
    expect(library.dailyReads).toBe(1);
    cleanup();
  });

  it('fetches the chart library while the bars are still on their way', async () => {
    renderDailyNiftyChart();
    expect(await screen.findByText('Loading the chart…')).toBeTruthy();
    await vi.waitFor(() => expect(library.loaded).toBe(1));
    expect(screen.queryByTestId('candle-chart')).toBeNull();
  });
});
