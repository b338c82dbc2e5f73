/**
 * Number, money and percentage formatting for display. Pure functions with an explicit locale so they
 * work outside React (and in tests); components use useFormat(). Formatters are cached because live
 * tables format thousands of cells per second. Never use toFixed for display: it ignores the locale.
 */
import { intlLocaleFor, type Locale } from '@/i18n/locale';

export type NumberOptions = {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
  /** 'always' / 'exceptZero' to show a + on positives. */
  signDisplay?: 'auto' | 'always' | 'exceptZero' | 'never';
  /** Short scales: 1.2L, 3.4Cr in en-IN; 1,2 M in fr (money only: open interest and volume use formatLakh). */
  compact?: boolean;
};

const cache = new Map<string, Intl.NumberFormat>();

function formatter(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocaleFor(locale), options);
    cache.set(key, format);
  }
  return format;
}

function intlOptions(opts: NumberOptions, defaults: Intl.NumberFormatOptions): Intl.NumberFormatOptions {
  const { compact, ...rest } = opts;
  const options: Intl.NumberFormatOptions = { ...defaults, ...rest };
  if (compact) options.notation = 'compact';
  // Intl throws when min > max; a caller lowering only the maximum means "at most this many".
  if (
    options.maximumFractionDigits !== undefined &&
    options.minimumFractionDigits !== undefined &&
    options.minimumFractionDigits > options.maximumFractionDigits
  ) {
    options.minimumFractionDigits = options.maximumFractionDigits;
  }
  return options;
}

/** A plain number: en 1,23,456.5; fr 123 456,5. At most 2 decimals unless told otherwise. */
export function formatNumber(value: number, locale: Locale, opts: NumberOptions = {}): string {
  return formatter(locale, intlOptions(opts, { maximumFractionDigits: 2 })).format(value);
}

/** An amount in rupees, 2 decimals by default: en ₹1,23,456.50; fr 123 456,50 ₹. */
export function formatInr(value: number, locale: Locale, opts: NumberOptions = {}): string {
  return formatter(
    locale,
    intlOptions(opts, { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ).format(value);
}

/**
 * A profit or loss: the sign is always written (+₹1,250.00 / -₹980.50) so P&L never relies on colour
 * alone. Zero (after rounding) is neither profit nor loss and shows no sign.
 */
export function formatSignedInr(value: number, locale: Locale, opts: NumberOptions = {}): string {
  return formatInr(value, locale, { ...opts, signDisplay: 'exceptZero' });
}

export type PercentOptions = NumberOptions & {
  /** Write + or - on non-zero values (changes, returns). */
  signed?: boolean;
};

/** A fraction as a percentage: 0.0125 → en 1.25%, fr 1,25 %. Takes the fraction, not the percent. */
export function formatPercent(fraction: number, locale: Locale, opts: PercentOptions = {}): string {
  const { signed, ...rest } = opts;
  const options = intlOptions(rest, { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2 });
  if (signed) options.signDisplay = 'exceptZero';
  return formatter(locale, options).format(fraction);
}

/** One lakh: 1,00,000. */
export const lakh = 100_000;

/**
 * Open interest and volume in lakh, the notation of Indian option chains (Kite's and Sensibull's "OI (lakh)"),
 * in every language, the unit said once in the column's header: 36,40,000 is en-IN 36.4, fr 36,4 (compact
 * notation wrote 36.4L in English and 3,6 M in French). One decimal; below one lakh two significant digits,
 * so a thin strike does not read 0 (3,250 is 0.033).
 */
export function formatLakh(units: number, locale: Locale, opts: Pick<NumberOptions, 'signDisplay'> = {}): string {
  return formatter(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, maximumSignificantDigits: 2, roundingPriority: 'morePrecision', ...opts }).format(units / lakh);
}

/**
 * A change in open interest, in lakh, signed, always to two decimals: a column of changes reads as one scale
 * (+12.30, +0.45, -0.03), where formatLakh's significant digits gave +12.3 beside +0.033 and -0.00065 (issue 62).
 * A change under 500 units rounds to an unsigned 0.00: no sign on a figure that shows none.
 */
export function formatLakhChange(units: number, locale: Locale): string {
  return formatter(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(units / lakh);
}
