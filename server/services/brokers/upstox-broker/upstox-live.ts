// Everything live on Upstox, built once: the account sessions and the BrokerAdapter the registry lists
// (login, log-out). Orders and the market feed build on the same sessions.
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import type { BrokerAdapter } from '../broker-adapter.ts';
import { productionUpstoxEndpoints, type UpstoxEndpoints } from '../upstox/upstox-endpoints.ts';
import { createUpstoxBroker } from './upstox-broker.ts';
import { createUpstoxSessions, type UpstoxSessions } from './upstox-sessions.ts';

/** The algo identification sent as X-Algo-Name with every order write (docs/live-trading.md, "Upstox"). */
export const upstoxAlgoName = 'StrikeDesk';

export type UpstoxLiveOptions = {
  db: Database;
  clock: Clock;
  secrets: SecretBox;
  endpoints?: UpstoxEndpoints | undefined;
  /** Tests only: another fetch for Upstox's REST calls. */
  fetch?: typeof fetch | undefined;
  /** How long one Upstox call may take (7 s). */
  timeoutMs?: number | undefined;
};

export type UpstoxLive = { broker: BrokerAdapter; sessions: UpstoxSessions; endpoints: UpstoxEndpoints };

export function createUpstoxLive({ db, clock, secrets, endpoints = productionUpstoxEndpoints, fetch, timeoutMs }: UpstoxLiveOptions): UpstoxLive {
  const sessions = createUpstoxSessions({ db, clock, secrets, client: { endpoints, algoName: upstoxAlgoName, fetch, timeoutMs } });
  return { broker: createUpstoxBroker({ sessions, apiRoot: endpoints.apiRoot }), sessions, endpoints };
}
