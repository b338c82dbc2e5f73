import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { decideAccess, type RouteAccess } from '@/app/router/guards';
import { isSignedInAtom } from '@/lib/session/auth-atoms';

/** Renders its children or redirects, as decideAccess says for the current location and session. */
export function RouteGuard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const signedIn = useAtomValue(isSignedInAtom);
  const location = useLocation();
  const decision = decideAccess(access, signedIn, location);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return children;
}
