// Dhan's API key login (https://dhanhq.co/docs/v2/authentication, "API key & secret"): the consent generated for
// the account's client ID with the app's id and secret (step 1), the trader's login on Dhan's page (step 2, a
// redirect with a tokenId), the tokenId consumed for the access token (step 3). Tokens last 24 hours; the
// answer's `expiryTime` is IST without an offset. A token generated on web.dhan.co ("Access DhanHQ APIs")
// is checked with the profile call, which names its client ID.
import type { DhanHttp } from './dhan-http.ts';
import { read } from './dhan-json.ts';

export type DhanApp = { appId: string; appSecret: string };

export async function generateConsent(http: DhanHttp, app: DhanApp, clientId: string): Promise<string> {
  const answer = read(await http.request({ method: 'POST', path: '/app/generate-consent', query: { client_id: clientId }, app }), { consentAppId: 'string' }, 'consent');
  return answer.consentAppId;
}

export async function consumeConsent(http: DhanHttp, app: DhanApp, tokenId: string) {
  return read(await http.request({ method: 'GET', path: '/app/consumeApp-consent', query: { tokenId }, app }), { dhanClientId: 'string', accessToken: 'string', expiryTime: 'string?' }, 'consent');
}

export async function getProfile(http: DhanHttp) {
  return read(await http.request({ method: 'GET', path: '/v2/profile' }), { dhanClientId: 'string', tokenValidity: 'string?' }, 'profile');
}

const dayMs = 24 * 60 * 60_000;
const istOffsetMs = 330 * 60_000;

/** When a Dhan token ends: its `expiryTime` (IST, no offset) when readable, else a day after `now`, never later. */
export function dhanTokenExpiry(expiryTime: string | null, now: Date): Date {
  const latest = new Date(now.getTime() + dayMs);
  const stated = expiryTime === null ? Number.NaN : Date.parse(`${expiryTime.slice(0, 19)}Z`) - istOffsetMs;
  return Number.isFinite(stated) && stated > now.getTime() && stated <= latest.getTime() ? new Date(stated) : latest;
}
