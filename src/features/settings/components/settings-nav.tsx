import { defineMessages, useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import { sectionMessages } from '@/features/settings/settings-messages';

const messages = defineMessages({
  label: { id: 'settings.navLabel', defaultMessage: 'Settings sections' },
});

// Rendered inside the `:section/*` route: `..` climbs to the settings mount point, wherever the app puts it.
const sections = [
  { to: '../profile', label: sectionMessages.profile },
  { to: '../password', label: sectionMessages.password },
  { to: '../trade-defaults', label: sectionMessages.tradeDefaults },
  { to: '../notifications', label: sectionMessages.notifications },
  { to: '../accessibility', label: sectionMessages.accessibility },
  { to: '../storage', label: sectionMessages.storage },
] as const;

function linkClassName({ isActive }: { isActive: boolean }) {
  const base = 'inline-flex items-center rounded-md px-3 py-2 text-sm font-medium';
  return isActive ? `${base} bg-brand-soft text-brand` : `${base} text-fg-muted hover:bg-surface-muted hover:text-fg`;
}

export function SettingsNav() {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage(messages.label)}>
      <ul className="flex flex-wrap gap-1 border-b border-line pb-2">
        {sections.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} className={linkClassName}>
              {intl.formatMessage(section.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
