// Security headers for every answer the server gives: static files, API, streams, 404s and errors alike.
// They are set in onSend, which Fastify runs for error and not-found replies too; the few framework
// errors raised before routing (a malformed URL) set them by hand (see app.ts). A hijacked reply (the live
// price stream) writes its own head on the raw response and never reaches onSend: the headers are put on
// the raw response as the request arrives, and Node merges them into whatever head is written.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isCspOrigin } from '../config.ts';

export type SecurityHeaderOptions = {
  /** Origins added to connect-src, e.g. a hosted analytics backend the PWA calls directly. */
  extraConnectSrc?: readonly string[];
};

/**
 * No 'unsafe-inline' anywhere: the PWA ships no inline script or style (index.html loads bundled files
 * only), so markup injected through some bug still cannot run script.
 */
export function buildContentSecurityPolicy(extraConnectSrc: readonly string[] = []): string {
  for (const source of extraConnectSrc) {
    if (!isCspOrigin(source)) throw new Error(`Not a valid connect-src origin: "${source}"`);
  }
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...extraConnectSrc]],
    ['manifest-src', ["'self'"]],
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

export type SecurityHeaders = Record<string, string>;

export function buildSecurityHeaders(options: SecurityHeaderOptions = {}): SecurityHeaders {
  return {
    'content-security-policy': buildContentSecurityPolicy(options.extraConnectSrc),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
}

/** A year, subdomains included: what hstspreload.org asks for, and what a trading site should promise. */
export const hstsHeaderValue = 'max-age=31536000; includeSubDomains';

/**
 * Whether the answer travels over TLS: the connection itself is TLS, a trusted proxy says it was
 * (X-Forwarded-Proto, believed only with TRUST_PROXY), or the request names the configured https
 * public origin, which only its TLS terminator forwards. Plain http to 127.0.0.1 is none of these.
 */
export function createTlsTest(publicOrigin: string | undefined): (request: FastifyRequest) => boolean {
  const origin = publicOrigin === undefined ? null : new URL(publicOrigin);
  const httpsHost = origin?.protocol === 'https:' ? origin.hostname : null;
  return (request) => request.protocol === 'https' || (httpsHost !== null && request.hostname.toLowerCase() === httpsHost);
}

export type SecurityHeaderSender = (request: FastifyRequest, reply: FastifyReply) => void;

/** Sets the headers on a reply; HSTS only where createTlsTest says the answer goes over TLS. */
export function securityHeaderSender(headers: SecurityHeaders, overTls: (request: FastifyRequest) => boolean): SecurityHeaderSender {
  return (request, reply) => {
    reply.headers(headers);
    if (overTls(request)) reply.header('strict-transport-security', hstsHeaderValue);
  };
}

export function registerSecurityHeaders(app: FastifyInstance, send: SecurityHeaderSender): void {
  app.addHook('onRequest', async (request, reply) => {
    send(request, reply);
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    send(request, reply);
    return payload;
  });
}
