import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { I18nProvider, preloadMessages } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locale';

async function renderIn(ui: ReactElement, locale: Locale = 'en') {
  await preloadMessages(locale);
  return render(<I18nProvider locale={locale}>{ui}</I18nProvider>);
}

describe('Button', () => {
  it('while busy is disabled, marked aria-busy, keeps its name and ignores clicks', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(
      <Button busy onClick={onClick}>
        Place order
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Place order' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(true);
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();

    rerender(<Button onClick={onClick}>Place order</Button>);
    expect(button.getAttribute('aria-busy')).toBeNull();
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('does not submit a form by accident', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button>Show more</Button>
        <Button type="submit">Save</Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('TextField', () => {
  const describedBy = (input: HTMLElement) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent);

  it('links its hint to the input', () => {
    render(<TextField label="Mobile" hint="10 digits" />);
    const input = screen.getByRole('textbox', { name: 'Mobile' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(describedBy(input)).toEqual(['10 digits']);
  });

  it('shows an error in the hint\'s place, linked to the input, and marks it invalid', () => {
    render(<TextField label="Mobile" hint="10 digits" error="Mobile is required" />);
    const input = screen.getByRole('textbox', { name: 'Mobile' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)).toEqual(['Mobile is required']);
    expect(screen.queryByText('10 digits')).toBeNull();
  });
});

describe('PasswordField', () => {
  it('shows and hides the password with a labelled toggle', async () => {
    const user = userEvent.setup();
    await renderIn(<PasswordField label="Password" defaultValue="s3cret-pass" />);
    const input = screen.getByLabelText('Password', { selector: 'input' });
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input.getAttribute('type')).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    await user.click(toggle);
    expect(input.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.click(toggle);
    expect(input.getAttribute('type')).toBe('password');
  });

  it('labels the toggle in French', async () => {
    await renderIn(<PasswordField label="Mot de passe" />, 'fr');
    expect(screen.getByRole('button', { name: 'Afficher le mot de passe' })).toBeTruthy();
  });
});

describe('FormError', () => {
  it('renders an alert only when there is an error', () => {
    const { rerender } = render(<FormError />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FormError>Invalid email or password</FormError>);
    expect(screen.getByRole('alert').textContent).toBe('Invalid email or password');
  });
});
