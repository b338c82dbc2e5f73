import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { authMessages as m } from '@/features/auth/auth-messages';
import { useSignIn } from '@/features/auth/hooks/use-sign-in';
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

type LoginFormProps = { initialEmail?: string; onSignedIn?: () => void };

export function LoginForm({ initialEmail = '', onSignedIn }: LoginFormProps) {
  const intl = useIntl();
  const form = useFormValidation(schema, { email: initialEmail, password: '' });
  const { signIn, loading, message } = useSignIn();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading || !form.validateAll()) return;
    const signedIn = await signIn({ email: form.values.email.trim(), password: form.values.password });
    if (signedIn) onSignedIn?.();
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
      <FormError>{message}</FormError>
      <TextField
        label={intl.formatMessage(m.email)}
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        autoFocus={initialEmail === ''}
        {...form.fieldProps('email')}
      />
      <PasswordField
        label={intl.formatMessage(m.password)}
        autoComplete="current-password"
        required
        autoFocus={initialEmail !== ''}
        {...form.fieldProps('password')}
      />
      <Button type="submit" busy={loading} className="w-full">
        {intl.formatMessage(m.signIn)}
      </Button>
    </form>
  );
}
