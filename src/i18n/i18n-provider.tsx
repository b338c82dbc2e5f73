/**
 * The one place react-intl's IntlProvider is mounted. Catalogues other than English load lazily; while a
 * newly chosen language loads, the previous one stays on screen (never a blank or a flash of ids). Boot
 * code calls preloadMessages first so a French speaker's first paint is already French.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider, ReactIntlErrorCode, type IntlConfig } from 'react-intl';
import { getLoadedMessages, loadMessages, type Messages } from '@/i18n/load-messages';
import { intlLocaleFor, MARKET_TIME_ZONE, type Locale } from '@/i18n/locale';

export { preloadMessages } from '@/i18n/load-messages';

type Shown = { locale: Locale; messages: Messages };
type OnIntlError = NonNullable<IntlConfig['onError']>;

// Stable handlers: IntlProvider rebuilds its formatters whenever a config prop changes identity.
const reportIntlError: OnIntlError = (error) => {
  console.error(error);
};
const reportIntlErrorExceptMissing: OnIntlError = (error) => {
  // English text is the defaultMessage of every descriptor, so "missing" English is the normal case.
  if (error.code === ReactIntlErrorCode.MISSING_TRANSLATION) return;
  console.error(error);
};

type I18nProviderProps = { locale: Locale; children: ReactNode };

export function I18nProvider({ locale, children }: I18nProviderProps) {
  const [shown, setShown] = useState<Shown>(() => initialShown(locale));
  const ready = getLoadedMessages(locale);
  // Remember the catalogue on screen, so a later switch to a not-yet-loaded language can keep it.
  if (ready && (shown.locale !== locale || shown.messages !== ready)) {
    setShown({ locale, messages: ready });
  }
  const current: Shown = ready ? { locale, messages: ready } : shown;

  useEffect(() => {
    if (getLoadedMessages(locale)) return;
    let live = true;
    loadMessages(locale).then(
      (messages) => {
        if (live) setShown({ locale, messages });
      },
      (error: unknown) => console.error(`Could not load the "${locale}" messages`, error),
    );
    return () => {
      live = false;
    };
  }, [locale]);

  const intlLocale = intlLocaleFor(current.locale);
  useEffect(() => {
    document.documentElement.lang = intlLocale;
  }, [intlLocale]);

  return (
    <IntlProvider
      locale={intlLocale}
      defaultLocale="en-IN"
      timeZone={MARKET_TIME_ZONE}
      messages={current.messages}
      onError={current.locale === 'en' ? reportIntlErrorExceptMissing : reportIntlError}
    >
      {children}
    </IntlProvider>
  );
}

function initialShown(locale: Locale): Shown {
  const messages = getLoadedMessages(locale);
  return messages ? { locale, messages } : { locale: 'en', messages: {} };
}
