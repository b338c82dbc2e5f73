import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { localeFromIntl, type Locale } from '@/i18n/locale';
import { formatDate, formatDateTime, formatDayMonth, formatHourMinute, formatTime, formatWeekdayTime, type DateInput } from '@/lib/format/date';
import {
  formatInr,
  formatLakh,
  formatLakhChange,
  formatNumber,
  formatPercent,
  formatSignedInr,
  type NumberOptions,
  type PercentOptions,
} from '@/lib/format/number';
import { isolate, signJoined } from '@/lib/format/isolate';
import { symbolName } from '@/lib/format/symbol-name';

export type BoundFormat = {
  locale: Locale;
  formatInr: (value: number, opts?: NumberOptions) => string;
  formatSignedInr: (value: number, opts?: NumberOptions) => string;
  formatNumber: (value: number, opts?: NumberOptions) => string;
  /** Open interest or volume in lakh (the header says "(lakh)"). */
  formatLakh: (units: number, opts?: Pick<NumberOptions, 'signDisplay'>) => string;
  /** A change in OI in lakh, signed, two decimals for every figure (number.ts). */
  formatLakhChange: (units: number) => string;
  formatPercent: (fraction: number, opts?: PercentOptions) => string;
  formatDate: (input: DateInput) => string;
  formatDayMonth: (input: DateInput) => string;
  formatDateTime: (input: DateInput) => string;
  formatTime: (input: DateInput) => string;
  formatHourMinute: (input: DateInput) => string;
  formatWeekdayTime: (input: DateInput) => string;
  /** A tradingsymbol as the trader says it ("NIFTY 01 Dec 26050 CE"); `expiry` dates a monthly to the day. */
  formatContract: (tradingsymbol: string, expiry?: string | null) => string;
};

/**
 * The formatters of src/lib/format bound to the language on screen (react-intl's locale), for display:
 * each value comes isolated (see isolate.ts), so every screen that shows a number, an amount or a date
 * keeps it whole in right-to-left layouts, and an amount's sign stays on its line (signJoined). The pure
 * functions stay plain for inputs, computations and charts.
 */
export function useFormat(): BoundFormat {
  const locale = localeFromIntl(useIntl().locale);
  return useMemo(
    () => ({
      locale,
      formatInr: (value, opts) => isolate(signJoined(formatInr(value, locale, opts))),
      formatSignedInr: (value, opts) => isolate(signJoined(formatSignedInr(value, locale, opts))),
      formatNumber: (value, opts) => isolate(formatNumber(value, locale, opts)),
      formatLakh: (units, opts) => isolate(formatLakh(units, locale, opts)),
      formatLakhChange: (units) => isolate(formatLakhChange(units, locale)),
      formatPercent: (fraction, opts) => isolate(formatPercent(fraction, locale, opts)),
      formatDate: (input) => isolate(formatDate(input, locale)),
      formatDayMonth: (input) => isolate(formatDayMonth(input, locale)),
      formatDateTime: (input) => isolate(formatDateTime(input, locale)),
      formatTime: (input) => isolate(formatTime(input, locale)),
      formatHourMinute: (input) => isolate(formatHourMinute(input, locale)),
      formatWeekdayTime: (input) => isolate(formatWeekdayTime(input, locale)),
      formatContract: (tradingsymbol, expiry) => isolate(symbolName(tradingsymbol, locale, expiry)),
    }),
    [locale],
  );
}
