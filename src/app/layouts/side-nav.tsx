import { defineMessages, useIntl } from 'react-intl';
import { NavLinkList } from '@/app/layouts/nav-link-list';

const messages = defineMessages({
  label: { id: 'app.nav.label', defaultMessage: 'Main menu' },
});

/** The side navigation from 992 px up; below that the drawer takes over. */
export function SideNav({ collapsed }: { collapsed: boolean }) {
  const intl = useIntl();
  return (
    <nav
      aria-label={intl.formatMessage(messages.label)}
      className={`fixed start-0 top-header bottom-0 z-20 hidden overflow-y-auto border-e border-line bg-surface p-3 lg:block ${
        collapsed ? 'w-nav-collapsed' : 'w-nav'
      }`}
    >
      <NavLinkList collapsed={collapsed} />
    </nav>
  );
}
