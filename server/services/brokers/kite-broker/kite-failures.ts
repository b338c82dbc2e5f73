// Kite's failures in the trader's words. Each of Kite's error types becomes one DomainError (server/http
// maps its code to a status): what Kite refused says Kite's own message; what Kite could not do says to try
// again; what may have happened unseen (KiteOutcomeUnknownError) says to read the order book, never to send
// the order again. TokenException is not here: it ends the account's session (session-loss.ts) first.
import { DomainError } from '../../domain-error.ts';
import { isRateLimited, KiteError, KiteOutcomeUnknownError } from '../kite/kite-errors.ts';

/** `order`: a place, modify or cancel; `read`: anything that changes nothing at Kite. */
export type KiteCallKind = 'order' | 'read';

const refusals = new Set(['InputException', 'OrderException', 'MarginException', 'HoldingException', 'UserException', 'PermissionException']);

export function rateLimited(detail: string): DomainError {
  return new DomainError('order_rate_limited', `Kite's rate limit was reached (${detail}): nothing was sent. Try again in a moment.`, { retryAfterSeconds: 1 });
}

export function outcomeUnknown(what: string): DomainError {
  return new DomainError(
    'broker_outcome_unknown',
    `Kite did not confirm ${what}: it may have happened. Check the order book before doing anything else; sending the same request again (same Idempotency-Key) after 30 seconds finds it by its tag instead of placing it twice.`,
    { retryAfterSeconds: 30 },
  );
}

export function sessionEnded(detail: string | null = null): DomainError {
  const why = detail === null || detail === '' ? '' : ` (Kite: ${detail})`;
  return new DomainError('broker_session_expired', `Your Kite session has ended${why}. Log in to the broker again to trade and to see live positions.`, {
    field: 'account_number',
  });
}

/** A failure of a Kite call (other than TokenException) as the trader should read it. */
export function domainErrorOf(error: unknown, kind: KiteCallKind, what: string): DomainError | null {
  if (error instanceof DomainError) return error;
  if (error instanceof KiteOutcomeUnknownError) return kind === 'order' ? outcomeUnknown(what) : unavailable(what, error.message);
  if (!(error instanceof KiteError)) return null;
  if (isRateLimited(error)) return rateLimited(error.message);
  if (refusals.has(error.errorType)) {
    return new DomainError(kind === 'order' ? 'order_refused' : 'broker_refused', `Kite refused ${what}: ${error.message}`);
  }
  // NetworkException, GeneralException, DataException: Kite answered but could not do it now.
  return unavailable(what, error.message);
}

function unavailable(what: string, detail: string): DomainError {
  return new DomainError('broker_unavailable', `Kite could not answer ${what} right now (${detail}). Try again in a few seconds.`, { retryAfterSeconds: 5 });
}
