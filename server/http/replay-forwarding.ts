// A replay's book requests reach the instance holding its book (issue 61, "shared across instances"). On
// PostgreSQL several instances share the replays, and one at a time holds a replay's book (analysis/replay/
// replay-owners.ts). A book request (its market, orders, positions, bot; ending it) reaching an instance that does
// not hold the replay is forwarded, as the trader sent it (the same credentials, which the owner checks again), to
// the owner's internal address, and the owner's answer is sent back: the trader sees one book whichever instance
// answers. A free replay, or one whose owner's lease went stale or whose address refuses connections (the owner
// is gone), is claimed here and its book rebuilt from replay_actions. Only these replay routes are ever forwarded
// (a replay's book is paper and its own): never a live desk's trading call. The clock-only replay routes (read,
// seek, step, speed, reset, candles) change the replay's row, which every instance reads: they answer anywhere.
// On PGlite (one instance) nothing is claimed nor forwarded.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inLane } from '../db/lanes.ts';
import { replayLeaseRenewMs, type ReplayOwner, type ReplayOwners } from '../services/analysis/index.ts';
import { DomainError } from '../services/domain-error.ts';
import { replayTexts } from '../services/texts/replay-texts.ts';
import { requireAuth } from './authentication.ts';

/** Marks a forwarded request (and how many times it was): an owner that lost the replay meanwhile forwards once more at most. */
export const forwardedHeader = 'x-strikedesk-replay-hop';
const maxHops = 2;

/** The replay routes that use the replay's book, under /api (DELETE of the replay itself is matched apart). */
const bookRoute = /\/replays\/:id\/(index|expiries|chain|orders|orders\/cancel|orders\/margins|positions|bot|bot\/stop|bot\/report)\/$/;
const replayRoute = /\/replays\/:id\/$/;

/** Headers that belong to one connection, or that the forwarding call sets itself. */
const notForwarded = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'content-length', 'accept-encoding', 'proxy-connection']);
/** The owner's answer headers the trader's client reads (the rest, security and cache headers, this instance sets). */
const answerHeaders = ['content-type', 'idempotent-replayed', 'retry-after', 'www-authenticate'];

const moving = () => DomainError.said('replay_moving', replayTexts.moving(), { retryAfterSeconds: 1 });

function usesBook(request: FastifyRequest): boolean {
  const url = request.routeOptions.url ?? '';
  return bookRoute.test(url) || (request.method === 'DELETE' && replayRoute.test(url));
}

/** Whether the call failed for want of anything listening at the address (the owner's process is gone). */
function refused(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code === 'ECONNREFUSED';
}

type Answer = { status: number; headers: Record<string, string>; bytes: Buffer };

async function forward(request: FastifyRequest, address: string, hop: number): Promise<Answer> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !notForwarded.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  headers[forwardedHeader] = String(hop + 1);
  const body = request.body === undefined || request.body === null ? undefined : JSON.stringify(request.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(new URL(request.url, address), { method: request.method, headers, body });
  const kept: Record<string, string> = {};
  for (const name of answerHeaders) {
    const value = answer.headers.get(name);
    if (value !== null) kept[name] = value;
  }
  return { status: answer.status, headers: kept, bytes: Buffer.from(await answer.arrayBuffer()) };
}

/**
 * Adds the forwarding to a replay route plugin (replay-routes.ts, replay-bot-routes.ts): before a book route's
 * handler, after its sign-in and validation.
 */
export function forwardReplayBooks(app: FastifyInstance, owners: ReplayOwners | null): void {
  if (owners === null) return;
  app.addHook('preHandler', async (request, reply) => {
    if (!usesBook(request)) return;
    const replayId = Number((request.params as { id: string | number }).id);
    const userId = requireAuth(request).user.id;
    const hop = Number(request.headers[forwardedHeader] ?? 0);
    const owner: ReplayOwner = await inLane('analysis', () => owners.claim(replayId, userId));
    if (owner.here) return;
    if (owner.address === null || hop >= maxHops) throw moving();
    let answer: Answer;
    try {
      answer = await forward(request, owner.address, hop);
    } catch (error) {
      // Nothing listens where the owner was: it is gone without letting go. Taken over here, its book rebuilt.
      if (refused(error) && (await inLane('analysis', () => owners.takeOver(replayId, owner.instance)))) return;
      request.log.warn({ err: error, replayId, owner: owner.address }, 'a replay request could not be forwarded to its owner');
      throw moving();
    }
    // The owner's answer, sent as this instance's own (its security and cache headers added as to any answer).
    reply.code(answer.status).headers(answer.headers).send(answer.bytes);
    return reply;
  });
}

/** The address other instances reach this one at: INSTANCE_ADDRESS, else the loopback at the port it listens on. */
export function listeningAddress(app: FastifyInstance, configured: string | undefined): string | null {
  if (configured !== undefined) return configured;
  const bound = app.server.address() as AddressInfo | string | null;
  if (bound === null || typeof bound === 'string') return null;
  const wildcard = bound.address === '0.0.0.0' || bound.address === '::';
  const host = wildcard ? '127.0.0.1' : bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
  return `http://${host}:${bound.port}`;
}

/**
 * This instance's part in the replays' ownership (buildServer): its address once it listens, its leases renewed
 * on a timer (a replay it lost closes its book here), and its replays let go when it stops.
 */
export function holdReplayLeases(app: FastifyInstance, owners: ReplayOwners | null, configured: string | undefined): void {
  if (owners === null) return;
  if (configured !== undefined) owners.listening(configured);
  app.addHook('onListen', async () => {
    const address = listeningAddress(app, configured);
    if (address !== null) owners.listening(address);
  });
  const renewals = setInterval(() => void owners.renew().catch((error: unknown) => app.log.warn({ err: error }, 'renewing replay leases failed')), replayLeaseRenewMs);
  renewals.unref();
  app.addHook('preClose', async () => {
    clearInterval(renewals);
    await owners.releaseAll().catch((error: unknown) => app.log.warn({ err: error }, 'letting go of replay leases failed'));
  });
}
