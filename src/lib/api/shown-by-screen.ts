/**
 * A request declares the coded refusals (`details.text.code`) its screen words itself, in its own place and with
 * what to do next ("no open interest is stored for that day: choose one of the days listed"): the app's notifier
 * then stays silent for those, where a notification would only cover the answer, and notifies every other
 * failure of the same call as usual. The declaration travels with the request, not with the path, so another
 * screen asking the same endpoint keeps its notifications.
 *
 *   mainApi().GET('/api/market-history/open-interest/', { params, middleware: [shownByScreen('open_interest.no_day')] })
 */
import type { Middleware } from 'openapi-fetch';
import { isApiError, type ApiError } from '@/lib/api/api-error';

const declared = new WeakMap<Request, ReadonlySet<string>>();

/** A per-request middleware (openapi-fetch runs it after the client's own, on the request the client sends). */
export function shownByScreen(...codes: string[]): Middleware {
  const set: ReadonlySet<string> = new Set(codes);
  return {
    onRequest({ request }) {
      declared.set(request, set);
    },
  };
}

/** The codes the screen behind `request` words itself (empty when it declared none). */
export function codesShownByScreen(request: Request): ReadonlySet<string> {
  return declared.get(request) ?? new Set();
}

/** `error` when it is a refusal its screen declared it words itself (ApiError.shownByScreen), else null. */
export function refusalShownByScreen(error: unknown): ApiError | null {
  return isApiError(error) && error.shownByScreen ? error : null;
}
