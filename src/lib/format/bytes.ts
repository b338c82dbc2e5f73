/** A size in bytes as the language writes it (1.2 MB, 1,2 Mo), in the largest unit that keeps it at 1 or more. */
import { intlLocaleFor, type Locale } from '@/i18n/locale';

const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

export function formatBytes(bytes: number, locale: Locale): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(intlLocaleFor(locale), {
    style: 'unit',
    unit: units[unit],
    // 'short' writes "924 byte" in English (singular whatever the count); 'narrow' writes 924B.
    unitDisplay: unit === 0 ? 'narrow' : 'short',
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  }).format(value);
}
