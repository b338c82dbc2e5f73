import { defineMessages } from 'react-intl';

/** The section names, shared by the settings navigation and the sections' headings. */
export const sectionMessages = defineMessages({
  profile: { id: 'settings.profile', defaultMessage: 'Profile' },
  password: { id: 'settings.password', defaultMessage: 'Change password' },
  tradeDefaults: { id: 'settings.tradeDefaults', defaultMessage: 'Trade defaults' },
  notifications: { id: 'settings.notifications', defaultMessage: 'Notifications' },
  accessibility: { id: 'settings.accessibility', defaultMessage: 'Accessibility' },
  storage: { id: 'settings.storage', defaultMessage: 'Storage' },
});
