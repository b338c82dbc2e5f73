import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { authMessages as m } from '@/features/auth/auth-messages';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import type { FormSchema } from '@/lib/validation/rules';
import { useFormValidation } from '@/lib/validation/use-form-validation';

type LoginValues = { email: string; password: string };

const schema: FormSchema<LoginValues> = {
  email: { label: m.email, rules: [{ kind: 'required' }, { kind: 'type', type: 'email' }] },
  password: { label: m.password, rules: [{ kind: 'required' }] },
};

export function LoginForm() {
  const intl = useIntl();
  const form = useFormValidation(schema, { email: '', password: '' });
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    setError(intl.formatMessage(m.unavailable));
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <FormError>{error}</FormError>
      <TextField label={intl.formatMessage(m.email)} type="email" autoComplete="username" inputMode="email" required {...form.fieldProps('email')} />
      <PasswordField label={intl.formatMessage(m.password)} autoComplete="current-password" required {...form.fieldProps('password')} />
      <Button type="submit" className="w-full">
        {intl.formatMessage(m.signIn)}
      </Button>
    </form>
  );
}
