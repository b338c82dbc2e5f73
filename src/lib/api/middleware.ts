/**
 * openapi-fetch middleware: HTTP concerns only. The bearer token on trading calls, the public key on
 * analytics calls, and every failure normalised to an ApiError of the catalogue and reported.
 */
import type { Middleware } from 'openapi-fetch';
import { ApiError, codesShownByScreen } from '@/lib/api/api-error';
import { errorFromStatus } from '@/lib/api/error-from-status';
import { reportApiError } from '@/lib/api/api-error-events';
import { reportAnswered, reportUnanswered } from '@/lib/network/network-atom';

export function bearerTokenMiddleware(getToken: () => string | null): Middleware {
  return {
    onRequest({ request }) {
      const token = getToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
}

export function apiKeyMiddleware(getKey: () => string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('apikey', getKey());
      return request;
    },
  };
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.clone().json();
  } catch {
    return undefined;
  }
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Turns HTTP failures and transport failures into reported ApiErrors; the caller's own aborts pass through.
 * Every outcome also tells the app's network state whether the server answered (lib/network): a copy the
 * service worker saved earlier is not an answer, nor is a gateway's 502–504.
 */
export const catalogueMiddleware: Middleware = {
  async onResponse({ request, response }) {
    if (response.ok) {
      reportAnswered(response);
      return response;
    }
    const path = new URL(request.url).pathname;
    const body = await readBody(response);
    reportAnswered(response, body);
    const error = errorFromStatus(response.status, body, response.headers.get('Retry-After'), path, codesShownByScreen(request));
    reportApiError(error);
    throw error;
  },
  onError({ request, error }) {
    if (error instanceof ApiError) {
      // Already reported by onResponse, or a time-out from the fetch wrapper that still needs reporting.
      if (error.kind === 'time_out' && error.status === undefined) {
        reportUnanswered();
        reportApiError(error);
      }
      return error;
    }
    if (isAbortError(error)) return error instanceof Error ? error : new Error(String(error));
    // fetch rejects with a TypeError when no answer arrives; anything else failed before sending.
    const kind = error instanceof TypeError ? 'network' : 'setup';
    if (kind === 'network') reportUnanswered();
    const normalised = new ApiError(kind, 'Error', { cause: error, path: new URL(request.url).pathname });
    reportApiError(normalised);
    return normalised;
  },
};
