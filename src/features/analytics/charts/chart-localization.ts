// The candle chart's figures in the interface's language: prices grouped as the rest of the app groups them
// (en-IN lakhs 26,110.00; fr 26 110,00) and the crosshair's time in words of that language. Kept apart from
// candle-chart.ts (which pulls in lightweight-charts) so it can be tested without a canvas.
import type { Time } from 'lightweight-charts';
import { intlLocaleFor, MARKET_TIME_ZONE, type IntlLocale, type Locale } from '@/i18n/locale';
import { formatDate } from '@/lib/format/date';
import { formatNumber } from '@/lib/format/number';

// lightweight-charts shows times in UTC; shifting each bar by IST's offset makes its axis read IST (no DST).
export const istOffsetSeconds = 330 * 60;

const barTimeFormats = new Map<IntlLocale, Intl.DateTimeFormat>();

function barTimeFormat(locale: Locale): Intl.DateTimeFormat {
  const tag = intlLocaleFor(locale);
  let format = barTimeFormats.get(tag);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(tag, { timeZone: MARKET_TIME_ZONE, day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    barTimeFormats.set(tag, format);
  }
  return format;
}

/** A price on the axis or a label: always two decimals, grouped by the interface's locale. */
export function chartPriceLabel(price: number, locale: Locale): string {
  return formatNumber(price, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/**
 * The crosshair's time: a day bar's IST date as the app writes dates (23 Nov 2026, 23/11/2026); an intraday
 * bar's IST day and minute (24 Nov, 11:15; 24 nov., 11:15). Intraday times arrive shifted by IST's offset.
 */
export function chartTimeLabel(time: Time, locale: Locale): string {
  if (typeof time === 'number') return barTimeFormat(locale).format(new Date((time - istOffsetSeconds) * 1000));
  const day = typeof time === 'string' ? time : `${time.year}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
  // Noon IST: the same calendar day whatever the rounding.
  return formatDate(`${day}T12:00:00+05:30`, locale);
}

/** The chart's localization option: its locale for the time axis, and the formatters above. */
export function chartLocalization(locale: Locale) {
  return {
    locale: intlLocaleFor(locale),
    priceFormatter: (price: number) => chartPriceLabel(price, locale),
    timeFormatter: (time: Time) => chartTimeLabel(time, locale),
  };
}
