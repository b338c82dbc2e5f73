import { useEffect } from 'react';

/**
 * Calls back when the browser shows this page again from its back-forward cache, e.g. the trader pressed
 * Back on the broker's login page: state that said "leaving" must be reset, or the buttons stay busy.
 */
export function usePageRestored(onRestored: () => void) {
  useEffect(() => {
    const handlePageShow = (event: PageTransitionEvent) => {
      if (event.persisted) onRestored();
    };
    window.addEventListener('pageshow', handlePageShow);
    return () => window.removeEventListener('pageshow', handlePageShow);
  }, [onRestored]);
}
