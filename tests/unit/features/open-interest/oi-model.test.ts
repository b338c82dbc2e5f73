// @vitest-environment node
// The OI screen's model: the choice read from the address (what the chain links to), lines with gaps as
// whitespace (never a value made up), and the profile's rows around max pain.
import { describe, expect, it } from 'vitest';
import { choiceFromSearch, figureLine, gapCount, istMinuteTime, profileRows, searchOfChoice, strikeLines, type OpenInterestDay } from '@/features/open-interest/model/oi-model';

describe('the open-interest model', () => {
  it('reads the choice from the address, leaving what it cannot read to the server', () => {
    expect(choiceFromSearch(new URLSearchParams('index=BANKNIFTY&expiry=2026-10-06&strikes=52000,52100&interval=15'))).toEqual({
      index: 'BANKNIFTY',
      day: null,
      expiry: '2026-10-06',
      strikes: [52000, 52100],
      interval: 15,
    });
    expect(choiceFromSearch(new URLSearchParams('index=nifty 50&day=yesterday&strikes=abc,-5&interval=2'))).toEqual({ index: 'NIFTY', day: null, expiry: null, strikes: [], interval: 5 });
    // Any underlying's symbol (issue 63: a stock's OI from its bhavcopies and recorded minutes); the server says whether it lists it.
    expect(choiceFromSearch(new URLSearchParams('index=M%26M&expiry=2026-12-29')).index).toBe('M&M');
    expect(searchOfChoice({ index: 'NIFTY', day: '2026-10-05', expiry: null, strikes: [25000], interval: 5 })).toEqual({ index: 'NIFTY', day: '2026-10-05', strikes: '25000' });
  });

  it('draws a point without a value as a gap, and minutes on the IST clock', () => {
    const times = [555, 556, 557].map((minute) => istMinuteTime('2026-10-05', minute));
    expect(new Date((times[0] as number) * 1000).toISOString()).toBe('2026-10-05T09:15:00.000Z');
    const series: OpenInterestDay['intraday']['series'] = [{ strike: 25000, type: 'CE', oi: [250000, null, 240000], change: [0, null, -10000] }];
    const [line] = strikeLines(times, series, 'change', (strike, type) => `${strike} ${type}`);
    expect(line).toEqual({ id: '25000CE', label: '25000 CE', kind: 'CE', points: [{ time: times[0], value: 0 }, { time: times[1] }, { time: times[2], value: -10000 }] });
    expect(figureLine('pcr', 'PCR', times, [null, 0.75, 0.8]).points[0]).toEqual({ time: times[0] });
    expect(gapCount(['recorded', null, null, 'simulated'])).toBe(2);
  });

  it('keeps the profile rows around max pain', () => {
    const strikes = Array.from({ length: 41 }, (_, i) => 24000 + i * 50);
    const profile = {
      day: '2026-10-05',
      source: 'bhavcopy',
      as_of: '2026-10-05T10:00:00.000Z',
      strikes,
      call_oi: strikes.map(() => 1),
      put_oi: strikes.map(() => 2),
      pcr: 2,
      max_pain: 24300,
      previous: null,
    } satisfies NonNullable<OpenInterestDay['profile']>;
    const rows = profileRows(profile, 10);
    // 24,300 is the 7th strike: 6 below it, 10 above.
    expect(rows.map((row) => row.strike)).toEqual(strikes.slice(0, 17));
    expect(rows[0]).toEqual({ strike: 24000, call: 1, put: 2, previousCall: null, previousPut: null });
    expect(profileRows(profile, null)).toHaveLength(41);
  });
});
