// The Kite client of one account: its api_key and its access token, read from broker_accounts (the token
// sealed at rest like the api_secret, opened only here, never answered) whenever a call is made, so a
// logout or a TokenException on any server instance is seen by every other at once.
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { SecretUnreadableError, type SecretBox } from '../../secrets/secret-box.ts';
import { createKiteHttp, type KiteHttp } from '../kite/kite-http.ts';

export type KiteClientOptions = {
  apiRoot: string;
  /** Tests only: another fetch (a slow or failing network). */
  fetch?: typeof fetch | undefined;
  /** How long one Kite call may take (Kite's own clients wait 7 s). */
  timeoutMs?: number | undefined;
};

/** `apiKey` and `accessToken` are for the ticker's handshake (it is no REST call); never answered. */
export type KiteSession = { accountId: number; userId: number; accountNumber: string; http: KiteHttp; apiKey: string; accessToken: string };

type Row = { id: number; user_id: number; account_number: string; api_key: string; session_access_token_encrypted: string | null; session_expires_at: Date | null };

export function createKiteSessions({ db, clock, secrets, client }: { db: Database; clock: Clock; secrets: SecretBox; client: KiteClientOptions }) {
  const httpOf = (apiKey: string, accessToken?: string) =>
    createKiteHttp({ apiRoot: client.apiRoot, apiKey, accessToken, fetch: client.fetch, timeoutMs: client.timeoutMs });

  /** The account's open session, or null when it has none (never logged in, logged out, expired, unreadable). */
  async function sessionOf(accountId: number): Promise<KiteSession | null> {
    const { rows } = await db.query<Row>(
      'SELECT id, user_id, account_number, api_key, session_access_token_encrypted, session_expires_at FROM broker_accounts WHERE id = $1',
      [accountId],
    );
    const row = rows[0];
    if (row === undefined || row.session_access_token_encrypted === null || row.session_expires_at === null) return null;
    if (new Date(row.session_expires_at).getTime() <= clock().getTime()) return null;
    let accessToken: string;
    try {
      accessToken = secrets.open(row.session_access_token_encrypted);
    } catch (error) {
      // Sealed with another server key: as good as no session; logging in again replaces it.
      if (error instanceof SecretUnreadableError) return null;
      throw error;
    }
    return {
      accountId: row.id,
      userId: Number(row.user_id),
      accountNumber: row.account_number,
      http: httpOf(row.api_key, accessToken),
      apiKey: row.api_key,
      accessToken,
    };
  }

  return { sessionOf, anonymous: (apiKey: string) => httpOf(apiKey), withToken: httpOf };
}

export type KiteSessions = ReturnType<typeof createKiteSessions>;
