import { ApiError } from '@/lib/api/api-error';

/** Spec §7/§9: a request with no answer after 60 s is abandoned and reported as a time-out. */
export const REQUEST_TIMEOUT_MS = 60_000;

type Fetch = (request: Request) => Promise<Response>;

/**
 * Wraps fetch with an abort timer (a plain setTimeout, so tests can drive it with a fake clock). An abort the
 * caller asked for (its own signal) stays an AbortError; only the timer's abort becomes a time-out.
 */
export function createTimeoutFetch(timeoutMs: number = REQUEST_TIMEOUT_MS, baseFetch?: Fetch): Fetch {
  return async (request) => {
    const doFetch = baseFetch ?? ((input: Request) => globalThis.fetch(input));
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort(request.signal.reason);
    if (request.signal.aborted) onCallerAbort();
    else request.signal.addEventListener('abort', onCallerAbort, { once: true });
    try {
      return await doFetch(new Request(request, { signal: controller.signal }));
    } catch (error) {
      if (timedOut) throw new ApiError('time_out', 'Time Out', { cause: error });
      throw error;
    } finally {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onCallerAbort);
    }
  };
}
