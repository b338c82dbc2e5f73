import { useSetAtom } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import type { ProfileUpdate, User } from '@/features/settings/api/settings-types';
import { updateProfile } from '@/features/settings/api/update-profile';
import { ReadOnlyField } from '@/features/settings/components/read-only-field';
import { useRejection } from '@/features/settings/hooks/use-rejection';
import { formatMobile, INDIAN_MOBILE_PATTERN, normaliseMobile } from '@/lib/validation/indian-mobile';
import { useOperation } from '@/lib/api/use-operation';
import { notify } from '@/lib/notify/notify';
import { userDataAtom } from '@/lib/session/user-profile-atoms';
import type { FormSchema } from '@/lib/validation/rules';
import { useFormValidation } from '@/lib/validation/use-form-validation';

const messages = defineMessages({
  email: { id: 'settings.field.email', defaultMessage: 'Email' },
  emailHint: { id: 'settings.field.emailHint', defaultMessage: 'You sign in with this address; it cannot be changed.' },
  name: { id: 'settings.field.name', defaultMessage: 'Full name' },
  mobile: { id: 'settings.field.mobile', defaultMessage: 'Mobile number' },
  mobileHint: { id: 'settings.field.mobileHint', defaultMessage: 'Indian mobile number, e.g. 98765 43210' },
  mobileFormat: {
    id: 'settings.field.mobileFormat',
    defaultMessage: '{label} must be a 10-digit Indian mobile number starting with 6, 7, 8 or 9',
  },
  save: { id: 'settings.profileSave', defaultMessage: 'Save changes' },
  saved: { id: 'settings.profileSaved', defaultMessage: 'Profile updated' },
});

type ProfileValues = { name: string; mobile: string };

// Registration's rules; the name's maximum is the contract's (PersonName).
const schema: FormSchema<ProfileValues> = {
  name: { label: messages.name, rules: [{ kind: 'required' }, { kind: 'whitespace' }, { kind: 'length', max: 100 }] },
  mobile: {
    label: messages.mobile,
    rules: [{ kind: 'required' }, { kind: 'pattern', pattern: INDIAN_MOBILE_PATTERN, message: messages.mobileFormat }],
  },
};

/** The ten digits that identify a number, whatever prefix or separators it was written with. */
function subscriberDigits(mobile: string): string {
  return mobile.replace(/\D/g, '').slice(-10);
}

/** Only what differs from the saved profile is sent; the same number typed another way is no change. */
function changesFrom(values: ProfileValues, saved: User): ProfileUpdate {
  const changes: ProfileUpdate = {};
  const name = values.name.trim();
  if (name !== saved.name) changes.name = name;
  const valid = INDIAN_MOBILE_PATTERN.test(values.mobile);
  if (!valid || subscriberDigits(values.mobile) !== subscriberDigits(saved.mobile)) {
    // An invalid number counts as a change so that submitting shows why it cannot be saved.
    changes.mobile = valid ? normaliseMobile(values.mobile) : values.mobile;
  }
  return changes;
}

export function ProfileForm({ user }: { user: User }) {
  const intl = useIntl();
  const setUser = useSetAtom(userDataAtom);
  const formRef = useRef<HTMLFormElement>(null);
  const [saved, setSaved] = useState(user);
  // The number is edited in the hint's form (98765 43210), not as stored (+919876543210).
  const form = useFormValidation(schema, { name: user.name, mobile: formatMobile(user.mobile) });
  const save = useOperation(updateProfile);
  const rejection = useRejection(save.error, form.values, formRef);
  const changes = changesFrom(form.values, saved);
  const changed = Object.keys(changes).length > 0;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.loading || !changed || !form.validateAll()) return;
    rejection.markSent(form.values);
    const updated = await save.run(changes);
    if (!updated) return;
    setSaved(updated);
    setUser(updated);
    form.reset({ name: updated.name, mobile: formatMobile(updated.mobile) });
    notify({ kind: 'success', title: messages.saved });
  };

  const name = form.fieldProps('name');
  const mobile = form.fieldProps('mobile');
  return (
    <form ref={formRef} noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
      <FormError>{rejection.banner}</FormError>
      <ReadOnlyField
        label={intl.formatMessage(messages.email)}
        type="email"
        value={saved.email}
        hint={intl.formatMessage(messages.emailHint)}
      />
      <TextField
        label={intl.formatMessage(messages.name)}
        autoComplete="name"
        required
        {...name}
        error={rejection.fieldError('name') ?? name.error}
      />
      <TextField
        label={intl.formatMessage(messages.mobile)}
        type="tel"
        autoComplete="tel-national"
        inputMode="tel"
        hint={intl.formatMessage(messages.mobileHint)}
        required
        {...mobile}
        error={rejection.fieldError('mobile') ?? mobile.error}
      />
      <div>
        <Button type="submit" busy={save.loading} disabled={!changed} className="w-full sm:w-auto">
          {intl.formatMessage(messages.save)}
        </Button>
      </div>
    </form>
  );
}
