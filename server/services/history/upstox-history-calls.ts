// The Upstox session a history fetch reads with: the Upstox adapter's sessions (the broker-neutral
// store of brokers/live/live-sessions.ts) through the neutral calls wrapper, so a dead token (401
// UDAPI100050: the 03:30 IST expiry, a logout elsewhere) logs the account out as every live call does. The
// refusals are the fetch's own words (an Upstox Plus plan missing, a refusal of the candles).
import type { Database } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { createLiveCalls, type LiveCalls } from '../brokers/live/live-calls.ts';
import type { LiveSessions } from '../brokers/live/live-sessions.ts';
import { isTokenInvalid, UpstoxError, UpstoxOutcomeUnknownError } from '../brokers/upstox/upstox-errors.ts';
import type { UpstoxHttp } from '../brokers/upstox/upstox-http.ts';
import { upstoxHistoryTexts } from '../texts/upstox-history-texts.ts';

/** Upstox Plus is required for the expired-instrument APIs (UDAPI1149). */
const plusRequiredCode = 'UDAPI1149';

export function upstoxHistoryFailure(error: unknown): DomainError | null {
  if (error instanceof UpstoxError && error.errorCode === plusRequiredCode) {
    return DomainError.said('historical_data_not_enabled', upstoxHistoryTexts.plusRequired(error.message), { field: 'broker_account_id' });
  }
  if (error instanceof UpstoxError) return DomainError.said('broker_refused', upstoxHistoryTexts.refused(error.message), { field: 'broker_account_id' });
  if (error instanceof UpstoxOutcomeUnknownError) return DomainError.said('broker_unavailable', upstoxHistoryTexts.refused(error.message), { field: 'broker_account_id' });
  return null;
}

export function createUpstoxHistoryCalls({ db, clock, sessions }: { db: Database; clock: Clock; sessions: LiveSessions<UpstoxHttp> }): LiveCalls<UpstoxHttp> {
  return createLiveCalls({
    db,
    clock,
    sessions,
    broker: {
      name: 'Upstox',
      tokenEnded: (error) => (isTokenInvalid(error) ? (error as UpstoxError).message : null),
      failureOf: (error) => upstoxHistoryFailure(error),
    },
  });
}
