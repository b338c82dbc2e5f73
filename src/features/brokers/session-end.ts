import { intlLocaleFor, MARKET_TIME_ZONE, type Locale } from '@/i18n/locale';

const formats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * When a broker session ends, to the minute: "06:00", in IST, 24-hour. Sessions end on the minute
 * (06:00 IST), so seconds would only be noise.
 */
export function sessionEndTime(input: string, locale: Locale): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocaleFor(locale), {
      timeZone: MARKET_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(locale, format);
  }
  return format.format(new Date(input));
}
