// Two kinds of failure, because the caller must act on them differently. A NorenError is Noren's own answer,
// `{"stat":"Not_Ok","emsg":"…"}` (every call of NorenRestApiPy answers so when it refuses), an HTTP error, or an
// answer we could not read: the request had a definite outcome, usually "refused". A NorenOutcomeUnknownError
// means the request may have reached the broker and had its effect while we never learned it: an order may
// exist. Such a call is never retried blindly; the caller looks for the order by its `remarks` first.
import { BrokerOutcomeUnknownError } from '../outcome-unknown.ts';

export class NorenError extends Error {
  override name = 'NorenError';
  /** The HTTP status the broker answered with (200 for a Not_Ok, Noren's usual refusal). */
  readonly status: number;

  constructor(status: number, message: string) {
    super(message || `Noren answered ${status}`);
    this.status = status;
  }
}

/** `network`, `timeout`: no answer; `gateway`: a 5xx to a write; `unreadable`: a success answer to a write that says nothing. */
export type OutcomeUnknownReason = 'network' | 'timeout' | 'gateway' | 'unreadable';

export class NorenOutcomeUnknownError extends BrokerOutcomeUnknownError<OutcomeUnknownReason> {
  override name = 'NorenOutcomeUnknownError';
}

/** An empty book: Noren answers `Not_Ok` with "no data" rather than an empty list. */
export const isNoData = (error: unknown) => error instanceof NorenError && error.status === 200 && /^no data/i.test(error.message.trim());

/** Too many requests: an HTTP 429, or Noren's words for it. Nothing was done: waiting is enough. */
export function isRateLimited(error: unknown): boolean {
  return error instanceof NorenError && (error.status === 429 || /too many requests|rate limit/i.test(error.message));
}

/**
 * The session ended: Noren's "Session Expired :  Invalid Session Key" (the token replaced by another login, or
 * the day's end), or a bare 401 to an OAuth token: log in again.
 */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof NorenError && (error.status === 401 || /session expired|invalid session key|invalid access token/i.test(error.message));
}
