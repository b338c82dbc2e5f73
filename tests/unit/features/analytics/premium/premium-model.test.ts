// @vitest-environment node
// The premium chart's pure parts: its overlays against hand computations, gaps kept as gaps, fills on the
// candle they fell in, and the link the chain and the builder open it with.
import { describe, expect, it } from 'vitest';
import { ema, sma, superTrend, vwap } from '@/features/analytics/premium/model/premium-overlays';
import { defaultInterval, weekdaysBefore } from '@/features/analytics/premium/model/premium-days';
import { candleOf, gapTimes, type PremiumCandle } from '@/features/analytics/premium/model/premium-view';
import { parsePremiumLegs, premiumChartPath, straddleLegs } from '@/lib/charts/premium-link';

const at = (time: string, day = '2024-07-08') => Date.parse(`${day}T${time}:00+05:30`) / 1000;
const candle = (time: number, high: number, low: number, close: number, volume: number): PremiumCandle => ({ time, open: close, high, low, close, volume });

describe('the overlays', () => {
  it('VWAP weighs each typical price by its volume and starts again each IST day', () => {
    const candles = [candle(at('09:15'), 195, 186, 190, 1800), candle(at('09:17'), 193, 185.5, 191.5, 700), candle(at('09:15', '2024-07-09'), 180, 170, 175, 100)];
    const values = vwap(candles);
    // (190.333… × 1800 + 190 × 700) / 2500 = 190.24; the next day: its own typical price.
    expect(values[0]).toBeCloseTo(190.3333, 4);
    expect(values[1]).toBeCloseTo((((195 + 186 + 190) / 3) * 1800 + ((193 + 185.5 + 191.5) / 3) * 700) / 2500, 6);
    expect(values[2]).toBeCloseTo(175, 6);
    // No volume yet: no VWAP, never a number made up.
    expect(vwap([candle(at('09:15'), 10, 9, 9.5, 0)])).toEqual([null]);
  });

  it('SMA and EMA of the closes, null until their period is there', () => {
    const candles = [10, 11, 12, 13].map((close, i) => candle(at('09:15') + 60 * i, close, close, close, 1));
    expect(sma(candles, 3)).toEqual([null, null, 11, 12]);
    // Seeded with the first close, alpha 2/(3+1) = 0.5: 10, 10.5, 11.25, 12.125.
    expect(ema(candles, 3)).toEqual([null, null, 11.25, 12.125]);
  });

  it('SuperTrend follows the lower band in a rise and flips to the upper band when the close breaks below', () => {
    const closes = [100, 102, 104, 106, 108, 110, 90, 85];
    const candles = closes.map((close, i) => candle(at('09:15') + 60 * i, close + 1, close - 1, close, 1));
    const points = superTrend(candles, 2, 1);
    expect(points.slice(0, 2)).toEqual([null, null]);
    expect(points[5]).toMatchObject({ up: true });
    expect((points[5] as { value: number }).value).toBeLessThan(110);
    expect(points[6]).toMatchObject({ up: false });
    expect((points[6] as { value: number }).value).toBeGreaterThan(90);
  });
});

describe('gaps and fills', () => {
  const candles = [candle(at('09:15'), 1, 1, 1, 1), candle(at('09:18'), 1, 1, 1, 1), candle(at('09:15', '2024-07-09'), 1, 1, 1, 1)];

  it('leaves the minutes between two candles of a day as whitespace, never across the night', () => {
    expect(gapTimes(candles, '1m')).toEqual([at('09:16'), at('09:17')]);
    expect(gapTimes(candles, '1d')).toEqual([]);
  });

  it('puts a fill on the candle it fell in', () => {
    expect(candleOf(candles, at('09:16') + 30)?.time).toBe(at('09:15'));
    expect(candleOf(candles, at('09:14'))).toBeNull();
  });
});

describe('the link', () => {
  it('spells the ATM straddle as the server reads it, and reads it back', () => {
    const path = premiumChartPath(straddleLegs('NIFTY', '2024-07-11', 24300));
    expect(decodeURIComponent(path)).toBe('/app/premium?legs=NIFTY:2024-07-11:24300:CE:S:1,NIFTY:2024-07-11:24300:PE:S:1');
    const legs = new URLSearchParams(path.split('?')[1]).get('legs') as string;
    expect(parsePremiumLegs(legs)).toEqual(straddleLegs('NIFTY', '2024-07-11', 24300));
    expect(parsePremiumLegs('NIFTY:2024-07-11:24300:XE:S:1')).toBeNull();
  });

  it('counts weekdays back for a span, with a longer candle as it grows', () => {
    expect(weekdaysBefore('2024-07-08', 1)).toBe('2024-07-05');
    expect(weekdaysBefore('2024-07-10', 4)).toBe('2024-07-04');
    expect(defaultInterval(1)).toBe('1m');
    expect(defaultInterval(20)).toBe('1d');
  });
});
