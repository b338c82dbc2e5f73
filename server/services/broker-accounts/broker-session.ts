// Ending an account's broker session (log out of the broker), apart from the account rules in
// broker-accounts-service.ts. The paper broker keeps no session of its own, so dropping the stored access
// token ends it; a real broker's adapter would also revoke the token at the broker (Kite: DELETE
// /session/token) when one is added.
import type { Queryable } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { notFound } from '../domain-error.ts';
import { findOwnedAccount, toBrokerAccount, type BrokerAccount } from './broker-accounts-repo.ts';

/** The account with no broker session; one already logged out answers the same (repeating is harmless). */
export async function logOutBrokerAccount(db: Queryable, clock: Clock, userId: number, accountId: number): Promise<BrokerAccount> {
  const { rows } = await db.query(
    `UPDATE broker_accounts SET session_access_token_encrypted = NULL, session_opened_at = NULL, session_expires_at = NULL,
       updated_at = $3
     WHERE id = $1 AND user_id = $2 RETURNING id`,
    [accountId, userId, clock()],
  );
  const row = rows.length === 0 ? null : await findOwnedAccount(db, userId, accountId);
  if (row === null) throw notFound('Broker account');
  return toBrokerAccount(row, clock());
}
