// @vitest-environment node
// The candle chart's labels in the interface's language: prices grouped as en-IN and French group them, and
// the crosshair's time in IST in that language's words.
import { describe, expect, it } from 'vitest';
import { chartLocalization, chartPriceLabel, chartTimeLabel, istOffsetSeconds } from '@/features/analytics/charts/chart-localization';
import type { UTCTimestamp } from 'lightweight-charts';

describe('chart labels', () => {
  it('group prices in lakhs in English and with a narrow space in French, always with two decimals', () => {
    expect(chartPriceLabel(26110, 'en')).toBe('26,110.00');
    expect(chartPriceLabel(123456.5, 'en')).toBe('1,23,456.50');
    expect(chartPriceLabel(26110, 'fr')).toBe('26\u202f110,00');
    expect(chartLocalization('fr').priceFormatter(85286.4)).toBe('85\u202f286,40');
    expect(chartLocalization('en').locale).toBe('en-IN');
  });

  it('write an intraday bar’s IST minute and a day bar’s date in the interface’s language', () => {
    // 09:15 IST on 24 Nov 2026, as the chart holds it (shifted by IST's offset so its axis reads IST).
    const shifted = (Date.parse('2026-11-24T03:45:00Z') / 1000 + istOffsetSeconds) as UTCTimestamp;
    expect(chartTimeLabel(shifted, 'en')).toBe('24 Nov, 09:15');
    expect(chartTimeLabel(shifted, 'fr')).toBe('24 nov., 09:15');
    expect(chartTimeLabel('2026-11-23', 'en')).toBe('23 Nov 2026');
    expect(chartTimeLabel('2026-11-23', 'fr')).toBe('23/11/2026');
    expect(chartTimeLabel({ year: 2026, month: 11, day: 3 }, 'fr')).toBe('03/11/2026');
  });
});
