import { createIntl } from '@formatjs/intl';
import { useMemo, type ReactNode } from 'react';
import { RawIntlProvider, useIntl, type IntlShape } from 'react-intl';

/**
 * Every formatter (numbers, dates, lists, plurals, relative times) for what it wraps, configured as the app's
 * message-only intl around it (message-intl.ts): the same language, catalogue, time zone and error handler,
 * so a language switch reaches both. The signed-in shell renders inside it (app-layout.tsx).
 *
 * @formatjs/intl's createIntl is what react-intl's IntlProvider calls; the build gives this module a copy of
 * that library of its own, in the shell's files (scripts/i18n/shell-intl-copy.ts). Without react-intl's
 * wrapper around it, a rich-text message's parts would come without React keys: the app formats none.
 */
export function FullIntlProvider({ children }: { children: ReactNode }) {
  const { locale, defaultLocale, timeZone, messages, onError } = useIntl();
  const intl = useMemo(
    // The same object react-intl builds, less its React-specific defaults (textComponent is Fragment when unset).
    () => createIntl({ locale, defaultLocale, timeZone, messages, onError }) as IntlShape,
    [locale, defaultLocale, timeZone, messages, onError],
  );
  return <RawIntlProvider value={intl}>{children}</RawIntlProvider>;
}
