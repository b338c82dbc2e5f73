/**
 * react-intl asks `Intl.NumberFormat.supportedLocalesOf` and `Intl.DateTimeFormat.supportedLocalesOf`
 * whether the locale is supported each time it creates its provider and each message formatter. In
 * Chromium the first such question loads ICU's number and date data for every locale it knows: 30–70 ms
 * of main thread on a desktop core, four times that on a mid-range phone, before the sign-in form (which
 * formats no number and no date) can paint. StrikeDesk's own locales are answered here without asking;
 * any other tag still goes to the browser. The data loads later, when a screen first formats an amount.
 */
import { intlLocaleFor, SUPPORTED_LOCALES } from '@/i18n/locale';

const known = new Set(SUPPORTED_LOCALES.flatMap((locale) => [locale, intlLocaleFor(locale)]).map((tag) => tag.toLowerCase()));

type LocaleQuery = { supportedLocalesOf(locales: string | string[], options?: { localeMatcher?: 'lookup' | 'best fit' }): string[] };

function answerKnownLocales(constructor: LocaleQuery): void {
  const ask = constructor.supportedLocalesOf.bind(constructor);
  constructor.supportedLocalesOf = (locales, options) => {
    const tags: unknown[] = typeof locales === 'string' ? [locales] : Array.isArray(locales) ? [...locales] : [];
    const allKnown = tags.length > 0 && tags.every((tag) => typeof tag === 'string' && known.has(tag.toLowerCase()));
    return allKnown ? Intl.getCanonicalLocales(tags as string[]) : ask(locales, options);
  };
}

/** Called once at boot, before the first render. */
export function answerKnownLocaleQueries(): void {
  answerKnownLocales(Intl.NumberFormat);
  answerKnownLocales(Intl.DateTimeFormat);
}
