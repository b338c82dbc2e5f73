// Kite's failures in the trader's words. Each of Kite's error types becomes one DomainError (server/http
// maps its code to a status): what Kite refused says Kite's own message; what Kite could not do says to try
// again; what may have happened unseen (KiteOutcomeUnknownError) says to read the order book, never to send
// the order again. TokenException is not here: it ends the account's session (../live/session-loss.ts) first.
import { DomainError } from '../../domain-error.ts';
import { kiteTexts, type KiteCall } from '../../texts/kite-texts.ts';
import { isRateLimited, KiteError, KiteOutcomeUnknownError } from '../kite/kite-errors.ts';
import type { CallKind } from '../live/live-calls.ts';


const refusals = new Set(['InputException', 'OrderException', 'MarginException', 'HoldingException', 'UserException', 'PermissionException']);

export function rateLimited(detail: string): DomainError {
  return DomainError.said('order_rate_limited', kiteTexts.rateLimitReached(detail), { retryAfterSeconds: 1 });
}

export function outcomeUnknown(what: KiteCall): DomainError {
  return DomainError.said('broker_outcome_unknown', kiteTexts.outcomeUnknown(what), { retryAfterSeconds: 30 });
}

/** A failure of a Kite call (other than TokenException) as the trader should read it. */
export function domainErrorOf(error: unknown, kind: CallKind, what: KiteCall): DomainError | null {
  if (error instanceof DomainError) return error;
  if (error instanceof KiteOutcomeUnknownError) return kind === 'order' ? outcomeUnknown(what) : unavailable(what, error.message);
  if (!(error instanceof KiteError)) return null;
  if (isRateLimited(error)) return rateLimited(error.message);
  if (refusals.has(error.errorType)) {
    return DomainError.said(kind === 'order' ? 'order_refused' : 'broker_refused', kiteTexts.refused(what, error.errorType, error.message));
  }
  // NetworkException, GeneralException, DataException: Kite answered but could not do it now.
  return unavailable(what, error.message);
}

function unavailable(what: KiteCall, detail: string): DomainError {
  return DomainError.said('broker_unavailable', kiteTexts.unavailable(what, detail), { retryAfterSeconds: 5 });
}
