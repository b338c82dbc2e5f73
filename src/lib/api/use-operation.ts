import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isApiError } from '@/lib/api/api-error';

export type OperationState<R> = {
  /** True while the call is pending, false after success or failure (spec §4). */
  loading: boolean;
  error: ApiError | null;
  data: R | undefined;
};

/**
 * One loading flag per remote operation. `run` resolves with the result, or with undefined after a failure
 * (the failure is in `error`, and was already reported to the app), so handlers need no try/catch.
 * Pass a stable function (a feature's api/ function), or `run` changes on every render.
 */
export function useOperation<A extends unknown[], R>(operation: (...args: A) => Promise<R>) {
  const [state, setState] = useState<OperationState<R>>({ loading: false, error: null, data: undefined });
  // A call may outlive the screen that made it (the trader navigated away): its answer then updates nothing.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async (...args: A): Promise<R | undefined> => {
    setState((previous) => ({ ...previous, loading: true, error: null }));
    try {
      const data = await operation(...args);
      if (mounted.current) setState({ loading: false, error: null, data });
      return data;
    } catch (error) {
      const apiError = isApiError(error) ? error : new ApiError('setup', 'Error', { cause: error });
      if (mounted.current) setState((previous) => ({ ...previous, loading: false, error: apiError }));
      return undefined;
    }
  }, [operation]);

  const reset = useCallback(() => setState({ loading: false, error: null, data: undefined }), []);
  return { ...state, run, reset };
}
