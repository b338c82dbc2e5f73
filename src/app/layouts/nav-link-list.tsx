import { useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import { navItems } from '@/app/layouts/nav-items';

type Props = {
  /** Icons only (the collapsed side navigation); labels stay available to screen readers and as tooltips. */
  collapsed?: boolean;
  onNavigate?: () => void;
};

export function NavLinkList({ collapsed = false, onNavigate }: Props) {
  const intl = useIntl();
  return (
    <ul className="flex flex-col gap-0.5">
      {navItems.map(({ to, label, Icon, Badge }) => {
        const text = intl.formatMessage(label);
        return (
          <li key={to} className="shrink-0">
            <NavLink
              to={to}
              onClick={onNavigate}
              title={collapsed ? text : undefined}
              className={({ isActive }) =>
                [
                  'relative flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium whitespace-nowrap',
                  collapsed ? 'justify-center' : '',
                  isActive ? 'bg-brand-soft text-brand' : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
                ].join(' ')
              }
            >
              <Icon className="size-5 shrink-0" aria-hidden="true" />
              <span className={collapsed ? 'sr-only' : undefined}>{text}</span>
              {Badge ? <Badge variant="count" className={collapsed ? 'absolute top-0.5 end-2' : ''} /> : null}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}
