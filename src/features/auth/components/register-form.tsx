import { useRef, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { authMessages as m } from '@/features/auth/auth-messages';
import { registerMessages as r } from '@/features/auth/register-messages';
import { useRegister } from '@/features/auth/hooks/use-register';
import { INDIAN_MOBILE_PATTERN, normaliseMobile } from '@/lib/validation/indian-mobile';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import type { FormSchema } from '@/lib/validation/rules';
import { useFormValidation } from '@/lib/validation/use-form-validation';
import { useServerRefusal } from '@/lib/validation/use-server-refusal';

type RegisterValues = { name: string; email: string; mobile: string; password: string };

const schema: FormSchema<RegisterValues> = {
  name: { label: r.name, rules: [{ kind: 'required' }, { kind: 'whitespace' }, { kind: 'length', max: 100 }] },
  email: { label: m.email, rules: [{ kind: 'required' }, { kind: 'type', type: 'email' }, { kind: 'length', max: 254 }] },
  mobile: {
    label: r.mobile,
    rules: [{ kind: 'required' }, { kind: 'pattern', pattern: INDIAN_MOBILE_PATTERN, message: r.mobileFormat }],
  },
  password: { label: m.password, rules: [{ kind: 'required' }, { kind: 'length', min: 8, max: 128 }] },
};

const FIELDS = Object.keys(schema);

type RegisterFormProps = {
  onRegistered: (email: string) => void;
  /** Offered under the email when it is already registered: a link to sign in with it instead. */
  signInInstead: (email: string) => ReactNode;
};

export function RegisterForm({ onRegistered, signInInstead }: RegisterFormProps) {
  const intl = useIntl();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormValidation(schema, { name: '', email: '', mobile: '', password: '' });
  const { register, loading, refusal } = useRegister();
  const server = useServerRefusal(refusal, form.values, FIELDS, formRef);

  const field = (name: keyof RegisterValues) => {
    const props = form.fieldProps(name);
    return { ...props, error: server.fieldError(name) ?? props.error };
  };
  const email = field('email');
  const emailTaken = refusal?.code === 'email_taken' && server.fieldError('email') !== undefined;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading || !form.validateAll()) return;
    server.markSent(form.values);
    const registered = await register({
      name: form.values.name.trim(),
      email: form.values.email.trim(),
      mobile: normaliseMobile(form.values.mobile),
      password: form.values.password,
    });
    if (registered) onRegistered(form.values.email.trim());
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
      <FormError>{server.banner}</FormError>
      <TextField label={intl.formatMessage(r.name)} autoComplete="name" required autoFocus {...field('name')} />
      <TextField
        label={intl.formatMessage(m.email)}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...email}
        error={
          emailTaken ? (
            <>
              {email.error} {signInInstead(form.values.email.trim())}
            </>
          ) : (
            email.error
          )
        }
      />
      <TextField
        label={intl.formatMessage(r.mobile)}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        hint={intl.formatMessage(r.mobileHint)}
        required
        {...field('mobile')}
      />
      <PasswordField
        label={intl.formatMessage(m.password)}
        autoComplete="new-password"
        hint={intl.formatMessage(r.passwordHint)}
        required
        {...field('password')}
      />
      <Button type="submit" busy={loading} className="w-full">
        {intl.formatMessage(r.register)}
      </Button>
    </form>
  );
}
