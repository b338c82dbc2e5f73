import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A handler that keeps its identity across renders and calls the latest `handler` passed: for a memoised
 * panel whose handler closes over live prices (re-created on every tick), so the tick does not re-render it.
 * For events only: calling it during render would read the previous render's handler.
 */
export function useStableHandler<Args extends unknown[], Result>(handler: (...args: Args) => Result): (...args: Args) => Result {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
