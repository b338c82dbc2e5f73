// @vitest-environment node
// The chart's first open (issue 24): the entry starts reading a chart link's bars beside the screen's files,
// and the panel takes that read instead of making its own, once, while it is fresh.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const reads = vi.hoisted(() => ({ daily: [] as Array<{ index: string; limit: number }>, candles: [] as Array<{ index: string; interval: string }> }));

vi.mock('@/features/analytics/api/analytics-reads', () => ({
  getDailyData: (index: string, limit: number) => {
    reads.daily.push({ index, limit });
    return Promise.resolve({ value: [{ date: '2026-11-20', open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 }], fetchedAt: 0, cached: false, total: null });
  },
  getCandles: (index: string, interval: string) => {
    reads.candles.push({ index, interval });
    return Promise.resolve({ value: [], fetchedAt: 0, cached: false, total: null });
  },
}));

async function freshModule() {
  vi.resetModules();
  return import('@/features/analytics/api/chart-bars');
}

describe('the early read of a chart link\'s bars', () => {
  beforeEach(() => {
    reads.daily.length = 0;
    reads.candles.length = 0;
    vi.useRealTimers();
  });

  it('is what the panel gets for the same bars, without a second request, and only once', async () => {
    const bars = await freshModule();
    bars.startEarlyBarsRead('?index=BANKNIFTY&interval=1D');
    expect(reads.daily).toEqual([{ index: 'BANKNIFTY', limit: 250 }]);
    const answer = await bars.takeOrReadBars('BANKNIFTY', '1D');
    expect(answer.value).toEqual([{ time: '2026-11-20', open: 1, high: 2, low: 0.5, close: 1.5, volume: 10 }]);
    expect(reads.daily).toHaveLength(1);
    // A refresh reads afresh.
    await bars.takeOrReadBars('BANKNIFTY', '1D');
    expect(reads.daily).toHaveLength(2);
  });

  it('reads what the panel would: the first index and 5-minute bars when the link names none', async () => {
    const bars = await freshModule();
    bars.startEarlyBarsRead('');
    expect(reads.candles).toEqual([{ index: 'NIFTY', interval: '5m' }]);
  });

  it('is not used for other bars, nor when it is old', async () => {
    const bars = await freshModule();
    bars.startEarlyBarsRead('?index=NIFTY&interval=15m');
    await bars.takeOrReadBars('NIFTY', '5m');
    expect(reads.candles.map((read) => read.interval)).toEqual(['15m', '5m']);

    const later = await freshModule();
    vi.useFakeTimers({ now: Date.parse('2026-11-25T05:30:00Z') });
    later.startEarlyBarsRead('?index=NIFTY&interval=1D');
    vi.setSystemTime(Date.parse('2026-11-25T05:31:00Z'));
    await later.takeOrReadBars('NIFTY', '1D');
    expect(reads.daily).toHaveLength(2);
  });

  it('starts nothing for an index it does not know, nor once a panel has read its bars', async () => {
    const bars = await freshModule();
    bars.startEarlyBarsRead('?index=DOWJONES&interval=1D');
    expect(reads.daily).toHaveLength(0);
    await bars.takeOrReadBars('NIFTY', '1D');
    bars.startEarlyBarsRead('?index=NIFTY&interval=1D');
    expect(reads.daily).toHaveLength(1);
  });
});
