/**
 * Every failed call becomes an ApiError whose `kind` is a row of the spec's error catalogue (§8). The app
 * decides what the trader sees from the kind; the message is the server's own when it sent one.
 */
import type { Middleware } from 'openapi-fetch';

export type ApiErrorKind =
  /** 401: the session is over; only this kind signs the user out. */
  | 'unauthorized'
  | 'not_found'
  | 'server_error'
  /** 508 from the server, or no answer within the client's time-out. */
  | 'time_out'
  /** The request could not even be built or sent (bad URL, serialisation). */
  | 'setup'
  /** No answer at all: offline, DNS, connection refused or dropped. */
  | 'network'
  /** A 2xx answer without the field the call needs. */
  | 'invalid_response'
  /** Any other refusal (400, 403, 409, 422, 429, ...): the caller shows the server's message in context. */
  | 'rejected';

export type ApiErrorDetails = {
  status?: number;
  code?: string;
  /** The request field a validation failure is about, when the server names one. */
  field?: string;
  retryAfterSeconds?: number;
  /** The path of the call that failed, e.g. /api/authenticate/logout/. */
  path?: string;
  /** The refusal in the trader's language, when the server sent it coded (`details.text`, a LocalText). */
  text?: CodedRefusal;
  /** The screen that made the call words this refusal itself (shownByScreen in lib/api/api-error.ts): no notification. */
  shownByScreen?: boolean;
  cause?: unknown;
};

/** A coded server text (openapi LocalText): src/i18n/say-server-text.ts says it in the interface language. */
export type CodedRefusal = { code: string; params: Readonly<Record<string, unknown>> };

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly path: string | undefined;
  readonly text: CodedRefusal | undefined;
  readonly shownByScreen: boolean;

  constructor(kind: ApiErrorKind, message: string, details: ApiErrorDetails = {}) {
    super(message, { cause: details.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = details.status;
    this.code = details.code;
    this.field = details.field;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.path = details.path;
    this.text = details.text;
    this.shownByScreen = details.shownByScreen ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const declared = new WeakMap<Request, ReadonlySet<string>>();

/**
 * A request declares the coded refusals (`details.text.code`) its screen words itself, in its own place and with
 * what to do next ("no open interest is stored for that day: open the latest day"): the app's notifier then stays
 * silent for those, where a notification would only cover the answer, and notifies every other failure of the
 * same call as usual. The declaration travels with the request, not with the path, so another screen asking the
 * same endpoint keeps its notifications. A per-request middleware: openapi-fetch runs it after the client's own,
 * on the request the client sends.
 *
 *   mainApi().GET('/api/market-history/open-interest/', { params, middleware: [shownByScreen('open_interest.no_day')] })
 *
 * It lives here, in the entry's api-error.ts (a few bytes), so neither the chart screens nor the API clients' chunk
 * need a shared file of their own for it (tests/budget: the chart screens' preload lists).
 */
export function shownByScreen(...codes: string[]): Middleware {
  const set: ReadonlySet<string> = new Set(codes);
  return {
    onRequest({ request }) {
      declared.set(request, set);
    },
  };
}

/** The codes the screen behind `request` declared it words itself (catalogueMiddleware reads them). */
export function codesShownByScreen(request: Request): ReadonlySet<string> | undefined {
  return declared.get(request);
}
