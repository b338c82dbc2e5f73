/**
 * The app's language, for react-intl's useIntl() everywhere. Catalogues other than English load lazily; while
 * a newly chosen language loads, the previous one stays on screen (never a blank or a flash of ids). Boot
 * code calls preloadMessages first so a French speaker's first paint is already French.
 *
 * It provides the message-only intl (message-intl.ts), all the public pages use; the signed-in shell adds the
 * other formatters inside it, configured from it (full-intl-provider.tsx).
 */
import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { RawIntlProvider, ReactIntlErrorCode, type IntlConfig } from 'react-intl';
import { createMessageIntl } from '@/i18n/message-intl';
import { getLoadedMessages, loadMessages, type Messages } from '@/i18n/load-messages';
import { intlLocaleFor, type Locale } from '@/i18n/locale';

export { preloadMessages } from '@/i18n/load-messages';

type Shown = { locale: Locale; messages: Messages };
type OnIntlError = NonNullable<IntlConfig['onError']>;

// Stable handlers: the intl objects are rebuilt whenever a part of their configuration changes identity.
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
  // A layout effect, so the page's lang changes in the same commit as its words: a screen reader never
  // reads French text with English pronunciation, and nothing observes one without the other.
  useLayoutEffect(() => {
    document.documentElement.lang = intlLocale;
  }, [intlLocale]);

  const onError = current.locale === 'en' ? reportIntlErrorExceptMissing : reportIntlError;
  // No default time zone: with one, @formatjs/intl copies every date and time format into a new object and
  // JSON-serialises it on each formatMessage call (about 7 times the call's cost; a table formats hundreds of
  // messages a render). No message has a date or time argument (catalogue-parity.test.ts): dates are
  // formatted in IST by lib/format and passed in as text, and the two intl.formatDate/formatTime callers
  // name their zone.
  const intl = useMemo(
    () => createMessageIntl({ locale: intlLocale, defaultLocale: 'en-IN', messages: current.messages, onError }),
    [intlLocale, current.messages, onError],
  );
  return <RawIntlProvider value={intl}>{children}</RawIntlProvider>;
}

function initialShown(locale: Locale): Shown {
  const messages = getLoadedMessages(locale);
  return messages ? { locale, messages } : { locale: 'en', messages: {} };
}
