// A live broker's client for one account: its api_key and its access token, read from broker_accounts (the
// token sealed at rest like the api_secret, opened only here, never answered) whenever a call is made, so a
// logout or a lost session on any server instance is seen by every other at once. The broker's own HTTP
// client (Kite's, Upstox's) is made by `httpOf`; everything else is the same for every broker.
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { SecretUnreadableError, type SecretBox } from '../../secrets/secret-box.ts';
import type { BrokerAdapter } from '../broker-adapter.ts';
import type { OrderSync } from './order-sync.ts';

/** What every live adapter is built from: the database, the clock, the secret box and where the broker lives. */
export type LiveAdapterOptions<Endpoints> = {
  db: Database;
  clock: Clock;
  secrets: SecretBox;
  endpoints?: Endpoints | undefined;
  /** Tests only: another fetch for the broker's REST calls. */
  fetch?: typeof fetch | undefined;
  /** How long one call to the broker may take (7 s, as Kite's own clients wait). */
  timeoutMs?: number | undefined;
};

/** What every live adapter gives the server: its broker interface, its endpoints, its trading and its book reads. */
export type LiveAdapter<Endpoints, Trading> = { broker: BrokerAdapter; endpoints: Endpoints; trading: Trading; orderSync: OrderSync };

/** `apiKey` and `accessToken` are for a feed's handshake (it is no REST call); never answered. */
export type LiveSession<Http> = { accountId: number; userId: number; accountNumber: string; http: Http; apiKey: string; accessToken: string };

export type LiveSessionsOptions<Http> = {
  db: Database;
  clock: Clock;
  secrets: SecretBox;
  /**
   * The broker's client for an api_key, logged in when an access token is given, sending the account's own
   * algo ID where the broker's API carries one (null: the account named none).
   */
  httpOf: (apiKey: string, accessToken?: string, algoId?: string | null) => Http;
};

type Row = {
  id: number;
  user_id: number;
  account_number: string;
  api_key: string;
  algo_id: string | null;
  session_access_token_encrypted: string | null;
  session_expires_at: Date | null;
};

export function createLiveSessions<Http>({ db, clock, secrets, httpOf }: LiveSessionsOptions<Http>) {
  /** The account's open session, or null when it has none (never logged in, logged out, expired, unreadable). */
  async function sessionOf(accountId: number): Promise<LiveSession<Http> | null> {
    const { rows } = await db.query<Row>(
      'SELECT id, user_id, account_number, api_key, algo_id, session_access_token_encrypted, session_expires_at FROM broker_accounts WHERE id = $1',
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
      http: httpOf(row.api_key, accessToken, row.algo_id),
      apiKey: row.api_key,
      accessToken,
    };
  }

  return { sessionOf, anonymous: (apiKey: string) => httpOf(apiKey), withToken: httpOf };
}

export type LiveSessions<Http> = ReturnType<typeof createLiveSessions<Http>>;

/** What the parts of a live adapter that call the broker for an account are built from. */
export type LiveCoreDeps<Http> = { db: Database; clock: Clock; sessions: LiveSessions<Http> };
