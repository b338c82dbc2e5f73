import { formatDate } from '@/lib/format/date';
import type { Locale } from '@/i18n/locale';

const isoDate = /\b(\d{4})-(\d{2})-(\d{2})\b/g;

/**
 * The server's prose (a recommendation's rationale) names dates as ISO days ("on the 2026-01-20 expiry"):
 * each one in the interface language's date format ("20 Jan 2026", "20/01/2026"). Text that only looks
 * like a date (month 13) is left as it is.
 */
export function formatProseDates(text: string, locale: Locale): string {
  return text.replace(isoDate, (match: string, year: string, month: string, day: string) => {
    const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), 6));
    const real = date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
    return real ? formatDate(date, locale) : match;
  });
}
