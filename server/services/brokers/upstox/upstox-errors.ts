// Two kinds of failure, because the caller must act on them differently. An UpstoxError is Upstox's own
// answer, `{status: "error", errors: [{errorCode, message, propertyPath, invalidValue}]}` (or an answer we
// could not read): the request had a definite outcome, usually "refused". An UpstoxOutcomeUnknownError means
// the request may have reached Upstox and had its effect while we never learned it: an order may exist. Such a
// call is never retried blindly; the caller looks for the order by its tag first.
// Error codes: https://upstox.com/developer/api-documentation/error-codes
import { BrokerOutcomeUnknownError } from '../outcome-unknown.ts';

export type UpstoxProblem = {
  /** UDAPI…, as Upstox documents them (UDAPI100050 invalid token, UDAPI10005 too many requests). */
  errorCode: string;
  message: string;
  propertyPath: string | null;
  invalidValue: unknown;
};

export const tooManyRequestsCode = 'UDAPI10005';
export const invalidTokenCode = 'UDAPI100050';

export class UpstoxError extends Error {
  override name = 'UpstoxError';
  /** The HTTP status Upstox answered with (200 when a success answer could not be read). */
  readonly status: number;
  readonly errors: readonly UpstoxProblem[];

  constructor(status: number, errors: readonly UpstoxProblem[]) {
    super(errors.map((problem) => problem.message).join(' ') || `Upstox answered ${status}`);
    this.status = status;
    this.errors = errors;
  }

  /** The first error code, the one a message is chosen by. */
  get errorCode(): string {
    return this.errors[0]?.errorCode ?? '';
  }
}

/**
 * Why the outcome is unknown. `network`: the connection failed or the answer was cut; `timeout`: no answer in
 * time; `gateway`: a 5xx without Upstox's JSON (a proxy in front of it answered); `unreadable`: a success
 * answer to a write that does not say what happened.
 */
export type OutcomeUnknownReason = 'network' | 'timeout' | 'gateway' | 'unreadable';

export class UpstoxOutcomeUnknownError extends BrokerOutcomeUnknownError<OutcomeUnknownReason> {
  override name = 'UpstoxOutcomeUnknownError';
}

/** Upstox's order limits answer 429 (UDAPI10005): nothing was done, waiting is enough. */
export function isRateLimited(error: unknown): boolean {
  return error instanceof UpstoxError && (error.status === 429 || error.errorCode === tooManyRequestsCode);
}

/** The access token expired (03:30 IST each day) or was revoked (a logout elsewhere): log in again. */
export function isTokenInvalid(error: unknown): boolean {
  return error instanceof UpstoxError && (error.status === 401 || error.errorCode === invalidTokenCode);
}

/** A socket's refusal (its handshake's status, or its authorize call's error) that means the token is dead. */
export function isSocketTokenRefusal(refusal: { status: number } | { error: unknown }): boolean {
  return 'status' in refusal ? refusal.status === 401 : isTokenInvalid(refusal.error);
}
