import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AuthNavigationContext, type AuthNavigation } from '@/features/auth/auth-navigation';

/** The auth screens' navigation inside the app: react-router's location and navigate. */
export function RouterAuthNavigation({ children }: { children: ReactNode }) {
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const navigation = useMemo<AuthNavigation>(
    () => ({ pathname, search, state, go: (to, options) => void navigate(to, options) }),
    [pathname, search, state, navigate],
  );
  return <AuthNavigationContext value={navigation}>{children}</AuthNavigationContext>;
}
