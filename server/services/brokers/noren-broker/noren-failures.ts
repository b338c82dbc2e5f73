// A Noren broker's failures in the trader's words. What it refused (a Not_Ok with its `emsg`, or a 4xx) says its
// own message; its 429 (or its "too many requests") says its limit was reached; a 5xx says to try again; what may
// have happened unseen (NorenOutcomeUnknownError) says to read the order book, never to send the order again. A
// session's end ("Session Expired :  Invalid Session Key", a 401) is not here: it ends the account's session
// first (../live/live-calls.ts, session-loss.ts), so the books read UNKNOWN, never empty.
import { DomainError } from '../../domain-error.ts';
import type { Said } from '../../texts/said.ts';
import type { NorenTexts } from '../../texts/noren-texts.ts';
import type { CallKind, LiveBroker } from '../live/live-calls.ts';
import { isRateLimited, isSessionExpired, NorenError, NorenOutcomeUnknownError } from '../noren/noren-errors.ts';

export function norenFailures(name: string, texts: NorenTexts) {
  const outcomeUnknown = (what: Said) => DomainError.said('broker_outcome_unknown', texts.outcomeUnknown(what), { retryAfterSeconds: 30 });

  function failureOf(error: unknown, kind: CallKind, what: Said): DomainError | null {
    if (error instanceof DomainError) return error;
    const unavailable = (detail: string) => DomainError.said('broker_unavailable', texts.unavailable(what, detail), { retryAfterSeconds: 5 });
    if (error instanceof NorenOutcomeUnknownError) return kind === 'order' ? outcomeUnknown(what) : unavailable(error.message);
    if (!(error instanceof NorenError)) return null;
    if (isRateLimited(error)) return DomainError.said('order_rate_limited', texts.rateLimitReached(error.message), { retryAfterSeconds: 1 });
    if (error.status >= 500) return unavailable(error.message);
    return DomainError.said(kind === 'order' ? 'order_refused' : 'broker_refused', texts.refused(what, error.message));
  }

  const live: LiveBroker = {
    name,
    tokenEnded: (error) => (isSessionExpired(error) ? (error instanceof Error ? error.message : 'Session Expired') : null),
    failureOf,
  };
  return { outcomeUnknown, failureOf, live };
}

export type NorenFailures = ReturnType<typeof norenFailures>;
