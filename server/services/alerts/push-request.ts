// Sends one push request to the addresses push-targets.ts checked, never to a fresh DNS answer: the socket's
// `lookup` hands back those addresses, while TLS still verifies the certificate against the endpoint's host
// name. Only the answer's status is kept: its body is never read (what a push service explains is not for the
// trader, and an endpoint that is not one could answer anything, an internal service's secrets included), and
// a redirect is not followed (node:http never follows one; the sender treats a 3xx as a failure).
import type { LookupAddress, LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { HostAddress, PushTarget } from './push-targets.ts';

export type PushRequest = { method: string; headers: Record<string, string>; body: Buffer | null };

function pinnedLookup(addresses: readonly HostAddress[]): LookupFunction {
  return (hostname: string, options: LookupOptions, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    const usable = addresses.filter(({ family }) => options.family === undefined || options.family === 0 || options.family === family || options.family === `IPv${family}`);
    const first = usable[0];
    if (first === undefined) {
      callback(Object.assign(new Error(`no checked address of ${hostname} in the family asked for`), { code: 'ENOTFOUND' }), []);
    } else if (options.all === true) {
      callback(null, usable);
    } else {
      callback(null, first.address, first.family);
    }
  };
}

/** Posts the request and answers the status; rejects when the push service cannot be reached in time. */
export function postToTarget(target: PushTarget, push: PushRequest, signal: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(
      {
        hostname: target.hostname,
        port: target.url.port === '' ? undefined : Number(target.url.port),
        path: `${target.url.pathname}${target.url.search}`,
        method: push.method,
        headers: push.headers,
        lookup: pinnedLookup(target.addresses),
        // A connection of its own, to the addresses just checked: never a pooled one opened earlier.
        agent: false,
        signal,
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    outgoing.on('error', reject);
    outgoing.end(push.body ?? undefined);
  });
}
