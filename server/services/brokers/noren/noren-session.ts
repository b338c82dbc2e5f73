// A Noren login's code exchanged for the session's token, as each broker specifies it. Shoonya (Noren's OAuth,
// GenAcsTok): `jData={"code","checksum"}` with checksum = SHA-256 of client id + secret + code, answering
// `access_token`, the user (`uid`/`USERID`/`actid`) and `expires_in`. Flattrade (PiConnect, /trade/apitoken):
// JSON `{api_key, request_code, api_secret}` with api_secret = SHA-256 of api_key + request_code + api_secret,
// answering `token` and the `client` who logged in. Both refuse with `stat`/`status` Not_Ok and an `emsg`.
import { NorenError, NorenOutcomeUnknownError } from './noren-errors.ts';
import { norenBody } from './noren-http.ts';
import { isObject } from './noren-json.ts';
import type { NorenBrokerKind, NorenEndpoints } from './noren-endpoints.ts';
import { exchange, parseJson, type HttpClientOptions } from '../live/http-wire.ts';

export type NorenLogin = { clientId: string; accessToken: string; expiresInSeconds: number | null };

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

export async function exchangeCode(kind: NorenBrokerKind, endpoints: NorenEndpoints, app: { apiKey: string; apiSecret: string }, code: string, options: HttpClientOptions = {}): Promise<NorenLogin> {
  const checksum = kind.checksum(app.apiKey, app.apiSecret, code);
  const request =
    kind.tokenBody === 'jData'
      ? { method: 'POST' as const, path: '/GenAcsTok', text: { contentType: 'text/plain', body: norenBody({ code, checksum }) } }
      : { method: 'POST' as const, path: '/trade/apitoken', json: { api_key: app.apiKey, request_code: code, api_secret: checksum } };
  const { response, text: body } = await exchange(request, new URL(endpoints.tokenUrl), { Accept: 'application/json' }, options, (reason, cause) =>
    new NorenOutcomeUnknownError(reason, 'POST', request.path, `No answer from ${kind.name} to the login`, { cause }),
  );
  const json = parseJson(body);
  if (!isObject(json)) throw new NorenError(response.status, response.ok ? `Unexpected answer from ${kind.name} to the login` : body.slice(0, 200) || response.statusText);
  const stat = text(json.stat ?? json.status);
  const accessToken = text(json.access_token ?? json.token ?? json.susertoken);
  if (!response.ok || stat === 'Not_Ok' || accessToken === '') throw new NorenError(response.status === 200 ? 400 : response.status, text(json.emsg) || `${kind.name} answered no token`);
  const expires = Number(text(json.expires_in));
  return { clientId: text(json.client ?? json.uid ?? json.USERID ?? json.actid), accessToken, expiresInSeconds: Number.isFinite(expires) && expires > 0 ? expires : null };
}

const dayMs = 24 * 60 * 60_000;

/**
 * When a Noren session ends: `expires_in` read as the epoch second Noren's samples show ("1756990407") or as a
 * number of seconds, when it falls within the next day; else a day after `now` (Noren's sessions end with the
 * trading day; the broker's "Session Expired" logs the account out sooner if it comes first).
 */
export function norenTokenExpiry(expiresIn: number | null, now: Date): Date {
  const latest = now.getTime() + dayMs;
  if (expiresIn === null) return new Date(latest);
  const stated = expiresIn > 1e9 ? expiresIn * 1000 : now.getTime() + expiresIn * 1000;
  return new Date(stated > now.getTime() && stated <= latest ? stated : latest);
}
