import { defineMessages } from 'react-intl';

export const settingsMessages = defineMessages({
  title: { id: 'app.settings.title', defaultMessage: 'Layout settings' },
  close: { id: 'app.settings.close', defaultMessage: 'Close settings' },
  theme: { id: 'app.settings.theme', defaultMessage: 'Theme' },
  light: { id: 'app.settings.light', defaultMessage: 'Light' },
  dark: { id: 'app.settings.dark', defaultMessage: 'Dark' },
  language: { id: 'app.settings.language', defaultMessage: 'Language' },
  direction: { id: 'app.settings.direction', defaultMessage: 'Text direction' },
  ltr: { id: 'app.settings.ltr', defaultMessage: 'Left to right' },
  rtl: { id: 'app.settings.rtl', defaultMessage: 'Right to left' },
  navType: { id: 'app.settings.navType', defaultMessage: 'Navigation' },
  side: { id: 'app.settings.side', defaultMessage: 'Side' },
  top: { id: 'app.settings.top', defaultMessage: 'Top' },
  navCollapsed: { id: 'app.settings.navCollapsed', defaultMessage: 'Side navigation width' },
  expanded: { id: 'app.settings.expanded', defaultMessage: 'Expanded' },
  collapsed: { id: 'app.settings.collapsed', defaultMessage: 'Collapsed' },
  topNavColor: { id: 'app.settings.topNavColor', defaultMessage: 'Top navigation colour' },
  blue: { id: 'app.settings.blue', defaultMessage: 'Blue' },
  indigo: { id: 'app.settings.indigo', defaultMessage: 'Indigo' },
  slate: { id: 'app.settings.slate', defaultMessage: 'Slate' },
  teal: { id: 'app.settings.teal', defaultMessage: 'Teal' },
});
