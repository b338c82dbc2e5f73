import { useSyncExternalStore } from 'react';

/** Tailwind's `sm` breakpoint, where the option chain shows calls and puts side by side (below it, one side). */
const bothSidesQuery = '(min-width: 640px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(bothSidesQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Without media queries (an old browser, a test) both sides show, so both are followed. */
const showsBothSides = () => typeof window.matchMedia !== 'function' || window.matchMedia(bothSidesQuery).matches;

/** Whether the screen is wide enough for both sides of the option chain, following the window's width. */
export function useBothSides(): boolean {
  return useSyncExternalStore(subscribe, showsBothSides, () => true);
}
