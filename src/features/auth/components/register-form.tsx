import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { authMessages as m } from '@/features/auth/auth-messages';
import { useRegister } from '@/features/auth/hooks/use-register';
import { INDIAN_MOBILE_PATTERN, normaliseMobile } from '@/lib/validation/indian-mobile';
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

export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const intl = useIntl();
  const form = useFormValidation(schema, { name: '', email: '', mobile: '', password: '' });
  const { register, loading, message } = useRegister();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading || !form.validateAll()) return;
    const email = form.values.email.trim();
    const registered = await register({
      name: form.values.name.trim(),
      email,
      mobile: normaliseMobile(form.values.mobile),
      password: form.values.password,
    });
    if (registered) onRegistered(email);
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
      <FormError>{message}</FormError>
      <TextField label={intl.formatMessage(m.name)} autoComplete="name" required autoFocus {...form.fieldProps('name')} />
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
      <Button type="submit" busy={loading} className="w-full">
        {intl.formatMessage(m.register)}
      </Button>
    </form>
  );
}
