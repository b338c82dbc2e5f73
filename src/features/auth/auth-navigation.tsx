import { createContext, use, type MouseEvent, type ReactNode } from 'react';

/**
 * How the sign-in and registration screens read the address and move between each other, without naming a
 * router: on a first visit they run without one (src/app/public-pages.tsx: react-router was a quarter of the
 * entry and the two pages need none of it, issue 24), inside the app under react-router
 * (src/app/router/router-auth-navigation.tsx).
 */
export type AuthTarget = { pathname: string; search?: string };
export type AuthNavigation = {
  pathname: string;
  search: string;
  /** The state the previous screen passed along (registration hands sign-in the email). */
  state: unknown;
  go: (to: AuthTarget, options?: { replace?: boolean; state?: unknown }) => void;
};

export const AuthNavigationContext = createContext<AuthNavigation | null>(null);

export function useAuthNavigation(): AuthNavigation {
  const navigation = use(AuthNavigationContext);
  if (navigation === null) throw new Error('useAuthNavigation needs an AuthNavigationContext provider');
  return navigation;
}

/** The sibling page of the current one: /auth/login's 'register' is /auth/register, /app/login-1's is /app/register. */
export function siblingPath(pathname: string, page: string): string {
  return pathname.replace(/[^/]*$/, page);
}

const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** A link to another auth page: a real href (open in a new tab works), followed in place on a plain click. */
export function AuthLink({ to, state, className, children }: { to: AuthTarget; state?: unknown; className?: string; children: ReactNode }) {
  const { go } = useAuthNavigation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    go(to, { state });
  };
  return (
    <a href={`${to.pathname}${to.search ?? ''}`} onClick={handleClick} className={className}>
      {children}
    </a>
  );
}
