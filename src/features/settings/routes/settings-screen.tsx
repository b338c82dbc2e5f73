import { type ComponentType } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/ui/page-header';
import { SettingsNav } from '@/features/settings/components/settings-nav';
import { AccessibilitySection } from '@/features/settings/components/accessibility-section';
import { NotificationsSection } from '@/features/settings/components/notifications-section';
import { PasswordSection } from '@/features/settings/components/password-section';
import { ProfileSection } from '@/features/settings/components/profile-section';
import { StorageSection } from '@/features/settings/components/storage-section';
import { TradeDefaultsSection } from '@/features/settings/components/trade-defaults-section';

const messages = defineMessages({
  title: { id: 'settings.title', defaultMessage: 'Settings' },
  description: { id: 'settings.description', defaultMessage: 'Your profile, password, trading defaults, notifications, accessibility and the data kept on this device.' },
});

const sections: Record<string, ComponentType> = {
  profile: ProfileSection,
  password: PasswordSection,
  'trade-defaults': TradeDefaultsSection,
  notifications: NotificationsSection,
  accessibility: AccessibilitySection,
  storage: StorageSection,
};

// One route for every section keeps the header and nav mounted while the trader moves between sections,
// so keyboard focus stays on the link they used.
function SettingsLayout() {
  const intl = useIntl();
  const Section = sections[useParams()['section'] ?? ''];
  if (!Section) return <Navigate to="../profile" replace />;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={intl.formatMessage(messages.title)} description={intl.formatMessage(messages.description)} />
      <SettingsNav />
      <Section />
    </div>
  );
}

/**
 * Mounted by the app at /app/pages/setting/*. React Router 7 resolves relative links inside a splat route
 * against the whole URL, so the nav and the fallback live in the `:section/*` route and go through `..`,
 * which climbs to the settings mount point whatever sub-path is open.
 */
export function SettingsScreen() {
  return (
    <Routes>
      <Route index element={<Navigate to="profile" replace />} />
      <Route path=":section/*" element={<SettingsLayout />} />
    </Routes>
  );
}
