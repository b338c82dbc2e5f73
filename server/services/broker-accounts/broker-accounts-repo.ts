// The broker_accounts table. Rows become the contract's BrokerAccount here, field by field, so the
// encrypted secret and the session token can never reach an answer by accident.
import type { components } from '../../../openapi/main.d.ts';
import type { Queryable } from '../../db/database.ts';

export type BrokerAccount = components['schemas']['BrokerAccount'];

export type AccountRow = {
  id: number;
  user_id: number;
  broker_id: number;
  broker: string;
  name: string;
  account_number: string;
  api_key: string;
  api_secret_encrypted: string;
  capital: string | number;
  session_expires_at: Date | string | null;
  /** A paper account's market: null for the simulated market, else the live account whose feed it trades on. */
  market_account_id: number | null;
};

export const accountSelect = `SELECT a.id, a.user_id, a.broker_id, b.slug AS broker, a.name, a.account_number, a.api_key,
  a.api_secret_encrypted, a.capital, a.session_expires_at, a.market_account_id
  FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id`;

/** The session counts as open until its expiry passes: computed on every read, never stored as a flag. */
export function toBrokerAccount(row: AccountRow, now: Date): BrokerAccount {
  const expiresAt = row.session_expires_at === null ? null : new Date(row.session_expires_at);
  const open = expiresAt !== null && expiresAt.getTime() > now.getTime();
  return {
    id: Number(row.id),
    broker: row.broker,
    name: row.name,
    account_number: row.account_number,
    api_key: row.api_key,
    capital: Number(row.capital),
    is_logged_in: open,
    session_expires_at: open ? expiresAt.toISOString() : null,
    // A session's end stays stored once passed (a token refused sets it to then); a log-out here clears it.
    session_ended_at: expiresAt !== null && !open ? expiresAt.toISOString() : null,
    market_account_id: row.market_account_id === null ? null : Number(row.market_account_id),
  };
}

/** One of the user's accounts; null when missing or someone else's (the caller answers 404 for both). */
export async function findOwnedAccount(db: Queryable, userId: number, accountId: number, lock = false): Promise<AccountRow | null> {
  const { rows } = await db.query<AccountRow>(`${accountSelect} WHERE a.id = $1 AND a.user_id = $2${lock ? ' FOR UPDATE OF a' : ''}`, [
    accountId,
    userId,
  ]);
  return rows[0] ?? null;
}

export async function listOwnedAccounts(db: Queryable, userId: number): Promise<AccountRow[]> {
  const { rows } = await db.query<AccountRow>(`${accountSelect} WHERE a.user_id = $1 ORDER BY a.id`, [userId]);
  return rows;
}

/**
 * The accounts a broker's login page is for: the app's api_key and the Client ID typed on the page,
 * whatever its case. Usually one; several when users linked the same key and Client ID.
 */
export async function findLoginAccounts(db: Queryable, brokerSlug: string, apiKey: string, clientId: string): Promise<AccountRow[]> {
  const { rows } = await db.query<AccountRow>(`${accountSelect} WHERE b.slug = $1 AND a.api_key = $2 AND upper(a.account_number) = upper($3) ORDER BY a.id`, [
    brokerSlug,
    apiKey,
    clientId,
  ]);
  return rows;
}

/** What the account's portfolios hold together, in rupees. */
export async function allocatedCapital(db: Queryable, accountId: number, exceptPortfolioId?: number): Promise<number> {
  const { rows } = await db.query<{ total: string | number }>(
    'SELECT coalesce(sum(capital), 0) AS total FROM portfolios WHERE broker_account_id = $1 AND id <> $2',
    [accountId, exceptPortfolioId ?? 0],
  );
  return Number(rows[0]?.total ?? 0);
}
