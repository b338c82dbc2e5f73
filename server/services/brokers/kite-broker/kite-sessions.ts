// The Kite client of one account: the broker-neutral session store (../live/live-sessions.ts) over Kite's
// HTTP client.
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { createKiteHttp, type KiteHttp } from '../kite/kite-http.ts';
import { createLiveSessions, type LiveSession } from '../live/live-sessions.ts';

export type KiteClientOptions = {
  apiRoot: string;
  /** Tests only: another fetch (a slow or failing network). */
  fetch?: typeof fetch | undefined;
  /** How long one Kite call may take (Kite's own clients wait 7 s). */
  timeoutMs?: number | undefined;
};

export type KiteSession = LiveSession<KiteHttp>;

export function createKiteSessions({ db, clock, secrets, client }: { db: Database; clock: Clock; secrets: SecretBox; client: KiteClientOptions }) {
  return createLiveSessions({
    db,
    clock,
    secrets,
    httpOf: (apiKey: string, accessToken?: string) => createKiteHttp({ apiRoot: client.apiRoot, apiKey, accessToken, fetch: client.fetch, timeoutMs: client.timeoutMs }),
  });
}

export type KiteSessions = ReturnType<typeof createKiteSessions>;
