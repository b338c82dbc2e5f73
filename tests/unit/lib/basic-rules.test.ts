// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { validateBasicForm, type BasicRule } from '@/lib/validation/basic-rules';
import type { FormSchema } from '@/lib/validation/rules';
import { validateForm } from '@/lib/validation/validate';

type SignIn = { email: string; password: string };

// The sign-in form's own schema: what it checks without the whole rule set must be what the whole set says.
const schema: FormSchema<SignIn, BasicRule> = {
  email: { label: 'Email', rules: [{ kind: 'required' }, { kind: 'type', type: 'email' }] },
  password: { label: 'Password', rules: [{ kind: 'required' }] },
};

describe('the basic rules sign-in checks on its own', () => {
  it.each<[string, SignIn]>([
    ['both empty', { email: '', password: '' }],
    ['an email without a domain', { email: 'trader@', password: 'x' }],
    ['an email with a space', { email: 'tra der@example.com', password: 'x' }],
    ['a valid form', { email: 'trader@example.com', password: 'secret' }],
    ['a password only', { email: '', password: 'secret' }],
  ])('%s: the same issues as the full rule set', (_, values) => {
    expect(validateBasicForm(values, schema)).toEqual(validateForm(values, schema));
  });

  it('names the rule that failed, with the field label', () => {
    const issues = validateBasicForm({ email: 'trader@', password: '' }, schema);
    expect(issues.email?.message.id).toBe('validation.typeEmail');
    expect(issues.email?.values).toEqual({ label: 'Email' });
    expect(issues.password?.message.id).toBe('validation.required');
  });

  it('runs custom rules, as every form may', () => {
    const withCustom: FormSchema<SignIn, BasicRule> = {
      password: { label: 'Password', rules: [{ kind: 'custom', test: (value) => value !== 'password', message: { id: 'test.common' } }] },
    };
    expect(validateBasicForm({ email: '', password: 'password' }, withCustom).password?.message.id).toBe('test.common');
  });
});
