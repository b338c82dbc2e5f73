/**
 * The rules sign-in's form uses (a required field, an email address), checked without the rest of the rule
 * set: the sign-in form is part of the first visit's entry, and validate.ts with every rule kind, its
 * messages and its number and date parsing was some 2 KB of it (issue 24). validate.ts checks these two
 * kinds with the same functions, so every form agrees on what a missing value or an email address is.
 */
import type { MessageDescriptor } from 'react-intl';
import { basicValidationMessages as m } from '@/i18n/basic-validation-messages';
import type { FormSchema, Rule, ValidationIssue } from '@/lib/validation/rules';
import { fail, isEmptyValue, validateFieldsWith, type Failure } from '@/lib/validation/validate-fields';

/** Deliberately simple: one @, no spaces, a dot in the domain. The server has the last word. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: unknown): boolean {
  return typeof value === 'string' && EMAIL.test(value);
}

/** The rules this module checks. */
export type BasicRule = Extract<Rule, { kind: 'required' | 'custom' }> | (Extract<Rule, { kind: 'type' }> & { type: 'email' });

export function checkRequired(value: unknown): Failure | null {
  return isEmptyValue(value) ? fail(m.required) : null;
}

export function checkEmail(value: unknown): Failure | null {
  return isEmail(value) ? null : fail(m.typeEmail);
}

function checkBasic(rule: Exclude<BasicRule, { kind: 'custom' }>, value: unknown): Failure | null {
  return rule.kind === 'required' ? checkRequired(value) : checkEmail(value);
}

/** validateForm for a form whose rules are all basic ones. */
export function validateBasicForm<V extends Record<string, unknown>>(
  values: V,
  schema: FormSchema<V, BasicRule>,
  formatLabel?: (label: MessageDescriptor | string) => string,
): Partial<Record<keyof V, ValidationIssue>> {
  return validateFieldsWith(checkBasic, values, schema, formatLabel);
}
