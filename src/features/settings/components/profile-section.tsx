import { defineMessages, useIntl } from 'react-intl';
import { StaleNote } from '@/components/ui/stale-note';
import { ProfileForm } from '@/features/settings/components/profile-form';
import { ProfileStatus } from '@/features/settings/components/profile-status';
import { SettingsPanel } from '@/features/settings/components/settings-panel';
import { useProfile } from '@/features/settings/hooks/use-profile';
import { sectionMessages } from '@/features/settings/settings-messages';

const messages = defineMessages({
  description: {
    id: 'settings.profileDescription',
    defaultMessage: 'The name and mobile number on your StrikeDesk account.',
  },
});

export function ProfileSection() {
  const intl = useIntl();
  const { user, asOf, error, reload } = useProfile();
  return (
    <SettingsPanel title={intl.formatMessage(sectionMessages.profile)} description={intl.formatMessage(messages.description)}>
      {asOf !== null && <StaleNote asOf={asOf} />}
      {user ? <ProfileForm user={user} /> : <ProfileStatus error={error} onRetry={() => void reload()} />}
    </SettingsPanel>
  );
}
