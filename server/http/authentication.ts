// Bearer-token authentication for the operations the contract secures. The route helper installs the
// hook; handlers read the signed-in user with requireAuth(request).
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AccountsService, AuthContext } from '../services/accounts/accounts-service.ts';
import { requestTexts } from '../services/texts/request-texts.ts';
import { HttpError } from './errors.ts';

export const authDecorator = 'auth';

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ ]+([^\s]+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

function unauthenticated(invalidToken: boolean): HttpError {
  // RFC 6750: say that a token was presented but refused, so clients know to sign in again.
  const challenge = invalidToken ? 'Bearer realm="StrikeDesk", error="invalid_token"' : 'Bearer realm="StrikeDesk"';
  return HttpError.said(401, 'unauthenticated', requestTexts.unauthenticated, { headers: { 'www-authenticate': challenge } });
}

export function createAuthenticateHook(accounts: Pick<AccountsService, 'authenticate'>): onRequestHookHandler {
  return async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (token === null) throw unauthenticated(false);
    const auth = await accounts.authenticate(token);
    if (auth === null) throw unauthenticated(true);
    request.setDecorator<AuthContext | null>(authDecorator, auth);
  };
}

/** The signed-in user of a secured operation (401 if the route was somehow reached without one). */
export function requireAuth(request: FastifyRequest): AuthContext {
  const auth = request.getDecorator<AuthContext | null>(authDecorator);
  if (auth === null) throw unauthenticated(false);
  return auth;
}
