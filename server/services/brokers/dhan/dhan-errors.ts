// Two kinds of failure, because the caller must act on them differently. A DhanError is Dhan's own answer,
// `{errorType, errorCode, errorMessage}` (https://dhanhq.co/docs/v2/, "Errors"), or an answer we could not read:
// the request had a definite outcome, usually "refused". A DhanOutcomeUnknownError means the request may have
// reached Dhan and had its effect while we never learned it: an order may exist. Such a call is never retried
// blindly; the caller looks for the order by its correlationId first.
// Codes: https://dhanhq.co/docs/v2/annexure, "Trading API Error".
import { BrokerOutcomeUnknownError } from '../outcome-unknown.ts';

/** DH-901: the client ID or the access token is invalid or expired (24 hours, or a new token generated). */
export const invalidAuthenticationCode = 'DH-901';
/** DH-904: too many requests from one user. */
export const rateLimitCode = 'DH-904';

export class DhanError extends Error {
  override name = 'DhanError';
  /** The HTTP status Dhan answered with (200 when a success answer could not be read). */
  readonly status: number;
  readonly errorType: string;
  readonly errorCode: string;

  constructor(status: number, errorType: string, errorCode: string, message: string) {
    super(message || `Dhan answered ${status}`);
    this.status = status;
    this.errorType = errorType;
    this.errorCode = errorCode;
  }
}

/** `network`, `timeout`: no answer; `gateway`: a 5xx to a write; `unreadable`: a success answer to a write that says nothing. */
export type OutcomeUnknownReason = 'network' | 'timeout' | 'gateway' | 'unreadable';

export class DhanOutcomeUnknownError extends BrokerOutcomeUnknownError<OutcomeUnknownReason> {
  override name = 'DhanOutcomeUnknownError';
}

/** Dhan's 429 (DH-904): nothing was done, waiting is enough. */
export function isRateLimited(error: unknown): boolean {
  return error instanceof DhanError && (error.status === 429 || error.errorCode === rateLimitCode);
}

/** The access token expired or was replaced (DH-901, or a bare 401): log in again. */
export function isTokenInvalid(error: unknown): boolean {
  return error instanceof DhanError && (error.status === 401 || error.errorCode === invalidAuthenticationCode);
}
