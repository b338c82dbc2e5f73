// What a broker itself posts (Kite's postbacks, Upstox's webhooks, Dhan's postbacks) carries no bearer token:
// the services believe only a checksum or the broker's own read. A refused push, and one refused for coming too
// often, is logged here with who sent it and the order it named, since a forged or misdirected push is
// something an operator wants to see; then it is answered as any refusal.
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../services/domain-error.ts';

const loggedCodes = new Set(['postback_refused', 'too_many_attempts']);

/** Runs `receive`; a refusal is logged as "<what> refused" (e.g. "Dhan postback refused") and thrown on. */
export async function loggingPushRefusals<T>(request: FastifyRequest, what: string, orderId: unknown, receive: () => Promise<T>): Promise<T> {
  try {
    return await receive();
  } catch (error) {
    if (error instanceof DomainError && loggedCodes.has(error.code)) {
      request.log.warn({ ip: request.ip, orderId: typeof orderId === 'string' ? orderId.slice(0, 40) : null, reason: error.message }, `${what} refused`);
    }
    throw error;
  }
}
