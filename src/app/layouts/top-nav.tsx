import { useRef } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import { topItemClass } from '@/app/layouts/nav-item-class';
import { navItems } from '@/app/layouts/nav-items';
import { moreMessages } from '@/app/layouts/nav-more-button';
import { NavMoreMenu } from '@/app/layouts/shell-parts';
import { useFitCount } from '@/app/layouts/use-fit-count';

const messages = defineMessages({
  label: { id: 'app.nav.label', defaultMessage: 'Main menu' },
});

/**
 * The top navigation bar from 992 px up, in the trader's chosen colour: one row of links, and the ones
 * that do not fit (15 items never fit at desktop widths, fewer in French) under More, never in a sideways
 * scroll nobody notices. An invisible ruler holds every item and the More button at their natural widths.
 */
export function TopNav() {
  const intl = useIntl();
  const row = useRef<HTMLDivElement>(null);
  const ruler = useRef<HTMLDivElement>(null);
  const shown = useFitCount({ row, ruler }, navItems.length);
  const overflow = navItems.slice(shown);

  return (
    <nav
      aria-label={intl.formatMessage(messages.label)}
      data-top-nav=""
      className="sticky top-header z-20 hidden h-topnav bg-topnav px-3 py-1.5 lg:block"
    >
      <div ref={row} className="relative mx-auto flex max-w-content gap-1">
        <ul className="flex min-w-0 gap-1">
          {navItems.slice(0, shown).map(({ to, label, Icon, Badge }) => (
            <li key={to}>
              <NavLink to={to} className={({ isActive }) => topItemClass(isActive)}>
                <Icon className="size-5 shrink-0" aria-hidden="true" />
                <span>{intl.formatMessage(label)}</span>
                {Badge ? <Badge variant="count" /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
        {overflow.length > 0 ? <NavMoreMenu items={overflow} /> : null}
        {/* Zero height and clipped, so the ruler's full width never makes the bar scroll. */}
        <div aria-hidden="true" inert className="invisible absolute inset-x-0 top-0 h-0 overflow-hidden">
          <div ref={ruler} className="flex w-max gap-1">
            {navItems.map(({ to, label, Icon, Badge }) => (
              <span key={to} className={topItemClass(false)}>
                <Icon className="size-5 shrink-0" />
                <span>{intl.formatMessage(label)}</span>
                {Badge ? <Badge variant="count" /> : null}
              </span>
            ))}
            <span className={topItemClass(false)}>
              <span className="size-5 shrink-0" />
              <span>{intl.formatMessage(moreMessages.more)}</span>
              {/* Room for the unread dot the button may carry. */}
              <span className="size-2.5 shrink-0" />
              <span className="size-4 shrink-0" />
            </span>
          </div>
        </div>
      </div>
    </nav>
  );
}
