import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { localeFromIntl, type Locale } from '@/i18n/locale';
import { formatDate, formatDateTime, formatTime, type DateInput } from '@/lib/format/date';
import {
  formatInr,
  formatNumber,
  formatPercent,
  formatSignedInr,
  type NumberOptions,
  type PercentOptions,
} from '@/lib/format/number';

export type BoundFormat = {
  locale: Locale;
  formatInr: (value: number, opts?: NumberOptions) => string;
  formatSignedInr: (value: number, opts?: NumberOptions) => string;
  formatNumber: (value: number, opts?: NumberOptions) => string;
  formatPercent: (fraction: number, opts?: PercentOptions) => string;
  formatDate: (input: DateInput) => string;
  formatDateTime: (input: DateInput) => string;
  formatTime: (input: DateInput) => string;
};

/** The formatters of src/lib/format bound to the language on screen (react-intl's locale). */
export function useFormat(): BoundFormat {
  const locale = localeFromIntl(useIntl().locale);
  return useMemo(
    () => ({
      locale,
      formatInr: (value, opts) => formatInr(value, locale, opts),
      formatSignedInr: (value, opts) => formatSignedInr(value, locale, opts),
      formatNumber: (value, opts) => formatNumber(value, locale, opts),
      formatPercent: (fraction, opts) => formatPercent(fraction, locale, opts),
      formatDate: (input) => formatDate(input, locale),
      formatDateTime: (input) => formatDateTime(input, locale),
      formatTime: (input) => formatTime(input, locale),
    }),
    [locale],
  );
}
