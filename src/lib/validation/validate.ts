/**
 * The framework-free core of form validation: rules in, the first failing rule's message descriptor and
 * values out. Nothing is translated here; the caller formats the issue with react-intl at render time,
 * so a language switch re-translates errors already on screen.
 */
import type { MessageDescriptor } from 'react-intl';
import { validationMessages as m } from '@/i18n/validation-messages';
import { checkEmail, checkRequired } from '@/lib/validation/basic-rules';
import { toDate, toNumber } from '@/lib/validation/coerce';
import type { Bounds, FormSchema, Rule, ValidationIssue, ValueType } from '@/lib/validation/rules';
import { fail, validateFieldsWith, validateValueWith, type Failure } from '@/lib/validation/validate-fields';

const HEX_COLOUR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Email is checked by checkEmail (basic-rules.ts), with its own message. */
const TYPE_MESSAGES: Record<Exclude<ValueType, 'email'>, MessageDescriptor> = {
  string: m.typeString,
  number: m.typeNumber,
  integer: m.typeInteger,
  boolean: m.typeBoolean,
  array: m.typeArray,
  object: m.typeObject,
  date: m.typeDate,
  url: m.typeUrl,
  hex: m.typeHex,
};

function isUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function hasType(value: unknown, type: Exclude<ValueType, 'email'>): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return toNumber(value) !== null;
    case 'integer':
      return Number.isInteger(toNumber(value));
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
    case 'date':
      return toDate(value) !== null;
    case 'url':
      return isUrl(value);
    case 'hex':
      return typeof value === 'string' && HEX_COLOUR.test(value);
  }
}

type BoundMessages = { equal: MessageDescriptor; min: MessageDescriptor; max: MessageDescriptor; range: MessageDescriptor };

/** Picks the message that names the bounds actually set, e.g. "between 8 and 128" for min and max. */
function checkBounds(measure: number, bounds: Bounds, messages: BoundMessages): Failure | null {
  const { equal, min, max } = bounds;
  if (equal !== undefined) return measure === equal ? null : fail(messages.equal, { equal });
  const tooSmall = min !== undefined && measure < min;
  const tooLarge = max !== undefined && measure > max;
  if (!tooSmall && !tooLarge) return null;
  if (min !== undefined && max !== undefined) return fail(messages.range, { min, max });
  return tooSmall ? fail(messages.min, { min: min ?? 0 }) : fail(messages.max, { max: max ?? 0 });
}

function check(rule: Exclude<Rule, { kind: 'custom' }>, value: unknown): Failure | null {
  switch (rule.kind) {
    case 'required':
      return checkRequired(value);
    case 'whitespace':
      return typeof value === 'string' && value.trim() === '' ? fail(m.whitespace) : null;
    case 'enum':
      return rule.values.some((allowed) => allowed === value || String(allowed) === value)
        ? null
        : fail(m.enum, { options: rule.values.join(', ') });
    case 'type':
      if (rule.type === 'email') return checkEmail(value);
      return hasType(value, rule.type) ? null : fail(TYPE_MESSAGES[rule.type]);
    case 'length':
      if (typeof value !== 'string') return fail(m.typeString);
      return checkBounds([...value].length, rule, {
        equal: m.lengthEqual,
        min: m.lengthMin,
        max: m.lengthMax,
        range: m.lengthRange,
      });
    case 'range': {
      const number = toNumber(value);
      if (number === null) return fail(m.typeNumber);
      return checkBounds(number, rule, { equal: m.numberEqual, min: m.numberMin, max: m.numberMax, range: m.numberRange });
    }
    case 'size':
      if (!Array.isArray(value)) return fail(m.typeArray);
      return checkBounds(value.length, rule, { equal: m.sizeEqual, min: m.sizeMin, max: m.sizeMax, range: m.sizeRange });
    case 'pattern':
      rule.pattern.lastIndex = 0; // a /g or /y pattern keeps state between test() calls
      return typeof value === 'string' && rule.pattern.test(value) ? null : fail(m.pattern);
    case 'date':
      return toDate(value) !== null ? null : fail(m.date);
  }
}

/**
 * The first rule `value` breaks, as a message to format with `{ label, ...bounds }`, or null when valid.
 * `label` is the field name already in the user's language; `values` (the whole form) feeds custom rules.
 */
export function validateValue(
  value: unknown,
  rules: readonly Rule[],
  label: string,
  values: Readonly<Record<string, unknown>> = {},
): ValidationIssue | null {
  return validateValueWith(check, value, rules, label, values);
}

/** Every field's first issue; valid fields are absent, so `Object.keys(result).length === 0` means valid. */
export function validateForm<V extends Record<string, unknown>>(
  values: V,
  schema: FormSchema<V>,
  formatLabel?: (label: MessageDescriptor | string) => string,
): Partial<Record<keyof V, ValidationIssue>> {
  return validateFieldsWith(check, values, schema, formatLabel);
}
