// Upstox's failures in the trader's words (https://upstox.com/developer/api-documentation/error-codes). What
// Upstox refused (a 4xx with its errors) says Upstox's own message and code; its 429 (UDAPI10005) says its
// limit was reached; a 5xx Upstox answered says to try again; what may have happened unseen
// (UpstoxOutcomeUnknownError) says to read the order book, never to send the order again. A dead token (401,
// UDAPI100050) is not here: it ends the account's session first (../live/live-calls.ts, session-loss.ts).
import { DomainError } from '../../domain-error.ts';
import type { Said } from '../../texts/said.ts';
import { upstoxTexts } from '../../texts/upstox-texts.ts';
import type { CallKind, LiveBroker } from '../live/live-calls.ts';
import { isRateLimited, isTokenInvalid, UpstoxError, UpstoxOutcomeUnknownError } from '../upstox/upstox-errors.ts';

export function outcomeUnknown(what: Said): DomainError {
  return DomainError.said('broker_outcome_unknown', upstoxTexts.outcomeUnknown(what), { retryAfterSeconds: 30 });
}

function unavailable(what: Said, detail: string): DomainError {
  return DomainError.said('broker_unavailable', upstoxTexts.unavailable(what, detail), { retryAfterSeconds: 5 });
}

/** A failure of an Upstox call (other than a dead token) as the trader should read it, or null when it is none of Upstox's. */
export function domainErrorOf(error: unknown, kind: CallKind, what: Said): DomainError | null {
  if (error instanceof DomainError) return error;
  if (error instanceof UpstoxOutcomeUnknownError) return kind === 'order' ? outcomeUnknown(what) : unavailable(what, error.message);
  if (!(error instanceof UpstoxError)) return null;
  if (isRateLimited(error)) return DomainError.said('order_rate_limited', upstoxTexts.rateLimitReached(error.message), { retryAfterSeconds: 1 });
  if (error.status >= 500) return unavailable(what, error.message);
  return DomainError.said(kind === 'order' ? 'order_refused' : 'broker_refused', upstoxTexts.refused(what, error.errorCode || String(error.status), error.message));
}

export const upstoxLiveBroker: LiveBroker = {
  name: 'Upstox',
  tokenEnded: (error) => (isTokenInvalid(error) ? (error instanceof Error ? error.message : 'UDAPI100050') : null),
  failureOf: domainErrorOf,
};
