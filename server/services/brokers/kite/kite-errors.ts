// Two kinds of failure, because the caller must act on them differently. A KiteError is Kite's own answer
// (or an answer we could not read): the request had a definite outcome, usually "refused". A
// KiteOutcomeUnknownError means the request may have reached Kite and had its effect while we never learned
// it: an order may exist. Such a call is never retried blindly; the caller looks for it by tag first.
import { BrokerOutcomeUnknownError } from '../outcome-unknown.ts';

/** The `error_type` values Kite Connect v3 documents. */
export const kiteErrorTypes = [
  'TokenException',
  'UserException',
  'OrderException',
  'InputException',
  'MarginException',
  'HoldingException',
  'NetworkException',
  'DataException',
  'GeneralException',
  'PermissionException',
] as const;

export type KiteErrorType = (typeof kiteErrorTypes)[number];

export function isKiteErrorType(value: unknown): value is KiteErrorType {
  return typeof value === 'string' && (kiteErrorTypes as readonly string[]).includes(value);
}

export class KiteError extends Error {
  override name = 'KiteError';
  /** The HTTP status Kite answered with (200 when a success answer could not be read). */
  readonly status: number;
  readonly errorType: KiteErrorType;

  constructor(status: number, errorType: KiteErrorType, message: string) {
    super(message);
    this.status = status;
    this.errorType = errorType;
  }
}

/**
 * Why the outcome is unknown. `network`: the connection failed or the answer was cut; `timeout`: no answer in
 * time; `gateway`: a 502/503/504 without Kite's JSON; `oms`: Kite answered NetworkException to a write (its
 * order system did not confirm); `unreadable`: a success answer to a write that does not say what happened.
 */
export type OutcomeUnknownReason = 'network' | 'timeout' | 'gateway' | 'oms' | 'unreadable';

export class KiteOutcomeUnknownError extends BrokerOutcomeUnknownError<OutcomeUnknownReason> {
  override name = 'KiteOutcomeUnknownError';
}

/** Kite's 10-a-second (and 400-a-minute) order limits answer 429: nothing was done, waiting is enough. */
export function isRateLimited(error: unknown): boolean {
  return error instanceof KiteError && error.status === 429;
}

/** The access token expired or was revoked: the trader must log in again. */
export function isTokenExpired(error: unknown): boolean {
  return error instanceof KiteError && error.errorType === 'TokenException';
}
