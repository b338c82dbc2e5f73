// The login handshake's server half: the request_token from the login redirect, proven with
// checksum = SHA-256(api_key + request_token + api_secret), becomes an access_token; logging out kills it.
import { sessionChecksum } from '../broker-adapter.ts';
import type { KiteHttp } from './kite-http.ts';
import { objectAt, optStr, str, strList } from './kite-json.ts';

export type KiteSession = {
  user_id: string;
  user_name: string;
  user_shortname: string;
  email: string;
  broker: string;
  exchanges: string[];
  products: string[];
  order_types: string[];
  api_key: string;
  access_token: string;
  public_token: string;
  refresh_token: string;
  /** IST "YYYY-MM-DD HH:MM:SS". Kite's tokens die at 06:00 IST the next morning. */
  login_time: string;
};

export async function createSession(http: KiteHttp, requestToken: string, apiSecret: string): Promise<KiteSession> {
  const checksum = sessionChecksum(http.apiKey, requestToken, apiSecret);
  const data = await http.request({
    method: 'POST',
    path: '/session/token',
    form: { api_key: http.apiKey, request_token: requestToken, checksum },
  });
  const o = objectAt(data, 'session');
  return {
    user_id: str(o, 'user_id'),
    user_name: optStr(o, 'user_name') ?? '',
    user_shortname: optStr(o, 'user_shortname') ?? '',
    email: optStr(o, 'email') ?? '',
    broker: optStr(o, 'broker') ?? '',
    exchanges: strList(o, 'exchanges'),
    products: strList(o, 'products'),
    order_types: strList(o, 'order_types'),
    api_key: str(o, 'api_key'),
    access_token: str(o, 'access_token'),
    public_token: optStr(o, 'public_token') ?? '',
    refresh_token: optStr(o, 'refresh_token') ?? '',
    login_time: str(o, 'login_time'),
  };
}

/** Logs the access token out at Kite (DELETE /session/token). */
export async function invalidateSession(http: KiteHttp, accessToken: string): Promise<void> {
  await http.request({ method: 'DELETE', path: '/session/token', query: { api_key: http.apiKey, access_token: accessToken } });
}
