/**
 * A push in the trader's language, said by the service worker (issue 24). The server sends each text twice,
 * as in the app: its English words and, beside them, a code with its parameters (openapi LocalText). The
 * worker, not the server, turns the code into French, because:
 * - a push is shown while the app is closed, and the worker can read the language the trader chose in the
 *   app straight from the app's own IndexedDB copy of its preferences (src/lib/preferences), so the two
 *   never disagree and nothing has to keep a server-side copy of each device's language in step;
 * - the words are the app's catalogue (src/i18n/locales/fr/server.json), compiled into the worker like the
 *   app's, so the server stays free of any language.
 * English needs no catalogue: it is the payload's own text. A code this worker does not know (a newer
 * server than the installed worker) shows the English text, never a blank or a code.
 */
import { get } from 'idb-keyval';
import { IntlMessageFormat } from 'intl-messageformat';
import frServerTexts from '@/i18n/locales/fr/server.json';

/** The app's preferences key and shape in IndexedDB (src/lib/preferences/preferences-persistence.ts). */
export const preferencesKey = 'preferences';

export type PushLanguage = 'en' | 'fr';

export type CodedText = { code: string; params: Record<string, unknown> };

/** The interface language the trader chose in the app; English when none is stored or it cannot be read. */
export async function pushLanguage(): Promise<PushLanguage> {
  try {
    const stored: unknown = await get(preferencesKey);
    return typeof stored === 'object' && stored !== null && (stored as { locale?: unknown }).locale === 'fr' ? 'fr' : 'en';
  } catch {
    return 'en';
  }
}

// Each message is AST in the build (scripts/i18n/precompile-messages.ts compiles the catalogue), an ICU
// string in unit tests: IntlMessageFormat takes either.
const french = frServerTexts as unknown as Record<string, ConstructorParameters<typeof IntlMessageFormat>[0]>;
const frenchLocale = 'fr-FR';
const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;

const isCoded = (value: unknown): value is CodedText =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as CodedText).code === 'string';

/** A parameter as the app says it (src/i18n/say-server-text.ts): ISO days as DD/MM/YYYY, lists joined, a reason in words. */
function frenchParam(value: unknown): string | number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const day = isoDay.exec(value);
    return day === null ? value : `${day[3]}/${day[2]}/${day[1]}`;
  }
  if (Array.isArray(value)) {
    const numbers = value.filter((item): item is number => typeof item === 'number');
    const number = new Intl.NumberFormat(frenchLocale, { maximumFractionDigits: 2 });
    return new Intl.ListFormat(frenchLocale, { type: 'conjunction' }).format(numbers.map((item) => number.format(item)));
  }
  if (isCoded(value)) return inFrench(value);
  return undefined;
}

/** The coded text in French, or undefined when the code (or one inside it) is not in the catalogue. */
export function inFrench(text: CodedText): string | undefined {
  const message = french[`server.${text.code}`];
  if (message === undefined) return undefined;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.params)) {
    const said = frenchParam(value);
    if (said === undefined) return undefined;
    values[name] = said;
  }
  try {
    return String(new IntlMessageFormat(message, frenchLocale).format(values));
  } catch {
    return undefined;
  }
}

/** What to show: the French of the code for a French trader, the English words otherwise or when unknown. */
export function sayPushText(language: PushLanguage, english: string, coded: unknown): string {
  if (language !== 'fr' || !isCoded(coded)) return english;
  return inFrench(coded) ?? english;
}
