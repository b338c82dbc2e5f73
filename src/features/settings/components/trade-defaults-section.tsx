import { StaleNote } from '@/components/ui/stale-note';
import { useIntl } from 'react-intl';
import { ProfileStatus } from '@/features/settings/components/profile-status';
import { SettingsPanel } from '@/features/settings/components/settings-panel';
import { TradeDefaultsForm } from '@/features/settings/components/trade-defaults-form';
import { useProfile } from '@/features/settings/hooks/use-profile';
import { sectionMessages } from '@/features/settings/settings-messages';
import { tradeDefaultsMessages as m } from '@/features/settings/trade-defaults-messages';

/** The defaults live in the profile (`trade_defaults`), so the section reads the profile. */
export function TradeDefaultsSection() {
  const intl = useIntl();
  const { user, asOf, error, reload } = useProfile();
  return (
    <SettingsPanel title={intl.formatMessage(sectionMessages.tradeDefaults)} description={intl.formatMessage(m.description)}>
      {asOf !== null && <StaleNote asOf={asOf} />}
      {user ? <TradeDefaultsForm user={user} /> : <ProfileStatus error={error} onRetry={() => void reload()} />}
    </SettingsPanel>
  );
}
