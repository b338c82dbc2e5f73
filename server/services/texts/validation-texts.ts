// A request the contract refuses (validation_failed), said twice like every trader's text: the English the
// Error answer has always carried ("quantity: must be at least 1"), and a code naming the field and the rule
// broken, which the app says in the trader's language ("La quantité doit être au moins 1."). The field
// travels as a LocalText of its own (validation.field): its French names the fields a trader's forms send,
// the rest by their dotted name.
import { said, type Said } from './said.ts';

/** The dotted field as the answer names it (orders.0.price), and its last named segment (price) that the French words. */
export function fieldText(field: string): Said {
  const name = field.split('.').filter((segment) => !/^\d+$/.test(segment)).pop() ?? field;
  return said('validation.field', { field, name: name.replaceAll('-', '_') }, field);
}

/** A request part as a whole (when what is wrong is not one field), as Fastify names the parts. */
export type RequestPart = 'body' | 'params' | 'querystring' | 'headers';
const partWords: Record<RequestPart, string> = { body: 'body', params: 'path', querystring: 'query', headers: 'headers' };
export function partText(part: RequestPart): Said {
  return said('validation.request_part', { part }, `The request ${partWords[part]}`);
}

/** Text Postgres cannot keep (text-guard.ts): a NUL character or a lone UTF-16 surrogate. */
export type TextFaultKind = 'nul' | 'surrogate';
const textFaultWords: Record<TextFaultKind, string> = {
  nul: 'must not contain the NUL character (U+0000)',
  surrogate: 'must be valid Unicode text (it contains a lone surrogate such as \\ud800)',
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Ajv's type names; a nullable field lists "null" after its type. */
export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';
export const typeWords: Record<JsonType, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

/** Formats the contract uses, with the example a trader can copy. */
export const formatWords = {
  email: 'a valid email address',
  date: 'a date like 2025-01-16',
  'date-time': 'a date and time like 2025-01-16T09:15:00+05:30',
  uri: 'a valid link',
  'uri-reference': 'a valid link',
  uuid: 'a UUID',
} as const;
type KnownFormat = keyof typeof formatWords;
const isKnownFormat = (format: string): format is KnownFormat => Object.hasOwn(formatWords, format);

/** Patterns are unreadable to people: these fields say what they expect instead. */
const patternWords = {
  mobile: 'must be an Indian mobile number: 10 digits starting with 6, 7, 8 or 9, optionally after +91',
  idempotency_key: 'must be 8 to 128 letters, digits or . _ : -',
  search_text: 'must be plain text, without line breaks, tabs or other control characters',
} as const;
const patternRules: Record<string, keyof typeof patternWords> = { mobile: 'mobile', 'Idempotency-Key': 'idempotency_key', q: 'search_text' };

export type Bound = 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum';
const boundWords: Record<Bound, string> = { minimum: 'at least', maximum: 'at most', exclusiveMinimum: 'greater than', exclusiveMaximum: 'less than' };

export const validationTexts = {
  required: (field: string): Said => said('validation.required', { field: fieldText(field).i18n }, `${field}: is required`),
  unknownField: (field: string): Said => said('validation.unknown_field', { field }, `unknown field "${field}"`),
  notEmpty: (field: string): Said => said('validation.not_empty', { field: fieldText(field).i18n }, `${field}: must not be empty`),
  /** `types`: one type, or one type and null; null when the combination has no words here. */
  type: (field: string, types: readonly string[]): Said | null => {
    const [type, ...rest] = types;
    const nullable = rest.length === 1 && rest[0] === 'null';
    if (type === undefined || !Object.hasOwn(typeWords, type) || (rest.length > 0 && !nullable)) return null;
    const words = `${typeWords[type as JsonType]}${nullable ? ' or null' : ''}`;
    return said('validation.type', { field: fieldText(field).i18n, type, nullable: nullable ? 'yes' : 'no' }, `${field}: must be ${words}`);
  },
  format: (field: string, format: string): Said =>
    said(
      'validation.format',
      // ICU select keys cannot hold "-": date-time travels as date_time.
      { field: fieldText(field).i18n, format: format.replaceAll('-', '_') },
      `${field}: must be ${isKnownFormat(format) ? formatWords[format] : `a valid ${format}`}`,
    ),
  minLength: (field: string, limit: number): Said =>
    limit === 1
      ? validationTexts.notEmpty(field)
      : said('validation.min_length', { field: fieldText(field).i18n, limit }, `${field}: must be at least ${plural(limit, 'character')}`),
  maxLength: (field: string, limit: number): Said =>
    said('validation.max_length', { field: fieldText(field).i18n, limit }, `${field}: must be at most ${plural(limit, 'character')}`),
  pattern: (field: string): Said => {
    const rule = patternRules[field.split('.').pop() ?? field] ?? 'other';
    const words = rule === 'other' ? 'is not in the expected format' : patternWords[rule];
    return said('validation.pattern', { field: fieldText(field).i18n, rule }, `${field}: ${words}`);
  },
  oneOfValues: (field: string, values: readonly unknown[]): Said => {
    const list = values.map(String).join(', ');
    return said('validation.enum', { field: fieldText(field).i18n, values: list }, `${field}: must be one of ${list}`);
  },
  bound: (field: string, bound: Bound, limit: number): Said =>
    said('validation.bound', { field: fieldText(field).i18n, bound, limit }, `${field}: must be ${boundWords[bound]} ${limit}`),
  decimals: (field: string, places: number): Said =>
    said('validation.decimals', { field: fieldText(field).i18n, places }, `${field}: must have at most ${plural(places, 'decimal place')}`),
  multipleOf: (field: string, step: number): Said =>
    said('validation.multiple_of', { field: fieldText(field).i18n, step }, `${field}: must be a multiple of ${step}`),
  minItems: (field: string, limit: number): Said =>
    said('validation.min_items', { field: fieldText(field).i18n, limit }, `${field}: must have at least ${plural(limit, 'item')}`),
  maxItems: (field: string, limit: number): Said =>
    said('validation.max_items', { field: fieldText(field).i18n, limit }, `${field}: must have at most ${plural(limit, 'item')}`),
  uniqueItems: (field: string): Said => said('validation.unique_items', { field: fieldText(field).i18n }, `${field}: must not contain the same value twice`),
  noForm: (field: string): Said => said('validation.no_form', { field: fieldText(field).i18n }, `${field}: does not match any of the allowed forms`),
  bodyNotObject: said('validation.body_not_object', {}, 'The request body must be a JSON object'),
  /** `field`: a field, or a whole part (partText); `inName`: the fault is in one of its field names. */
  unstorableText: (field: Said, fault: TextFaultKind, inName: boolean): Said =>
    said(
      'validation.unstorable_text',
      { field: field.i18n, fault, in: inName ? 'name' : 'value' },
      `${field.text}: ${inName ? 'field names ' : ''}${textFaultWords[fault]}`,
    ),
  partNoForm: (part: RequestPart): Said => said('validation.part_no_form', { part }, `${partText(part).text} does not match any of the allowed forms`),
  /** A rule no form of the app can break (a constant, a count of fields, text or a number): its English is kept. */
  invalid: (field: Said, english: string): Said => said('validation.invalid', { field: field.i18n }, english),
  maxFields: (field: string, limit: number): Said =>
    said('validation.max_fields', { field: fieldText(field).i18n, limit }, `${field}: must have at most ${plural(limit, 'field')}`),
  tooFewFields: (limit: number): Said => said('validation.too_few_fields', { limit }, `Send at least ${plural(limit, 'field')}`),
};
