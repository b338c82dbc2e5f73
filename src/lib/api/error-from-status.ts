/**
 * An HTTP failure as the app's ApiError (spec §8): its kind from the status, the server's message, code,
 * field, Retry-After and coded text from the body. Apart from api-error.ts, which the entry carries (a request
 * made before the API clients have loaded fails with an ApiError too): only the clients and the calls that
 * read a response need this, and they load after the first paint (issue 24: the first visit).
 */
import { ApiError, type ApiErrorDetails, type CodedRefusal } from '@/lib/api/api-error';

export const FALLBACK_MESSAGE = 'Error';

function readString(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null || !(key in body)) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function codedTextOf(body: unknown): CodedRefusal | undefined {
  if (typeof body !== 'object' || body === null || !('details' in body)) return undefined;
  const details = body.details;
  if (typeof details !== 'object' || details === null || !('text' in details)) return undefined;
  const text = details.text;
  if (typeof text !== 'object' || text === null || !('code' in text) || typeof text.code !== 'string') return undefined;
  const params = 'params' in text && typeof text.params === 'object' && text.params !== null ? (text.params as Record<string, unknown>) : {};
  return { code: text.code, params };
}

export function messageOf(body: unknown): string | undefined {
  return readString(body, 'message');
}

/**
 * Maps an HTTP failure to the catalogue (spec §8). `shownByScreen`: the coded refusals the screen that asked words
 * itself (shownByScreen in lib/api/api-error.ts).
 */
export function errorFromStatus(status: number, body: unknown, retryAfter?: string | null, path?: string, shownByScreen?: ReadonlySet<string>): ApiError {
  const message = messageOf(body) ?? FALLBACK_MESSAGE;
  const text = codedTextOf(body);
  const details: ApiErrorDetails = {
    status,
    path,
    code: readString(body, 'code'),
    field: readString(body, 'field'),
    retryAfterSeconds: retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined,
    text,
    // Refusals only: a 401 still signs out, a 5xx is still the server's failure, whatever code it carries.
    shownByScreen: status >= 400 && status < 500 && status !== 401 && text !== undefined && shownByScreen !== undefined && shownByScreen.has(text.code),
  };
  if (status === 401) return new ApiError('unauthorized', message, details);
  if (status === 404) return new ApiError('not_found', message, details);
  if (status === 500) return new ApiError('server_error', message, details);
  if (status === 508) return new ApiError('time_out', message, details);
  return new ApiError('rejected', message, details);
}
