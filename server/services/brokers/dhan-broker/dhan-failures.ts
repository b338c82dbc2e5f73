// Dhan's failures in the trader's words (https://dhanhq.co/docs/v2/annexure, "Trading API Error"). What Dhan
// refused (a 4xx with its errorCode) says Dhan's own message and code; its 429 (DH-904) says its limit was
// reached; a 5xx Dhan answered (DH-908, DH-909) says to try again; what may have happened unseen
// (DhanOutcomeUnknownError) says to read the order book, never to send the order again. A dead token (DH-901)
// is not here: it ends the account's session first (../live/live-calls.ts, session-loss.ts).
import { DomainError } from '../../domain-error.ts';
import type { Said } from '../../texts/said.ts';
import { dhanTexts } from '../../texts/dhan-texts.ts';
import type { CallKind, LiveBroker } from '../live/live-calls.ts';
import { DhanError, DhanOutcomeUnknownError, isRateLimited, isTokenInvalid } from '../dhan/dhan-errors.ts';

export function outcomeUnknown(what: Said): DomainError {
  return DomainError.said('broker_outcome_unknown', dhanTexts.outcomeUnknown(what), { retryAfterSeconds: 30 });
}

/** A failure of a Dhan call (other than a dead token) as the trader should read it, or null when it is none of Dhan's. */
export function domainErrorOf(error: unknown, kind: CallKind, what: Said): DomainError | null {
  if (error instanceof DomainError) return error;
  const unavailable = (detail: string) => DomainError.said('broker_unavailable', dhanTexts.unavailable(what, detail), { retryAfterSeconds: 5 });
  if (error instanceof DhanOutcomeUnknownError) return kind === 'order' ? outcomeUnknown(what) : unavailable(error.message);
  if (!(error instanceof DhanError)) return null;
  if (isRateLimited(error)) return DomainError.said('order_rate_limited', dhanTexts.rateLimitReached(error.message), { retryAfterSeconds: 1 });
  if (error.status >= 500 || error.errorCode === 'DH-908' || error.errorCode === 'DH-909') return unavailable(error.message);
  return DomainError.said(kind === 'order' ? 'order_refused' : 'broker_refused', dhanTexts.refused(what, error.errorCode || String(error.status), error.message));
}

export const dhanLiveBroker: LiveBroker = {
  name: 'Dhan',
  tokenEnded: (error) => (isTokenInvalid(error) ? (error instanceof Error ? error.message : 'DH-901') : null),
  failureOf: domainErrorOf,
};
