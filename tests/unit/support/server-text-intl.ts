import { createIntl } from 'react-intl';
import { frMessages } from '@/i18n/locales/fr/index';
import { sayServerText } from '@/i18n/say-server-text';
import type { Said } from '../../../server/services/texts/said.ts';

/** The app's English, as the device says a server text with no catalogue loaded. */
export const en = createIntl({ locale: 'en-IN', defaultLocale: 'en-IN', timeZone: 'Asia/Kolkata', onError: () => {} });

/** The app's French. A missing French message would quietly fall back to English; here it throws. */
export const fr = createIntl({
  locale: 'fr-FR',
  defaultLocale: 'en-IN',
  timeZone: 'Asia/Kolkata',
  messages: frMessages,
  onError: (error) => {
    throw error;
  },
});

/** Intl's French groups and spaces with no-break spaces; the assertions read plain ones. */
export const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** A server text as a French trader reads it. */
export const inFrench = (said: Said) => plain(sayServerText(fr, said.i18n, '(no code)'));
