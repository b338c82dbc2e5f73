import type { IntlShape } from 'react-intl';
import { localeFromIntl } from '@/i18n/locale';
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
  if (isCoded(value)) return sayCoded(intl, value);
  return undefined;
}

/** The text in the interface language, or undefined when a code (or a code inside it) is one this app does not know. */
function sayCoded(intl: IntlShape, text: CodedText): string | undefined {
  if (!isKnown(text.code)) return undefined;
  // Words no catalogue knows (a broker's message, a value read from an imported file) are shown exactly as
  // written: "2024-07-11" in a file's wrong-date complaint is the file's text, not a date to reformat.
  if (text.code === 'text' && typeof text.params.text === 'string') return text.params.text;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.params)) {
    const said = paramValue(intl, value);
    if (said === undefined) return undefined;
    values[name] = said;
  }
  return intl.formatMessage(serverTexts[text.code], values);
}

/**
 * What the server wrote for the trader, in the interface language: its code and parameters translated on
 * the device, or its English words (`fallback`) when it sent no code (a live broker's own message, a row
 * written before codes existed, another backend) or a code this version of the app does not know yet.
 */
export function sayServerText(intl: IntlShape, text: CodedText | null | undefined, fallback: string): string {
  if (text === null || text === undefined) return fallback;
  return sayCoded(intl, text) ?? fallback;
}
