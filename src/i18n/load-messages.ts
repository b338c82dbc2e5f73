import type { MessageFormatElement } from 'react-intl';
import type { Locale } from '@/i18n/locale';

/**
 * A catalogue: message id → translated message. The build compiles every catalogue to AST (see
 * scripts/i18n/precompile-messages.ts), because the app ships react-intl without its ICU parser; unit
 * tests, which run without that build step, see the ICU strings of the JSON files.
 */
export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

// English is every descriptor's defaultMessage, so its catalogue is empty and always ready.
const loaded = new Map<Locale, Messages>([['en', {}]]);
const pending = new Map<Locale, Promise<Messages>>();

/** The catalogue of `locale` if it has been loaded already, without waiting. */
export function getLoadedMessages(locale: Locale): Messages | undefined {
  return loaded.get(locale);
}

/** Loads (once) and caches the catalogue of `locale`. Concurrent callers share one request. */
export function loadMessages(locale: Locale): Promise<Messages> {
  const ready = loaded.get(locale);
  if (ready) return Promise.resolve(ready);
  let request = pending.get(locale);
  if (!request) {
    request = importCatalogue(locale).then(
      (messages) => {
        loaded.set(locale, messages);
        pending.delete(locale);
        return messages;
      },
      (error: unknown) => {
        // Forget the failure so a later attempt (back online, say) can try the chunk again.
        pending.delete(locale);
        throw error;
      },
    );
    pending.set(locale, request);
  }
  return request;
}

/** Loads the catalogue of `locale` before the first render (no flash of English). Rejects if it cannot. */
export async function preloadMessages(locale: Locale): Promise<void> {
  await loadMessages(locale);
}

async function importCatalogue(locale: Locale): Promise<Messages> {
  switch (locale) {
    case 'en':
      return {};
    case 'fr': {
      // Three chunks fetched side by side: the screens' words in two halves and the server's texts (each under the
      // chunk budget).
      const [aToM, nToZ, server] = await Promise.all([
        import('@/i18n/locales/fr/screens-a-to-m'),
        import('@/i18n/locales/fr/screens-n-to-z'),
        import('@/i18n/locales/fr/server-catalogue'),
      ]);
      return Object.assign({}, aToM.frScreenMessagesAToM, nToZ.frScreenMessagesNToZ, server.frServerMessages);
    }
  }
}
