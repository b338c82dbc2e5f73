// @vitest-environment node
// The app's own locales are answered without asking the browser's ICU data (slow on the first call);
// any other tag still gets the browser's real answer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerKnownLocaleQueries } from '@/i18n/known-locales';

const originals = [Intl.NumberFormat.supportedLocalesOf, Intl.DateTimeFormat.supportedLocalesOf] as const;

afterEach(() => {
  [Intl.NumberFormat.supportedLocalesOf, Intl.DateTimeFormat.supportedLocalesOf] = originals;
});

describe('locale support queries', () => {
  type LocaleQuery = { supportedLocalesOf(locales: string | string[]): string[] };
  it.each<[string, LocaleQuery]>([
    ['NumberFormat', Intl.NumberFormat],
    ['DateTimeFormat', Intl.DateTimeFormat],
  ])('Intl.%s: en-IN, fr-FR, en and fr are answered at once; other tags go to the browser', (_name, constructor) => {
    const browser = vi.spyOn(constructor, 'supportedLocalesOf');
    answerKnownLocaleQueries();
    expect(constructor.supportedLocalesOf('en-IN')).toEqual(['en-IN']);
    expect(constructor.supportedLocalesOf(['fr-fr', 'en'])).toEqual(['fr-FR', 'en']);
    expect(constructor.supportedLocalesOf('fr')).toEqual(['fr']);
    expect(browser).not.toHaveBeenCalled();
    expect(constructor.supportedLocalesOf(['en-IN', 'de-DE'])).toEqual(['en-IN', 'de-DE']);
    expect(constructor.supportedLocalesOf('zz')).toEqual([]);
    expect(browser).toHaveBeenCalledTimes(2);
  });
});
