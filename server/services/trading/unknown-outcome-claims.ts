// An Idempotency-Key whose request ended with "outcome unknown" (a live broker's answer lost, and its book not
// showing the order yet: Upstox may hold an order a moment before its reads show it). That request is gone; its
// claim is held for the lease only so the broker's book can catch up before anything is sent again. It says so
// on the key (unknown_at, migration 109), and a retry within the lease takes the claim over `early`
// (idempotency.ts claim): it looks the intent's tag up in the broker's book and answers with the orders found,
// once, rather than 409 until the lease is over (issue 62). When the book shows none of the orders that request
// sent, the retry gives the claim back as it was and answers 409: nothing is sent before the lease is over.
import type { Database } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { inProgress, type Claim } from './idempotency.ts';

export function createUnknownOutcomeClaims({ db, clock }: { db: Database; clock: Clock }) {
  /** The holder's call ended with "outcome unknown": written only while this request still holds the key. */
  async function leftUnknown(held: Claim): Promise<void> {
    await db.query(`UPDATE idempotency_keys SET unknown_at = $4 WHERE user_id = $1 AND key = $2 AND status = 'running' AND claimed_at = $3`, [
      held.userId,
      held.key,
      held.claimedAt,
      clock(),
    ]);
  }

  /** An early takeover that found none of the intent's orders: the claim as it was (`claimedAt`, its lease running on), and 409. */
  async function giveBack(held: Claim, claimedAt: Date): Promise<never> {
    await db.query(`UPDATE idempotency_keys SET claimed_at = $4 WHERE user_id = $1 AND key = $2 AND status = 'running' AND claimed_at = $3`, [
      held.userId,
      held.key,
      held.claimedAt,
      claimedAt,
    ]);
    throw inProgress();
  }

  return { leftUnknown, giveBack };
}

export type UnknownOutcomeClaims = ReturnType<typeof createUnknownOutcomeClaims>;
