/**
 * The rule loop every form's validation runs, whatever rules it knows: each field's rules in order, the first
 * failing one wins, empty values skip every rule but `required` and custom ones. What a rule checks is the
 * caller's `check`: validate.ts knows every rule kind; basic-rules.ts only the two sign-in uses, so the
 * first visit's entry does not carry the others (issue 24).
 */
import type { MessageDescriptor } from 'react-intl';
import type { FormSchema, Rule, ValidationIssue } from '@/lib/validation/rules';

export type Failure = { message: MessageDescriptor; values: Record<string, string | number> };

/** Why `value` breaks `rule`, or null when it does not. */
export type RuleCheck<R extends Rule> = (rule: Exclude<R, { kind: 'custom' }>, value: unknown) => Failure | null;

export function fail(message: MessageDescriptor, values: Record<string, string | number> = {}): Failure {
  return { message, values };
}

export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * The first rule `value` breaks, as a message to format with `{ label, ...bounds }`, or null when valid.
 * `label` is the field name already in the user's language; `values` (the whole form) feeds custom rules.
 */
export function validateValueWith<R extends Rule>(
  check: RuleCheck<R>,
  value: unknown,
  rules: readonly R[],
  label: string,
  values: Readonly<Record<string, unknown>> = {},
): ValidationIssue | null {
  const empty = isEmptyValue(value);
  for (const rule of rules) {
    if (rule.kind === 'custom') {
      if (!rule.test(value, values)) return { message: rule.message, values: { label, ...rule.values } };
      continue;
    }
    if (empty && rule.kind !== 'required') continue;
    const failed = check(rule as Exclude<R, { kind: 'custom' }>, value);
    if (!failed) continue;
    return { message: rule.message ?? failed.message, values: { label, ...failed.values } };
  }
  return null;
}

/** Without a translator, a descriptor label falls back to its English text (fine for tests and logs). */
function englishLabel(label: MessageDescriptor | string): string {
  if (typeof label === 'string') return label;
  return typeof label.defaultMessage === 'string' ? label.defaultMessage : String(label.id);
}

/** How a form hook validates its values: every field's first issue (see validateFieldsWith). */
export type FormValidator<V, R extends Rule = Rule> = (
  values: V,
  schema: FormSchema<V, R>,
  formatLabel?: (label: MessageDescriptor | string) => string,
) => Partial<Record<keyof V, ValidationIssue>>;

/** Every field's first issue; valid fields are absent, so `Object.keys(result).length === 0` means valid. */
export function validateFieldsWith<V extends Record<string, unknown>, R extends Rule>(
  check: RuleCheck<R>,
  values: V,
  schema: FormSchema<V, R>,
  formatLabel: (label: MessageDescriptor | string) => string = englishLabel,
): Partial<Record<keyof V, ValidationIssue>> {
  const issues: Partial<Record<keyof V, ValidationIssue>> = {};
  for (const field of Object.keys(schema) as (keyof V & string)[]) {
    const fieldSchema = schema[field];
    if (!fieldSchema || (fieldSchema.when && !fieldSchema.when(values))) continue;
    const issue = validateValueWith(check, values[field], fieldSchema.rules, formatLabel(fieldSchema.label), values);
    if (issue) issues[field] = issue;
  }
  return issues;
}
