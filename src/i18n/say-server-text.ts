import type { IntlShape, MessageDescriptor } from 'react-intl';
import { localeFromIntl } from '@/i18n/locale';
import { screenTags } from '@/i18n/screen-links';
import { serverTexts, type TextCode } from '@/i18n/server-texts';
import { formatDate } from '@/lib/format/date';

/** A coded server text as any contract carries it (the analytics contract types its code as a plain string). */
export type CodedText = { code: string; params: Readonly<Record<string, unknown>> };

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

const isCoded = (value: unknown): value is CodedText =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as CodedText).code === 'string';

const isKnown = (code: string): code is TextCode => Object.hasOwn(serverTexts, code);

function paramValue(intl: IntlShape, value: unknown): string | number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return isoDay.test(value) ? formatDate(`${value}T06:00:00Z`, localeFromIntl(intl.locale)) : value;
  if (Array.isArray(value)) {
    const numbers = value.filter((item): item is number => typeof item === 'number');
    return intl.formatList(numbers.map((item) => intl.formatNumber(item, { maximumFractionDigits: 2 })), { type: 'conjunction' });
  }
  return undefined;
}

/** Formats one known message with its values said: as a string, or (server-text.tsx) with its screen links. */
export type SayMessage<T> = (message: MessageDescriptor, values: Record<string, string | number | T>) => string | T;

/**
 * The text in the interface language, or undefined when a code (or a code inside it) is one this app does not
 * know. A coded text inside another is said the same way, so a link in a bot's reason is a link too.
 */
export function sayCoded<T>(intl: IntlShape, text: CodedText, say: SayMessage<T>): string | T | undefined {
  if (!isKnown(text.code)) return undefined;
  // Words no catalogue knows (a broker's message, a value read from an imported file) are shown exactly as
  // written: "2024-07-11" in a file's wrong-date complaint is the file's text, not a date to reformat.
  if (text.code === 'text' && typeof text.params.text === 'string') return text.params.text;
  const values: Record<string, string | number | T> = {};
  for (const [name, value] of Object.entries(text.params)) {
    const said = isCoded(value) ? sayCoded(intl, value, say) : paramValue(intl, value);
    if (said === undefined) return undefined;
    values[name] = said;
  }
  return say(serverTexts[text.code], values);
}

// Where a text cannot hold a link, a screen's words stay, without the link.
const plainScreens = Object.fromEntries(screenTags.map((tag) => [tag, (chunks: string[]) => chunks.join('')]));

/**
 * What the server wrote for the trader, in the interface language: its code and parameters translated on
 * the device, or its English words (`fallback`) when it sent no code (a live broker's own message, a row
 * written before codes existed, another backend) or a code this version of the app does not know yet.
 */
export function sayServerText(intl: IntlShape, text: CodedText | null | undefined, fallback: string): string {
  if (text === null || text === undefined) return fallback;
  return sayCoded<string>(intl, text, (message, values) => intl.formatMessage(message, { ...values, ...plainScreens })) ?? fallback;
}
