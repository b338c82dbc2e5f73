import { createFormatters, DEFAULT_INTL_CONFIG, formatMessage } from '@formatjs/intl';
import type { IntlConfig, IntlShape } from 'react-intl';

/** What the app's provider configures (i18n-provider.tsx); the rest keeps react-intl's defaults. */
export type MessageIntlConfig = Pick<IntlConfig, 'locale' | 'defaultLocale' | 'timeZone' | 'messages' | 'onError'>;

/**
 * The intl object of the whole app outside the signed-in shell: react-intl's own message formatting
 * (@formatjs/intl's formatMessage over its memoised IntlMessageFormat, the functions IntlProvider binds),
 * without the date, number, list, plural, relative-time, duration and display-name formatters IntlProvider
 * builds beside it. The public pages call formatMessage only, and IntlProvider binds every formatter into one
 * object, so no bundler could leave the others out of the first visit (issue 24: 1.8 KB of its download).
 * ICU arguments inside a message ({n, number}, {d, date}, plurals) still format: formatMessage has the
 * number, date and plural formatters it needs.
 *
 * The signed-in shell renders inside FullIntlProvider (full-intl-provider.tsx), configured from this object,
 * so every screen behind sign-in has every formatter. What renders outside it (the public pages, the route
 * error screen, the toasts, the update offer) must call formatMessage only: the other methods are absent,
 * not stubs, and tests/unit/i18n/message-intl.test.tsx renders those screens under this object alone.
 */
export function createMessageIntl(config: MessageIntlConfig): IntlShape {
  const resolved = { ...DEFAULT_INTL_CONFIG, ...config };
  const formatters = createFormatters();
  const format = formatMessage.bind(null, resolved, formatters);
  // react-intl's type, so that useIntl() reads the same everywhere.
  return { ...resolved, formatters, formatMessage: format, $t: format } as unknown as IntlShape;
}
