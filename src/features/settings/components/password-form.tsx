import { useRef, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { PasswordField } from '@/components/ui/password-field';
import { changePassword } from '@/features/settings/api/change-password';
import { useRejection } from '@/features/settings/hooks/use-rejection';
import { useOperation } from '@/lib/api/use-operation';
import { notify } from '@/lib/notify/notify';
import type { FormSchema } from '@/lib/validation/rules';
import { useFormValidation } from '@/lib/validation/use-form-validation';

// The browser tests find these fields and the button by their English names: keep them.
const messages = defineMessages({
  current: { id: 'settings.field.currentPassword', defaultMessage: 'Current password' },
  next: { id: 'settings.field.newPassword', defaultMessage: 'New password' },
  nextHint: {
    id: 'settings.field.newPasswordHint',
    defaultMessage: '8 to 128 characters, different from the current one; avoid common passwords.',
  },
  confirm: { id: 'settings.field.confirmPassword', defaultMessage: 'Confirm new password' },
  sameAsCurrent: {
    id: 'settings.field.sameAsCurrent',
    defaultMessage: '{label} must be different from your current password',
  },
  mismatch: { id: 'settings.field.passwordMismatch', defaultMessage: 'The two new passwords do not match' },
  submit: { id: 'settings.passwordSubmit', defaultMessage: 'Change password' },
  changed: { id: 'settings.passwordChanged', defaultMessage: 'Password changed' },
  othersSignedOut: {
    id: 'settings.passwordOthersSignedOut',
    defaultMessage: 'Your other devices were signed out. This one stays signed in.',
  },
});

type PasswordValues = { current_password: string; new_password: string; confirm_password: string };

const empty: PasswordValues = { current_password: '', new_password: '', confirm_password: '' };

// Bounds are the contract's (NewPassword: 8–128); whether a password is too common only the server knows.
const schema: FormSchema<PasswordValues> = {
  current_password: { label: messages.current, rules: [{ kind: 'required' }, { kind: 'length', max: 128 }] },
  new_password: {
    label: messages.next,
    rules: [
      { kind: 'required' },
      { kind: 'length', min: 8, max: 128 },
      {
        kind: 'custom',
        test: (value, values) => value === '' || value !== values['current_password'],
        message: messages.sameAsCurrent,
      },
    ],
  },
  confirm_password: {
    label: messages.confirm,
    rules: [
      { kind: 'required' },
      { kind: 'custom', test: (value, values) => value === values['new_password'], message: messages.mismatch },
    ],
  },
};

export function PasswordForm() {
  const intl = useIntl();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormValidation(schema, empty);
  const change = useOperation(changePassword);
  const rejection = useRejection(change.error, form.values, formRef);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.loading || !form.validateAll()) return;
    rejection.markSent(form.values);
    const { current_password, new_password } = form.values;
    const answer = await change.run({ current_password, new_password });
    if (answer === undefined) return;
    form.reset(empty);
    notify({ kind: 'success', title: messages.changed, description: messages.othersSignedOut, durationMs: 8000 });
  };

  const current = form.fieldProps('current_password');
  const next = form.fieldProps('new_password');
  return (
    <form ref={formRef} noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
      <FormError>{rejection.banner}</FormError>
      <PasswordField
        label={intl.formatMessage(messages.current)}
        autoComplete="current-password"
        required
        {...current}
        error={rejection.fieldError('current_password') ?? current.error}
      />
      <PasswordField
        label={intl.formatMessage(messages.next)}
        autoComplete="new-password"
        hint={intl.formatMessage(messages.nextHint)}
        required
        {...next}
        error={rejection.fieldError('new_password') ?? next.error}
      />
      <PasswordField
        label={intl.formatMessage(messages.confirm)}
        autoComplete="new-password"
        required
        {...form.fieldProps('confirm_password')}
      />
      <div>
        <Button type="submit" busy={change.loading} className="w-full sm:w-auto">
          {intl.formatMessage(messages.submit)}
        </Button>
      </div>
    </form>
  );
}
