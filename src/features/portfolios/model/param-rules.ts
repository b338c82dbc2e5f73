/**
 * A strategy parameter's JSON Schema keywords as rules of the shared validation layer, and the form's text
 * values back into the `params` object the server validates against the same schema.
 */
import { botFormMessages as m } from '@/features/portfolios/bot-form-messages';
import type { BotParams } from '@/features/portfolios/api/portfolio-types';
import type { ParamField } from '@/features/portfolios/model/param-schema';
import { toNumber } from '@/lib/validation/coerce';
import type { FieldSchema, Rule } from '@/lib/validation/rules';
import { validateValue } from '@/lib/validation/validate';

export type FieldValue = string | boolean | number[];

/** Form field names are the server's names for them, so a refusal naming params.strike_offset finds its field. */
export const paramName = (key: string) => `params.${key}`;

const isBlank = (value: unknown) => value === undefined || value === '';

function isMultiple(value: number, step: number): boolean {
  const ratio = value / step;
  return Math.abs(ratio - Math.round(ratio)) < 1e-9;
}

function numberRules(field: Extract<ParamField, { kind: 'number' }>): Rule[] {
  const rules: Rule[] = [{ kind: 'type', type: field.integer ? 'integer' : 'number' }];
  if (field.min !== undefined || field.max !== undefined) rules.push({ kind: 'range', min: field.min, max: field.max });
  const { exclusiveMin, exclusiveMax, step } = field;
  const numeric = (value: unknown) => (isBlank(value) ? null : toNumber(value));
  if (exclusiveMin !== undefined) {
    rules.push({
      kind: 'custom',
      test: (value) => (numeric(value) ?? Infinity) > exclusiveMin,
      message: m.aboveMin,
      values: { min: exclusiveMin },
    });
  }
  if (exclusiveMax !== undefined) {
    rules.push({
      kind: 'custom',
      test: (value) => (numeric(value) ?? -Infinity) < exclusiveMax,
      message: m.belowMax,
      values: { max: exclusiveMax },
    });
  }
  if (step !== undefined && step > 0) {
    rules.push({
      kind: 'custom',
      test: (value) => {
        const number = numeric(value);
        return number === null || isMultiple(number, step);
      },
      message: m.multipleOf,
      values: { step },
    });
  }
  return rules;
}

function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return null; // a pattern this browser cannot read is left to the server
  }
}

function textRules(field: Extract<ParamField, { kind: 'text' }>): Rule[] {
  const rules: Rule[] = [];
  if (field.minLength !== undefined || field.maxLength !== undefined) {
    rules.push({ kind: 'length', min: field.minLength, max: field.maxLength });
  }
  const pattern = field.pattern === undefined ? null : compilePattern(field.pattern);
  if (pattern) rules.push({ kind: 'pattern', pattern });
  return rules;
}

export function paramSchema(field: ParamField): FieldSchema {
  const rules: Rule[] = field.required ? [{ kind: 'required' }] : [];
  if (field.kind === 'number') rules.push(...numberRules(field));
  if (field.kind === 'enum') rules.push({ kind: 'enum', values: field.options });
  if (field.kind === 'text') rules.push(...textRules(field));
  return { label: field.label, rules };
}

/** The value a field starts from: the bot's own when it has one of the right type, else the schema's default. */
export function initialParamValue(field: ParamField, saved?: unknown): FieldValue {
  switch (field.kind) {
    case 'boolean':
      return typeof saved === 'boolean' ? saved : field.defaultValue;
    case 'number': {
      const value = typeof saved === 'number' ? saved : field.defaultValue;
      return value === undefined ? '' : String(value);
    }
    case 'enum': {
      const value = field.options.find((option) => option === saved) ?? field.defaultValue;
      if (value !== undefined) return String(value);
      return field.required ? String(field.options[0]) : '';
    }
    case 'text':
      return typeof saved === 'string' ? saved : (field.defaultValue ?? '');
  }
}

/**
 * The `params` to send: values converted back to the schema's types; an optional field left empty is
 * omitted. A disabled field (its x-enabled-when does not hold) keeps its value when the value is valid, so
 * turning the trailing stop-loss off and on again loses nothing; an invalid one is left to the default.
 */
export function paramsFrom(
  values: Readonly<Record<string, FieldValue>>,
  fields: readonly ParamField[],
  disabled: ReadonlySet<string> = new Set(),
): BotParams {
  const params: BotParams = {};
  for (const field of fields) {
    const value = values[paramName(field.key)];
    if (disabled.has(field.key) && validateValue(value, paramSchema(field).rules, field.label) !== null) continue;
    if (field.kind === 'boolean') {
      params[field.key] = value === true;
      continue;
    }
    if (typeof value !== 'string' || value === '') continue;
    if (field.kind === 'number') params[field.key] = toNumber(value);
    else if (field.kind === 'enum') params[field.key] = field.options.find((option) => String(option) === value) ?? value;
    else params[field.key] = value;
  }
  return params;
}
