// The small pieces every history CSV parser shares: lines, fields, and values turned into what the
// database stores (integer paise, whole numbers, ISO dates), each refusal saying what was wrong.
// Exchange files are plain comma-separated text without quoting; quoted fields are still honoured so
// a file re-saved by a spreadsheet parses the same.
import { isAscii } from 'node:buffer';
import { historyTexts } from '../texts/history-texts.ts';
import type { Said } from '../texts/said.ts';

/** A value that does not parse; the parser adds the line number. */
export class FieldError extends Error {
  override name = 'FieldError';
  /** The reason in English and as a coded text. */
  readonly reason: Said;

  constructor(reason: Said) {
    super(reason.text);
    this.reason = reason;
  }
}

/** The text of a file: UTF-8 without its byte-order mark. */
export function fileText(bytes: Buffer): string {
  // Exchange files are ASCII, which reads the same as Latin-1: decoding it so takes half the time of UTF-8.
  if (isAscii(bytes)) return bytes.toString('latin1');
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Lines without their endings (LF or CRLF). A final empty line is dropped. */
export function fileLines(text: string): string[] {
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    if (line.endsWith('\r')) lines[index] = line.slice(0, -1);
  }
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The first line of a text, without its ending. */
export function firstLine(text: string): string {
  const end = text.indexOf('\n');
  const line = end === -1 ? text : text.slice(0, end);
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** The fields of one line. Quoted fields may hold commas and doubled quotes. */
export function splitFields(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** Column name → position, from a header line; names are compared trimmed and case-insensitively. */
export function headerColumns(line: string): Map<string, number> {
  const columns = new Map<string, number>();
  splitFields(line).forEach((name, index) => {
    const key = name.trim().toLowerCase();
    if (key !== '' && !columns.has(key)) columns.set(key, index);
  });
  return columns;
}

/** The positions of the named columns, or the refusal naming every one that is missing. */
export function requireColumns<Name extends string>(columns: Map<string, number>, names: readonly Name[]): Record<Name, number> {
  const missing = names.filter((name) => !columns.has(name.toLowerCase()));
  if (missing.length > 0) throw new FieldError(historyTexts.headerLacks(missing));
  return Object.fromEntries(names.map((name) => [name, columns.get(name.toLowerCase())])) as Record<Name, number>;
}

const decimal = /^(-?)(\d+)(?:\.(\d*))?$/;

/** Digits the fast readers below take: a safe integer whatever they are (as paise, 13 rupee digits); longer goes the careful way. */
const maxPlainRupeeDigits = 13;
const maxPlainDigits = 15;

/**
 * The common case read without a regular expression: digits, then optionally a point and at most two digits
 * ("24300", "123.5", "0.05"). Answers -1 for anything else (spaces, a sign, more decimals, too many digits,
 * empty), which the full reader then handles or refuses. A bhavcopy has ~50,000 such numbers a day.
 */
function plainPaise(text: string | undefined): number {
  if (text === undefined) return -1;
  const length = text.length;
  let index = 0;
  let whole = 0;
  for (; index < length; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) break;
    whole = whole * 10 + digit;
  }
  if (index === 0 || index > maxPlainRupeeDigits) return -1;
  if (index === length) return whole * 100;
  if (text.charCodeAt(index) !== 46 || length - index > 3) return -1;
  let fraction = 0;
  for (let place = index + 1; place < index + 3; place += 1) {
    const digit = place < length ? text.charCodeAt(place) - 48 : 0;
    if (digit < 0 || digit > 9) return -1;
    fraction = fraction * 10 + digit;
  }
  return whole * 100 + fraction;
}

/** Digits only ("12500"), else -1 for the full reader (see plainPaise). */
function plainWholeNumber(text: string | undefined): number {
  if (text === undefined || text.length === 0 || text.length > maxPlainDigits) return -1;
  let value = 0;
  for (let index = 0; index < text.length; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * A rupee amount in integer paise. Exchange prices carry at most two decimals; more (a re-saved file)
 * are rounded half away from zero to the paisa.
 */
export function paise(text: string | undefined, column: string, allowNegative = false): number {
  const plain = plainPaise(text);
  if (plain >= 0) return plain;
  const match = decimal.exec((text ?? '').trim());
  if (match === null) throw new FieldError(historyTexts.notANumber(column, text ?? ''));
  const [, sign = '', whole = '', fraction = ''] = match;
  let value = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (fraction.length > 2 && Number(fraction[2]) >= 5) value += 1;
  if (!Number.isSafeInteger(value)) throw new FieldError(historyTexts.tooLarge(column, text ?? ''));
  if (sign === '-' && value !== 0) {
    if (!allowNegative) throw new FieldError(historyTexts.negative(column, text ?? ''));
    return -value;
  }
  return value;
}

/** A whole number (open interest, contracts); "1200.00" is accepted, "1200.5" is not. */
export function wholeNumber(text: string | undefined, column: string, allowNegative = false): number {
  const plain = plainWholeNumber(text);
  if (plain >= 0) return plain;
  const match = decimal.exec((text ?? '').trim());
  if (match === null || /[1-9]/.test(match[3] ?? '')) throw new FieldError(historyTexts.notAWholeNumber(column, text ?? ''));
  const value = Number(match[2]);
  if (!Number.isSafeInteger(value)) throw new FieldError(historyTexts.tooLarge(column, text ?? ''));
  if (match[1] === '-' && value !== 0) {
    if (!allowNegative) throw new FieldError(historyTexts.negative(column, text ?? ''));
    return -value;
  }
  return value;
}

function checkedDate(year: number, month: number, day: number, text: string, column: string): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new FieldError(historyTexts.notACalendarDate(column, text));
  }
  return date.toISOString().slice(0, 10);
}

/** 2024-07-08 (UDiFF). */
export function isoDate(text: string | undefined, column: string): string {
  const value = (text ?? '').trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) throw new FieldError(historyTexts.notAnIsoDate(column, value));
  return checkedDate(Number(match[1]), Number(match[2]), Number(match[3]), value, column);
}

const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** 25-JUL-2024 (the older bhavcopy layout); the month in any case. */
export function dayMonthYearDate(text: string | undefined, column: string): string {
  const value = (text ?? '').trim();
  const match = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(value);
  const month = match === null ? -1 : months.indexOf((match[2] as string).toUpperCase());
  if (match === null || month < 0) throw new FieldError(historyTexts.notADayMonthYearDate(column, value));
  return checkedDate(Number(match[3]), month + 1, Number(match[1]), value, column);
}
