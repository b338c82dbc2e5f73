import { defineMessages, useIntl } from 'react-intl';
import { NavLinkList } from '@/app/layouts/nav-link-list';

const messages = defineMessages({
  label: { id: 'app.nav.label', defaultMessage: 'Main menu' },
});

/** The top navigation bar from 992 px up, in the trader's chosen colour. */
export function TopNav() {
  const intl = useIntl();
  return (
    <nav
      aria-label={intl.formatMessage(messages.label)}
      className="sticky top-header z-20 hidden bg-topnav px-3 py-1.5 lg:block"
    >
      <div className="mx-auto max-w-content">
        <NavLinkList orientation="horizontal" />
      </div>
    </nav>
  );
}
