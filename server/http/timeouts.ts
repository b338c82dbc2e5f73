// How long the server waits on a client. Fastify waits forever by default for a request's body
// (requestTimeout 0), so a POST that declares 1,000 bytes and sends 9 held its connection open for as
// long as the client liked; a few thousand of those exhaust the server. Node checks the request and
// header deadlines on a timer (every 30 s by default), so the timer here follows the deadline.
import type { FastifyServerOptions } from 'fastify';

export type ServerTimeouts = {
  /** The whole request, headers and body, must arrive within this (408, then the connection closes). */
  requestMs: number;
  /** A connection with no bytes moving either way for this long is closed (Node's server.timeout). */
  idleMs: number;
  /** An idle kept-alive connection between two requests is closed after this. */
  keepAliveMs: number;
};

export const defaultServerTimeouts: ServerTimeouts = {
  // Trading requests are small JSON (1 MiB at most): 30 s leaves room for a slow mobile upload.
  requestMs: 30_000,
  // Above the PWA's own 60 s request time-out, so the client, not the server, decides to give up.
  idleMs: 70_000,
  // Longer than the 60 s idle time-out of common load balancers (Fastify's own default for that
  // reason): the balancer closes first and never sends a request down a connection being closed.
  keepAliveMs: 72_000,
};

/** Node checks deadlines on an interval: a quarter of the request time-out, between 10 ms and 1 s. */
function checkingIntervalMs(requestMs: number): number {
  return Math.min(1000, Math.max(10, Math.floor(requestMs / 4)));
}

export function timeoutOptions(timeouts: ServerTimeouts): Pick<FastifyServerOptions, 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout'> & {
  http: { requestTimeout: number; headersTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Given at creation too: Node reads the checking interval only then, and refuses a headers
    // time-out longer than the request time-out it is created with.
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.requestMs,
      connectionsCheckingInterval: checkingIntervalMs(timeouts.requestMs),
    },
  };
}
