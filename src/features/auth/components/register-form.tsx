import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { authMessages as m } from '@/features/auth/auth-messages';
import { INDIAN_MOBILE_PATTERN } from '@/features/auth/mobile-number';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import type { FormSchema } from '@/lib/validation/rules';
import { useFormValidation } from '@/lib/validation/use-form-validation';

type RegisterValues = { name: string; email: string; mobile: string; password: string };

const schema: FormSchema<RegisterValues> = {
  name: { label: m.name, rules: [{ kind: 'required' }, { kind: 'whitespace' }, { kind: 'length', max: 100 }] },
  email: { label: m.email, rules: [{ kind: 'required' }, { kind: 'type', type: 'email' }, { kind: 'length', max: 254 }] },
  mobile: {
    label: m.mobile,
    rules: [{ kind: 'required' }, { kind: 'pattern', pattern: INDIAN_MOBILE_PATTERN, message: m.mobileFormat }],
  },
  password: { label: m.password, rules: [{ kind: 'required' }, { kind: 'length', min: 8, max: 128 }] },
};

export function RegisterForm() {
  const intl = useIntl();
  const form = useFormValidation(schema, { name: '', email: '', mobile: '', password: '' });
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    setError(intl.formatMessage(m.unavailable));
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <FormError>{error}</FormError>
      <TextField label={intl.formatMessage(m.name)} autoComplete="name" required {...form.fieldProps('name')} />
      <TextField label={intl.formatMessage(m.email)} type="email" autoComplete="email" inputMode="email" required {...form.fieldProps('email')} />
      <TextField
        label={intl.formatMessage(m.mobile)}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        hint={intl.formatMessage(m.mobileHint)}
        required
        {...form.fieldProps('mobile')}
      />
      <PasswordField
        label={intl.formatMessage(m.password)}
        autoComplete="new-password"
        hint={intl.formatMessage(m.passwordHint)}
        required
        {...form.fieldProps('password')}
      />
      <Button type="submit" className="w-full">
        {intl.formatMessage(m.register)}
      </Button>
    </form>
  );
}
