// @vitest-environment node
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { MARKET_TIME_ZONE } from '@/i18n/locale';
import { frMessages } from '@/i18n/locales/fr/index';
import { toNumber } from '@/lib/validation/coerce';
import type { Rule, ValidationIssue } from '@/lib/validation/rules';
import { validateForm, validateValue } from '@/lib/validation/validate';

const en = createIntl({ locale: 'en-IN', defaultLocale: 'en-IN', messages: {}, timeZone: MARKET_TIME_ZONE });
const fr = createIntl({ locale: 'fr-FR', defaultLocale: 'en-IN', messages: frMessages, timeZone: MARKET_TIME_ZONE });
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** The message a user sees for `value` in both languages (the label is translated by the form). */
function messages(value: unknown, rules: Rule[], labels: [string, string]): [string, string] | null {
  const issueEn = validateValue(value, rules, labels[0]);
  const issueFr = validateValue(value, rules, labels[1]);
  if (!issueEn || !issueFr) return null;
  const text = (intl: typeof en, issue: ValidationIssue) => plain(intl.formatMessage(issue.message, issue.values));
  return [text(en, issueEn), text(fr, issueFr)];
}

const email: [string, string] = ['Email', 'E-mail'];
const lots: [string, string] = ['Lots', 'Lots'];
const legs: [string, string] = ['Legs', 'Jambes'];

describe('validation rules, in English and French', () => {
  it.each<[string, unknown, Rule[], [string, string], [string, string]]>([
    ['required', '', [{ kind: 'required' }], email, ['Email is required', 'Le champ E-mail est obligatoire']],
    ['required (null)', null, [{ kind: 'required' }], email, ['Email is required', 'Le champ E-mail est obligatoire']],
    ['whitespace', '   ', [{ kind: 'whitespace' }], email, ['Email cannot be blank', 'Le champ E-mail ne peut pas être vide']],
    [
      'enum',
      'CNC',
      [{ kind: 'enum', values: ['MIS', 'NRML'] }],
      ['Product', 'Produit'],
      ['Product must be one of: MIS, NRML', 'Le champ Produit doit prendre l’une des valeurs suivantes : MIS, NRML'],
    ],
    ['type email', 'trader@', [{ kind: 'type', type: 'email' }], email, ['Email must be a valid email address', 'Le champ E-mail doit être une adresse e-mail valide']],
    ['type number', 'abc', [{ kind: 'type', type: 'number' }], lots, ['Lots must be a number', 'Le champ Lots doit être un nombre']],
    ['type integer', '1.5', [{ kind: 'type', type: 'integer' }], lots, ['Lots must be a whole number', 'Le champ Lots doit être un nombre entier']],
    ['type url', 'ftp://x', [{ kind: 'type', type: 'url' }], ['Website', 'Site'], ['Website must be a valid web address', 'Le champ Site doit être une adresse web valide']],
    ['type date', 'soon', [{ kind: 'type', type: 'date' }], ['Start', 'Début'], ['Start must be a date', 'Le champ Début doit être une date']],
    ['type boolean', 'yes', [{ kind: 'type', type: 'boolean' }], ['Paper', 'Papier'], ['Paper must be yes or no', 'Le champ Papier doit valoir oui ou non']],
    ['type string', 42, [{ kind: 'type', type: 'string' }], ['Name', 'Nom'], ['Name must be text', 'Le champ Nom doit être un texte']],
    ['type array', 'x', [{ kind: 'type', type: 'array' }], legs, ['Legs must be a list', 'Le champ Jambes doit être une liste']],
    ['length equal', '12345', [{ kind: 'length', equal: 6 }], ['PIN', 'PIN'], ['PIN must be exactly 6 characters', 'Le champ PIN doit contenir exactement 6 caractères']],
    ['length equal (one)', 'ab', [{ kind: 'length', equal: 1 }], ['Code', 'Code'], ['Code must be exactly 1 character', 'Le champ Code doit contenir exactement 1 caractère']],
    ['length min', 'abc', [{ kind: 'length', min: 8 }], ['Password', 'Mot de passe'], ['Password must be at least 8 characters', 'Le champ Mot de passe doit contenir au moins 8 caractères']],
    ['length max', 'abcdef', [{ kind: 'length', max: 5 }], ['Name', 'Nom'], ['Name cannot be longer than 5 characters', 'Le champ Nom ne peut pas dépasser 5 caractères']],
    ['length range', 'a@b.c', [{ kind: 'length', min: 8, max: 128 }], email, ['Email must be between 8 and 128 characters', 'Le champ E-mail doit contenir entre 8 et 128 caractères']],
    ['number equal', '3', [{ kind: 'range', equal: 2 }], lots, ['Lots must equal 2', 'Le champ Lots doit être égal à 2']],
    ['number min', '0', [{ kind: 'range', min: 1 }], lots, ['Lots cannot be less than 1', 'Le champ Lots ne peut pas être inférieur à 1']],
    ['number max', 250000, [{ kind: 'range', max: 100000 }], ['Quantity', 'Quantité'], ['Quantity cannot be greater than 1,00,000', 'Le champ Quantité ne peut pas être supérieur à 100 000']],
    ['number range', '0,5', [{ kind: 'range', min: 1, max: 1800 }], lots, ['Lots must be between 1 and 1,800', 'Le champ Lots doit être compris entre 1 et 1 800']],
    ['number range on text', 'ten', [{ kind: 'range', min: 1 }], lots, ['Lots must be a number', 'Le champ Lots doit être un nombre']],
    ['array equal', ['a'], [{ kind: 'size', equal: 2 }], legs, ['Legs must have exactly 2 items', 'Le champ Jambes doit contenir exactement 2 éléments']],
    ['array min', ['a'], [{ kind: 'size', min: 2 }], legs, ['Legs must have at least 2 items', 'Le champ Jambes doit contenir au moins 2 éléments']],
    ['array max', ['a', 'b', 'c', 'd', 'e'], [{ kind: 'size', max: 4 }], legs, ['Legs cannot have more than 4 items', 'Le champ Jambes ne peut pas contenir plus de 4 éléments']],
    ['array range', ['a'], [{ kind: 'size', min: 2, max: 4 }], legs, ['Legs must have between 2 and 4 items', 'Le champ Jambes doit contenir entre 2 et 4 éléments']],
    ['pattern', '98765', [{ kind: 'pattern', pattern: /^[6-9]\d{9}$/ }], ['Mobile', 'Mobile'], ['Mobile does not match the expected format', 'Le champ Mobile ne respecte pas le format attendu']],
    ['invalid date', '2026-02-30', [{ kind: 'date' }], ['Start', 'Début'], ['Start is not a valid date', 'Le champ Début n’est pas une date valide']],
  ])('%s', (_name, value, rules, labels, expected) => {
    expect(messages(value, rules, labels)).toEqual(expected);
  });

  it('accepts values that satisfy every rule', () => {
    const rules: Rule[] = [{ kind: 'required' }, { kind: 'type', type: 'email' }, { kind: 'length', min: 8, max: 128 }];
    expect(validateValue('trader@example.in', rules, 'Email')).toBeNull();
    expect(validateValue('1,00,000', [{ kind: 'range', min: 1, max: 100000 }], 'Qty')).toBeNull();
    expect(validateValue('2026-02-28', [{ kind: 'date' }], 'Start')).toBeNull();
    expect(validateValue(['a', 'b'], [{ kind: 'size', min: 2, max: 4 }], 'Legs')).toBeNull();
    expect(validateValue('NRML', [{ kind: 'enum', values: ['MIS', 'NRML'] }], 'Product')).toBeNull();
  });

  it('skips the other rules of an empty optional field, and reports the first broken rule', () => {
    const rules: Rule[] = [{ kind: 'type', type: 'email' }, { kind: 'length', min: 8 }];
    expect(validateValue('', rules, 'Email')).toBeNull();
    expect(validateValue('a@b', [{ kind: 'required' }, ...rules], 'Email')?.message.id).toBe('validation.typeEmail');
  });

  it('lets a rule name the expected shape instead of the generic pattern message', () => {
    const mobileShape = { id: 'test.mobileShape', defaultMessage: '{label} must be a 10-digit Indian mobile number' };
    const issue = validateValue('12345', [{ kind: 'pattern', pattern: /^[6-9]\d{9}$/g, message: mobileShape }], 'Mobile');
    expect(issue && en.formatMessage(issue.message, issue.values)).toBe('Mobile must be a 10-digit Indian mobile number');
  });

  it('tests a /g pattern the same way every time', () => {
    const rules: Rule[] = [{ kind: 'pattern', pattern: /^\d+$/g }];
    expect(validateValue('123', rules, 'N')).toBeNull();
    expect(validateValue('123', rules, 'N')).toBeNull();
  });

  it('runs custom rules against the whole form', () => {
    const mismatch = { id: 'test.passwordsDiffer', defaultMessage: 'Passwords do not match' };
    const schema = {
      password: { label: 'Password', rules: [{ kind: 'required' }] as Rule[] },
      confirm: {
        label: 'Confirm',
        rules: [
          { kind: 'custom', test: (value, values) => value === values.password, message: mismatch },
        ] as Rule[],
      },
    };
    expect(validateForm({ password: 'secret-1', confirm: 'secret-2' }, schema)).toEqual({
      confirm: { message: mismatch, values: { label: 'Confirm' } },
    });
    expect(validateForm({ password: 'secret-1', confirm: 'secret-1' }, schema)).toEqual({});
  });

  it('applies a field’s rules only while its `when` holds', () => {
    const schema = {
      trail_step: { label: 'Trail step', rules: [{ kind: 'range', min: 1, max: 50 }], when: (values: Readonly<Record<string, unknown>>) => values.trailing === true },
    } as const;
    expect(Object.keys(validateForm({ trailing: false, trail_step: '500' }, schema))).toEqual([]);
    expect(Object.keys(validateForm({ trailing: true, trail_step: '500' }, schema))).toEqual(['trail_step']);
  });

  it('translates descriptor labels through the given formatter', () => {
    const label = { id: 'test.emailLabel', defaultMessage: 'Email' };
    const issues = validateForm({ email: '' }, { email: { label, rules: [{ kind: 'required' }] } }, () => 'E-mail');
    expect(issues.email && plain(fr.formatMessage(issues.email.message, issues.email.values))).toBe(
      'Le champ E-mail est obligatoire',
    );
  });
});

describe('toNumber', () => {
  it.each<[unknown, number | null]>([
    ['12.5', 12.5],
    ['12,5', 12.5],
    ['1,000', 1000],
    ['1,00,000', 100000],
    ['1,234.5', 1234.5],
    ['1 234,5', 1234.5],
    ['-3', -3],
    ['', null],
    ['1,2,3', null],
    ['12abc', null],
    [Number.NaN, null],
    [Infinity, null],
  ])('%s → %s', (input, expected) => {
    expect(toNumber(input)).toBe(expected);
  });
});
