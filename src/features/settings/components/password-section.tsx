import { defineMessages, useIntl } from 'react-intl';
import { PasswordForm } from '@/features/settings/components/password-form';
import { SettingsPanel } from '@/features/settings/components/settings-panel';

const messages = defineMessages({
  title: { id: 'settings.passwordTitle', defaultMessage: 'Password' },
  description: {
    id: 'settings.passwordDescription',
    defaultMessage: 'Confirm your current password to choose a new one. Your other devices will be signed out.',
  },
});

export function PasswordSection() {
  const intl = useIntl();
  return (
    <SettingsPanel title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)}>
      <PasswordForm />
    </SettingsPanel>
  );
}
