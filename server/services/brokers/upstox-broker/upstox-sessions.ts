// The Upstox client of one account: the broker-neutral session store (../live/live-sessions.ts) over Upstox's
// HTTP client.
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { createLiveSessions, type LiveSession } from '../live/live-sessions.ts';
import type { UpstoxEndpoints } from '../upstox/upstox-endpoints.ts';
import { createUpstoxHttp, type UpstoxHttp } from '../upstox/upstox-http.ts';

export type UpstoxClientOptions = {
  endpoints: UpstoxEndpoints;
  /** Sent as X-Algo-Name on every order write (SEBI's retail-algo identification). */
  algoName: string;
  /** Tests only: another fetch (a slow or failing network). */
  fetch?: typeof fetch | undefined;
  /** How long one Upstox call may take (7 s, as Kite's). */
  timeoutMs?: number | undefined;
};

export type UpstoxSession = LiveSession<UpstoxHttp>;

export function createUpstoxSessions({ db, clock, secrets, client }: { db: Database; clock: Clock; secrets: SecretBox; client: UpstoxClientOptions }) {
  return createLiveSessions({
    db,
    clock,
    secrets,
    // Upstox's REST calls name no api_key: the token is the account's.
    httpOf: (_apiKey: string, accessToken?: string) =>
      createUpstoxHttp({
        apiRoot: client.endpoints.apiRoot,
        orderApiRoot: client.endpoints.orderApiRoot,
        accessToken,
        algoName: client.algoName,
        ...(client.fetch === undefined ? {} : { fetch: client.fetch }),
        ...(client.timeoutMs === undefined ? {} : { timeoutMs: client.timeoutMs }),
      }),
  });
}

export type UpstoxSessions = ReturnType<typeof createUpstoxSessions>;
