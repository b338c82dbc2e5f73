/**
 * Route guard decisions (spec §2), kept pure so they can be tested without a router.
 * Protected routes need a token; public (auth) routes are for signed-out visitors only.
 */
import { AUTH_BASE, DEFAULT_HOME, LOGIN_ROUTE, REDIRECT_PARAM } from '@/app/router/paths';

export type GuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string };
export type RouteAccess = 'public' | 'protected';
type LocationLike = { pathname: string; search: string; hash?: string };

const PLACEHOLDER_ORIGIN = 'https://strikedesk.invalid';

/**
 * Returns the in-app path to go to after sign-in. Only same-origin relative paths are honoured: anything
 * absolute, protocol-relative (//evil), backslash tricks, or pointing back at the auth pages goes home.
 */
export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return DEFAULT_HOME;
  // Control characters (tabs, newlines) are dropped by URL parsers and can smuggle in a host or scheme.
  if ([...raw].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return DEFAULT_HOME;
  let url: URL;
  try {
    url = new URL(raw, PLACEHOLDER_ORIGIN);
  } catch {
    return DEFAULT_HOME;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return DEFAULT_HOME;
  if (url.pathname === AUTH_BASE || url.pathname.startsWith(`${AUTH_BASE}/`)) return DEFAULT_HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login URL that brings the visitor back to where they were going. */
export function loginUrlFor(location: LocationLike): string {
  const requested = `${location.pathname}${location.search}`;
  return `${LOGIN_ROUTE}?${new URLSearchParams({ [REDIRECT_PARAM]: requested }).toString()}`;
}

export function decideAccess(access: RouteAccess, signedIn: boolean, location: LocationLike): GuardDecision {
  if (access === 'protected') {
    return signedIn ? { kind: 'allow' } : { kind: 'redirect', to: loginUrlFor(location) };
  }
  if (!signedIn) return { kind: 'allow' };
  const requested = new URLSearchParams(location.search).get(REDIRECT_PARAM);
  return { kind: 'redirect', to: safeRedirectTarget(requested) };
}
