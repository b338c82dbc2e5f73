import { useSyncExternalStore } from 'react';

// Below the md breakpoint (768 px) the pager shows fewer pages and jumps by 3.
const NARROW = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isNarrow(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches;
}

export function useNarrowPager(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
