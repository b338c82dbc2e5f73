// The login handshake's server half: the `code` Upstox sends back to the redirect URL becomes an access token
// (POST /v2/login/authorization/token, form-encoded, the code single-use whatever the outcome); logging out
// kills the token (DELETE /v2/login/authorization/logout). The token answer carries the user's profile at its
// top level, not under `data`: its `user_id` (the UCC) is what the caller checks against the account.
// https://upstox.com/developer/api-documentation/get-token, https://upstox.com/developer/api-documentation/logout
import { istOffsetMs } from '../../market/ist.ts';
import type { UpstoxHttp } from './upstox-http.ts';
import { read } from './upstox-json.ts';

const sessionShape = {
  user_id: 'string',
  user_name: 'string?',
  email: 'string?',
  broker: 'string?',
  user_type: 'string?',
  exchanges: 'strings',
  products: 'strings',
  order_types: 'strings',
  is_active: 'boolean?',
  access_token: 'string',
  extended_token: 'string?',
} as const;

export type UpstoxSession = ReturnType<typeof readSession>;

function readSession(value: unknown) {
  return read(value, sessionShape, 'the token answer');
}

export type CodeExchange = { code: string; apiKey: string; apiSecret: string; redirectUri: string };

export async function exchangeCode(http: UpstoxHttp, exchange: CodeExchange): Promise<UpstoxSession> {
  const body = await http.request({
    method: 'POST',
    path: '/v2/login/authorization/token',
    form: { code: exchange.code, client_id: exchange.apiKey, client_secret: exchange.apiSecret, redirect_uri: exchange.redirectUri, grant_type: 'authorization_code' },
  });
  return readSession(body);
}

/** Logs the access token out at Upstox. */
export async function logout(http: UpstoxHttp): Promise<void> {
  await http.request({ method: 'DELETE', path: '/v2/login/authorization/logout' });
}

const expiryMinuteIst = 3 * 60 + 30;

/**
 * When a token issued at `issuedAt` dies: 03:30 IST the following day, or the same day when issued before
 * 03:30 IST (Upstox's example: 02:30 Wednesday lasts until 03:30 Wednesday).
 */
export function upstoxTokenExpiry(issuedAt: Date): Date {
  const ist = new Date(issuedAt.getTime() + istOffsetMs);
  const minute = ist.getUTCHours() * 60 + ist.getUTCMinutes();
  const day = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate()) + (minute < expiryMinuteIst ? 0 : 86_400_000);
  return new Date(day + expiryMinuteIst * 60_000 - istOffsetMs);
}
