import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { I18nProvider, preloadMessages } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locale';
import type { FormSchema } from '@/lib/validation/rules';
import { useFormValidation } from '@/lib/validation/use-form-validation';

type LoginValues = { email: string; password: string };

const labels = {
  email: { id: 'test.email', defaultMessage: 'Email' },
  password: { id: 'test.password', defaultMessage: 'Password' },
};

const schema: FormSchema<LoginValues> = {
  email: { label: labels.email, rules: [{ kind: 'required' }, { kind: 'type', type: 'email' }] },
  password: { label: labels.password, rules: [{ kind: 'required' }, { kind: 'length', min: 8, max: 128 }] },
};

function LoginForm({ onSubmit }: { onSubmit: (values: LoginValues) => void }) {
  const intl = useIntl();
  const form = useFormValidation(schema, { email: '', password: '' });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.validateAll()) onSubmit(form.values);
  };
  return (
    <form noValidate onSubmit={handleSubmit}>
      <TextField label={intl.formatMessage(labels.email)} type="email" {...form.fieldProps('email')} />
      <PasswordField label={intl.formatMessage(labels.password)} {...form.fieldProps('password')} />
      <Button type="submit">{intl.formatMessage({ id: 'test.signIn', defaultMessage: 'Sign in' })}</Button>
      <Button onClick={() => form.setServerError('email', 'Email already registered')}>
        {intl.formatMessage({ id: 'test.serverSays', defaultMessage: 'Server rejects' })}
      </Button>
    </form>
  );
}

async function renderForm(locale: Locale, onSubmit = vi.fn()) {
  await preloadMessages('fr');
  const view = render(
    <I18nProvider locale={locale}>
      <LoginForm onSubmit={onSubmit} />
    </I18nProvider>,
  );
  const switchTo = (next: Locale) =>
    view.rerender(
      <I18nProvider locale={next}>
        <LoginForm onSubmit={onSubmit} />
      </I18nProvider>,
    );
  return { onSubmit, switchTo };
}

const email = () => screen.getByRole('textbox', { name: 'Email' });
const password = () => screen.getByLabelText('Password');
const describedText = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

describe('useFormValidation', () => {
  it('shows a field error once the field has been edited and left, and updates it while typing', async () => {
    const user = userEvent.setup();
    await renderForm('en');
    expect(email().getAttribute('aria-invalid')).toBeNull();

    // Passing through an untouched field says nothing (no layout shift under the pointer).
    await user.click(email());
    await user.tab();
    expect(email().getAttribute('aria-invalid')).toBeNull();

    await user.type(email(), 'x');
    await user.clear(email());
    await user.tab();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(describedText(email())).toBe('Email is required');
    // The password field has focus but has not been left: no error yet.
    expect(document.activeElement).toBe(password());
    expect(password().getAttribute('aria-invalid')).toBeNull();

    await user.type(email(), 'trader@');
    expect(describedText(email())).toBe('Email must be a valid email address');
    await user.type(email(), 'example.in');
    expect(email().getAttribute('aria-invalid')).toBeNull();
    expect(describedText(email())).toBe('');
  });

  it('on submit shows every error, focuses the first invalid field and does not submit', async () => {
    const user = userEvent.setup();
    const { onSubmit } = await renderForm('en');
    await user.type(email(), 'trader@example.in');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(describedText(password())).toBe('Password is required');
    expect(document.activeElement).toBe(password());

    await user.type(password(), 'short');
    expect(describedText(password())).toBe('Password must be between 8 and 128 characters');
    await user.type(password(), '-but-now-long');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'trader@example.in', password: 'short-but-now-long' });
  });

  it('re-translates errors already on screen when the language changes', async () => {
    const user = userEvent.setup();
    const { switchTo } = await renderForm('en');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(describedText(email())).toBe('Email is required');

    // The test's own labels have no French text: react-intl reports that, and nothing else may go wrong.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    switchTo('fr');
    expect(describedText(email())).toBe('Le champ Email est obligatoire');
    for (const [error] of errors.mock.calls) expect(String(error)).toMatch(/MISSING_TRANSLATION.*"test\./s);
    errors.mockRestore();
  });

  it('shows a server error on its field until the field is edited', async () => {
    const user = userEvent.setup();
    await renderForm('en');
    await user.type(email(), 'trader@example.in');
    await user.click(screen.getByRole('button', { name: 'Server rejects' }));
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(describedText(email())).toBe('Email already registered');
    await user.type(email(), 'x');
    expect(describedText(email())).toBe('');
  });
});
