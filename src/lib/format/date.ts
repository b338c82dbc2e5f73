/**
 * Dates and times for display, always in the market's time zone (IST) whatever the device's zone.
 * Built from Intl parts so the shapes are fixed across browsers and ICU versions:
 *   fr DD/MM/YYYY and DD/MM/YYYY HH:mm:ss (spec §9); en DD MMM YYYY and DD MMM YYYY, HH:mm:ss (24 h).
 */
import { intlLocaleFor, MARKET_TIME_ZONE, type Locale } from '@/i18n/locale';

export type DateInput = Date | number | string;

/** What is shown for a missing or unreadable date. */
export const NO_DATE = '—';

type Parts = { day: string; month: string; year: string; hour: string; minute: string; second: string };

const cache = new Map<Locale, Intl.DateTimeFormat>();

function formatter(locale: Locale): Intl.DateTimeFormat {
  let format = cache.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocaleFor(locale), {
      timeZone: MARKET_TIME_ZONE,
      day: '2-digit',
      month: locale === 'fr' ? '2-digit' : 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    cache.set(locale, format);
  }
  return format;
}

function toDate(input: DateInput): Date | null {
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

function partsOf(input: DateInput, locale: Locale): Parts | null {
  const date = toDate(input);
  if (!date) return null;
  const parts: Parts = { day: '', month: '', year: '', hour: '', minute: '', second: '' };
  for (const part of formatter(locale).formatToParts(date)) {
    if (part.type in parts) parts[part.type as keyof Parts] = part.value;
  }
  return parts;
}

function datePart(p: Parts, locale: Locale): string {
  return locale === 'fr' ? `${p.day}/${p.month}/${p.year}` : `${p.day} ${p.month} ${p.year}`;
}

function timePart(p: Parts): string {
  return `${p.hour}:${p.minute}:${p.second}`;
}

/** fr 21/11/2026; en 21 Nov 2026 (the IST calendar day). */
export function formatDate(input: DateInput, locale: Locale): string {
  const p = partsOf(input, locale);
  return p ? datePart(p, locale) : NO_DATE;
}

/** fr 21/11/2026 14:05:09; en 21 Nov 2026, 14:05:09 (IST, 24 h). */
export function formatDateTime(input: DateInput, locale: Locale): string {
  const p = partsOf(input, locale);
  if (!p) return NO_DATE;
  return locale === 'fr' ? `${datePart(p, locale)} ${timePart(p)}` : `${datePart(p, locale)}, ${timePart(p)}`;
}

/** 06:00 in IST, for what happens on the minute, such as a broker session's end. */
export function formatHourMinute(input: DateInput, locale: Locale): string {
  const p = partsOf(input, locale);
  return p ? `${p.hour}:${p.minute}` : NO_DATE;
}

/** 14:05:09 in IST, for ticks, order times and "as of" stamps. */
export function formatTime(input: DateInput, locale: Locale): string {
  const p = partsOf(input, locale);
  return p ? timePart(p) : NO_DATE;
}

const weekdayCache = new Map<Locale, Intl.DateTimeFormat>();

/** en Mon, 23 Nov, 09:15; fr lun. 23 nov., 09:15 (IST, 24 h, no seconds): when something happens within the coming days, such as the next open. */
export function formatWeekdayTime(input: DateInput, locale: Locale): string {
  const date = toDate(input);
  if (!date) return NO_DATE;
  let format = weekdayCache.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocaleFor(locale), {
      timeZone: MARKET_TIME_ZONE,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    weekdayCache.set(locale, format);
  }
  return format.format(date);
}

const dayMonthCache = new Map<Locale, Intl.DateTimeFormat>();

/** en 1 Dec; fr 1 déc. (the IST calendar day, no year): a near date in a one-line summary, such as an expiry. */
export function formatDayMonth(input: DateInput, locale: Locale): string {
  const date = toDate(input);
  if (!date) return NO_DATE;
  let format = dayMonthCache.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocaleFor(locale), { timeZone: MARKET_TIME_ZONE, day: 'numeric', month: 'short' });
    dayMonthCache.set(locale, format);
  }
  return format.format(date);
}
