// Which push endpoints the server may reach. An endpoint is a URL the browser gave, so a URL the trader could
// choose: the server sends there only when its host is one of the browsers' push services (the allow-list,
// PUSH_SERVICE_HOSTS), over https on the default port, and when every address the host resolves to is on the
// internet (public-address.ts). The check runs when a device is saved and again before every send (DNS
// answers change), and the send connects to the very addresses checked (push-request.ts), so a DNS server
// that answers differently a moment later gains nothing. An allow-list entry that is a whole origin
// (http://127.0.0.1:8089) is trusted as it is, scheme, port and address included: a push service the operator
// runs, or a test's on 127.0.0.1. Nothing else gets past the address check.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from './public-address.ts';

/** The browsers' push services: Chrome and most Chromium browsers (FCM), Firefox (autopush), Safari, Edge (WNS). */
export const defaultPushServiceHosts: readonly string[] = ['fcm.googleapis.com', '*.push.services.mozilla.com', '*.push.apple.com', '*.notify.windows.com'];

export type HostAddress = { address: string; family: 4 | 6 };
/** Every address a host name resolves to; throws when it resolves to none. */
export type HostResolver = (hostname: string) => Promise<HostAddress[]>;

/** The operating system's resolver (hosts file included), as a connection would use it. */
export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/** A save waits this long for DNS at most; a send stays under the sender's own timeout too. */
export const resolveTimeoutMs = 5_000;

export type PushRefusal = 'not_https' | 'port' | 'host' | 'address' | 'unresolved';
/** Where one push goes: the endpoint and the checked addresses its connection must use. */
export type PushTarget = { url: URL; hostname: string; addresses: HostAddress[] };
export type PushTargetCheck = { ok: true; target: PushTarget } | { ok: false; refusal: PushRefusal };

const hostPattern = /^(\*\.)?([a-z0-9-]+\.)+[a-z0-9-]+$/;

/**
 * One allow-list entry, normalised: a host name (fcm.googleapis.com), a suffix (*.push.apple.com: any name
 * under it, not itself) or an origin (http://127.0.0.1:8089); null when it is none of these.
 */
export function pushHostEntryOf(text: string): string | null {
  const entry = text.trim().toLowerCase();
  if (!entry.includes('://')) return hostPattern.test(entry) ? entry : null;
  try {
    const url = new URL(entry);
    const bare = url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
    return (url.protocol === 'https:' || url.protocol === 'http:') && bare ? url.origin : null;
  } catch {
    return null;
  }
}

async function resolveWithin(resolve: HostResolver, hostname: string): Promise<HostAddress[] | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((done) => {
    timer = setTimeout(() => done(null), resolveTimeoutMs);
  });
  try {
    return await Promise.race([resolve(hostname).catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createPushTargets({ hosts, resolve }: { hosts: readonly string[]; resolve: HostResolver }) {
  const origins = new Set(hosts.filter((entry) => entry.includes('://')));
  const names = new Set(hosts.filter((entry) => !entry.includes('://') && !entry.startsWith('*.')));
  const suffixes = hosts.filter((entry) => entry.startsWith('*.')).map((entry) => entry.slice(1));
  const allowedName = (hostname: string) => names.has(hostname) || suffixes.some((suffix) => hostname.endsWith(suffix));
  const refused = (refusal: PushRefusal): PushTargetCheck => ({ ok: false, refusal });

  /** Whether the server may send to this endpoint now, and at which addresses. */
  async function check(endpoint: string): Promise<PushTargetCheck> {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return refused('not_https');
    }
    if (url.username !== '' || url.password !== '') return refused('not_https');
    const trusted = origins.has(url.origin);
    if (!trusted && url.protocol !== 'https:') return refused('not_https');
    if (!trusted && url.port !== '') return refused('port');
    const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const family = isIP(hostname);
    if (!trusted && family !== 0 && !isPublicAddress(hostname)) return refused('address');
    if (!trusted && !allowedName(hostname)) return refused('host');
    const addresses = family === 0 ? await resolveWithin(resolve, hostname) : [{ address: hostname, family: family === 6 ? 6 : 4 } as const];
    if (addresses === null || addresses.length === 0) return refused('unresolved');
    // Every address, not just the first: a connection may try any of them.
    if (!trusted && !addresses.every(({ address }) => isPublicAddress(address))) return refused('address');
    return { ok: true, target: { url, hostname, addresses } };
  }

  return { check };
}

export type PushTargets = ReturnType<typeof createPushTargets>;
