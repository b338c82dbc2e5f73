// The feeds' one-time addresses (the market feed's and the portfolio stream's): an authorize call issues a
// `?code=…` to a logged-in session, good for one connection within a minute, as Upstox's are.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Session } from './accounts.ts';

export function createOneTimeCodes<Grant extends { session: Session }>(clock: () => Date) {
  const codes = new Map<string, { grant: Grant; issuedAt: number }>();
  return {
    issue(grant: Grant): string {
      const code = randomUUID();
      codes.set(code, { grant, issuedAt: clock().getTime() });
      return code;
    },
    /** The grant of the upgrade's code, used up; null, the socket refused with 403, for an unknown, used, stale or logged-out one. */
    take(request: IncomingMessage, socket: Duplex): Grant | null {
      const code = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('code') ?? '';
      const issued = codes.get(code);
      codes.delete(code);
      if (!issued || issued.grant.session.revoked || clock().getTime() - issued.issuedAt > 60_000) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
        return null;
      }
      return issued.grant;
    },
  };
}
