/**
 * The languages StrikeDesk speaks and the Intl locales behind them. English uses the Indian locale so
 * amounts group as lakhs and crores (₹1,23,456.50); every date and time is shown in the market's zone.
 */
export type Locale = 'en' | 'fr';

export const SUPPORTED_LOCALES: readonly Locale[] = ['en', 'fr'];
export const DEFAULT_LOCALE: Locale = 'en';

/** NSE/BSE trade in India: times are shown in IST whatever the device's zone. */
export const MARKET_TIME_ZONE = 'Asia/Kolkata';

export type IntlLocale = 'en-IN' | 'fr-FR';

const INTL_LOCALES: Record<Locale, IntlLocale> = { en: 'en-IN', fr: 'fr-FR' };

export function isLocale(x: unknown): x is Locale {
  return typeof x === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(x);
}

export function intlLocaleFor(locale: Locale): IntlLocale {
  return INTL_LOCALES[locale];
}

/** Maps a BCP 47 tag back to our locale ('fr-FR' → 'fr'); anything unknown is English. */
export function localeFromIntl(tag: string): Locale {
  const language = tag.toLowerCase().split('-')[0];
  return isLocale(language) ? language : DEFAULT_LOCALE;
}
