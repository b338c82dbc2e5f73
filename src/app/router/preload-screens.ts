/**
 * Starts loading the lazy screens the current URL will render, at boot, while the session is still being
 * restored, so the first render usually finds them loaded (no spinner, no extra round trip after the entry
 * has run). Sign-in needs none of this: it is part of the entry (see screens.ts).
 */
import { Children, isValidElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';

type Preload = () => Promise<unknown>;

function preloadOf(type: unknown): Preload | null {
  if (typeof type !== 'function' || !('preload' in type) || typeof type.preload !== 'function') return null;
  return type.preload as Preload;
}

/** The screens in a route element: the element itself, or those it wraps (a guard around a screen). */
function screensIn(node: ReactNode): Preload[] {
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  const preload = preloadOf(node.type);
  if (preload) return [preload];
  return Children.toArray(node.props.children).flatMap(screensIn);
}

/** Settles when every screen matched by `pathname` has loaded or failed (a failure shows when it renders). */
export async function preloadScreens(routes: RouteObject[], pathname: string): Promise<void> {
  const preloads = (matchRoutes(routes, pathname) ?? []).flatMap((match) => screensIn(match.route.element));
  await Promise.allSettled(preloads.map((preload) => preload()));
}
