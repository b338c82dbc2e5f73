import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { decideAccess, type RouteAccess } from '@/app/router/guards';
import { isSignedInAtom } from '@/lib/session/auth-atoms';
import { useStoreValue } from '@/lib/use-store-atom';

/** Renders its children or redirects, as decideAccess says for the current location and session. */
export function RouteGuard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const signedIn = useStoreValue(isSignedInAtom);
  const location = useLocation();
  const decision = decideAccess(access, signedIn, location);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return children;
}
