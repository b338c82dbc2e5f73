// Ending an account's broker session (log out of the broker), apart from the account rules in
// broker-accounts-service.ts. The stored access token is dropped first, so the account is logged out here
// whatever the broker says; then a broker that keeps sessions of its own is asked to revoke it (Kite:
// DELETE /session/token), outside the transaction.
import type { Queryable } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { notFound } from '../domain-error.ts';
import { findOwnedAccount, toBrokerAccount, type BrokerAccount } from './broker-accounts-repo.ts';

/** Revokes a dropped session at its broker: its slug, the account's api_key and the sealed access token. */
export type RevokeSession = (session: { broker: string; apiKey: string; sealedToken: string }) => Promise<void>;

/** The account with no broker session; one already logged out answers the same (repeating is harmless). */
export async function logOutBrokerAccount(db: Queryable, clock: Clock, userId: number, accountId: number, revoke?: RevokeSession): Promise<BrokerAccount> {
  // The trader's screens (on every device) are told to read the account again: its books are UNKNOWN now
  // (a notice on their streams, stream-notices.ts).
  const { rows } = await db.query<{ sealed: string | null; api_key: string; slug: string }>(
    `WITH ended AS (
       UPDATE broker_accounts a SET session_access_token_encrypted = NULL, session_opened_at = NULL, session_expires_at = NULL,
         updated_at = $3
       FROM (SELECT x.id, x.session_access_token_encrypted AS sealed, b.slug FROM broker_accounts x JOIN brokers b ON b.id = x.broker_id
             WHERE x.id = $1 AND x.user_id = $2 FOR UPDATE OF x) old
       WHERE a.id = old.id RETURNING a.id, a.user_id, old.sealed, a.api_key, old.slug
     ), noticed AS (
       INSERT INTO stream_notices (user_id, broker_account_id, topic, at) SELECT user_id, id, 'account', now() FROM ended
     )
     SELECT sealed, api_key, slug FROM ended`,
    [accountId, userId, clock()],
  );
  const row = rows.length === 0 ? null : await findOwnedAccount(db, userId, accountId);
  if (row === null) throw notFound('broker_account');
  const sealed = rows[0]?.sealed ?? null;
  if (sealed !== null && revoke !== undefined) await revoke({ broker: rows[0]!.slug, apiKey: rows[0]!.api_key, sealedToken: sealed });
  return toBrokerAccount(row, clock());
}
