// A text the server writes for a trader, said twice: in English (the contract's historic text fields, kept
// for API compatibility) and as a stable code with its parameters (openapi LocalText), which the app says in
// the trader's language (src/i18n/server-texts.ts holds the English and French words of every code). Amounts
// travel in rupees, dates as ISO days; a reason inside a sentence is a LocalText of its own.
import type { components } from '../../../openapi/main.d.ts';

export type LocalText = components['schemas']['LocalText'];
export type TextCode = LocalText['code'];
export type TextParams = LocalText['params'];

export type Said = { text: string; i18n: LocalText };

export function said(code: TextCode, params: TextParams, text: string): Said {
  return { text, i18n: { code, params } };
}

/** Words no catalogue knows (a live broker's own message, an error's text): shown as they are in every language. */
export function words(text: string): Said {
  return { text, i18n: { code: 'text', params: { text } } };
}

/** The coded form of a text stored as jsonb, read back (null stays null). */
export function localTextOf(value: unknown): LocalText | null {
  if (typeof value === 'string') return localTextOf(JSON.parse(value) as unknown);
  return value === null || value === undefined ? null : (value as LocalText);
}
