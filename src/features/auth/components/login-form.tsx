import { useRef, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { authMessages as m } from '@/features/auth/auth-messages';
import { prepareSignIn, useSignIn } from '@/features/auth/hooks/use-sign-in';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { validateBasicForm, type BasicRule } from '@/lib/validation/basic-rules';
import type { FormSchema } from '@/lib/validation/rules';
import { useFormState } from '@/lib/validation/use-form-state';
import { useServerRefusal } from '@/lib/validation/use-server-refusal';

type LoginValues = { email: string; password: string };

// Basic rules only, checked without the whole rule set: this form is part of the first visit's entry.
const schema: FormSchema<LoginValues, BasicRule> = {
  email: { label: m.email, rules: [{ kind: 'required' }, { kind: 'type', type: 'email' }] },
  password: { label: m.password, rules: [{ kind: 'required' }] },
};

const FIELDS = Object.keys(schema);

type LoginFormProps = { initialEmail?: string; onSignedIn?: () => void };

export function LoginForm({ initialEmail = '', onSignedIn }: LoginFormProps) {
  const intl = useIntl();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormState(schema, { email: initialEmail, password: '' }, validateBasicForm);
  const { signIn, loading, refusal } = useSignIn();
  const server = useServerRefusal(refusal, form.values, FIELDS, formRef);

  const field = (name: keyof LoginValues) => {
    const props = form.fieldProps(name);
    return { ...props, error: server.fieldError(name) ?? props.error };
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading || !form.validateAll()) return;
    server.markSent(form.values);
    const signedIn = await signIn({ email: form.values.email.trim(), password: form.values.password });
    if (signedIn) onSignedIn?.();
  };

  return (
    <form
      ref={formRef}
      noValidate
      onInput={prepareSignIn}
      onSubmit={(event) => void handleSubmit(event)}
      className="flex flex-col gap-4"
    >
      <FormError>{server.banner}</FormError>
      <TextField
        label={intl.formatMessage(m.email)}
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        autoFocus={initialEmail === ''}
        {...field('email')}
      />
      <PasswordField
        label={intl.formatMessage(m.password)}
        autoComplete="current-password"
        required
        autoFocus={initialEmail !== ''}
        {...field('password')}
      />
      <Button type="submit" busy={loading} className="w-full">
        {intl.formatMessage(m.signIn)}
      </Button>
    </form>
  );
}
