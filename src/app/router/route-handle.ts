import type { MessageDescriptor } from 'react-intl';
import type { UIMatch } from 'react-router-dom';

/**
 * What a route tells the shell about itself: its screen's name (document title, route announcement) and
 * whether it hides the menu and header (blank layout, spec §2).
 */
export type RouteHandle = { title?: MessageDescriptor; blankLayout?: boolean };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && ('title' in handle || 'blankLayout' in handle);
}

export function handleOf(match: UIMatch): RouteHandle {
  return isRouteHandle(match.handle) ? match.handle : {};
}

/** The deepest matched route that names its screen, if any (a redirect names none). */
export function titledMatch(matches: readonly UIMatch[]): { id: string; title: MessageDescriptor } | null {
  const match = matches.findLast((candidate) => handleOf(candidate).title !== undefined);
  const title = match ? handleOf(match).title : undefined;
  return match && title ? { id: match.id, title } : null;
}
