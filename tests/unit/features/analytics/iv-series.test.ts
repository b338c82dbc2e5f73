// @vitest-environment node
// The IV charts' lines from the server's columns: a gap minute or a missing trading day is a point without a
// value (the line breaks), the smile takes each strike's out-of-the-money side, and the sources are counted.
import { describe, expect, it } from 'vitest';
import type { IvDay, IvHistory, IvSmileAt } from '@/features/analytics/volatility/iv-reads';
import { dayLine, gapMinutes, historyLine, lastDayPoint, minuteTime, smileLine, sourcesOf } from '@/features/analytics/volatility/iv-series';

const day: IvDay = {
  index: 'NIFTY',
  day: '2026-11-26',
  expiry: '2026-12-01',
  expiries: ['2026-12-01'],
  as_of: '2026-11-26T03:49:00.000Z',
  minutes: ['09:15', '09:16', '09:17', '09:18'],
  iv: [14.1, null, 14.3, null],
  call_iv: [13.6, null, 13.8, null],
  put_iv: [14.6, null, 14.8, null],
  strike: [24_000, null, 24_050, null],
  spot: [24_010, null, 24_030, null],
  source: ['recorded', null, 'simulated', null],
  settlement: null,
};

describe('IV series', () => {
  it('draws a day with its gap minutes as breaks, times read as IST on the axis', () => {
    expect(dayLine(day)).toEqual([
      { time: minuteTime('2026-11-26', '09:15'), value: 14.1 },
      { time: minuteTime('2026-11-26', '09:16') },
      { time: minuteTime('2026-11-26', '09:17'), value: 14.3 },
      { time: minuteTime('2026-11-26', '09:18') },
    ]);
    expect(minuteTime('2026-11-26', '09:15')).toBe(Date.parse('2026-11-26T09:15:00Z') / 1000);
    expect(gapMinutes(day)).toBe(2);
    expect(lastDayPoint(day)).toEqual({ iv: 14.3, callIv: 13.8, putIv: 14.8, strike: 24_050, spot: 24_030, minute: '09:17', source: 'simulated' });
    expect(lastDayPoint({ ...day, iv: [null, null, null, null] })).toBeNull();
  });

  it('puts each missing trading day in its place as a break', () => {
    const history = { dates: ['2026-11-02', '2026-11-04'], iv: [13, 12], missing_days: ['2026-11-03'] } as IvHistory;
    expect(historyLine(history)).toEqual([{ time: '2026-11-02', value: 13 }, { time: '2026-11-03' }, { time: '2026-11-04', value: 12 }]);
  });

  it('draws the smile from each strike’s out-of-the-money side, leaving out a side without IV', () => {
    const smile: IvSmileAt = {
      asked: '2026-11-26',
      at: '2026-11-26T10:00:00.000Z',
      source: 'bhavcopy',
      spot: 24_010,
      strikes: [23_900, 24_000, 24_100, 24_200],
      call_iv: [11, 12, 12.5, null],
      put_iv: [14, 13, 15, 16],
    };
    expect(smileLine(smile)).toEqual([
      { time: 23_900, value: 14 },
      { time: 24_000, value: 13 },
      { time: 24_100, value: 12.5 },
    ]);
    expect(smileLine({ ...smile, spot: null })).toEqual([]);
  });

  it('names the sources most numerous first', () => {
    expect(sourcesOf(['simulated', 'recorded', null, 'recorded'])).toEqual(['recorded', 'simulated']);
  });
});
