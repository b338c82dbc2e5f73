// Kite POSTs every order change of the app's users to the registered postback URL as a raw JSON body. Only
// Kite and we know the api_secret, so checksum = SHA-256(order_id + order_timestamp + api_secret) proves the
// body came from Kite; it is compared in constant time so a forger learns nothing from response times.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isObject } from './kite-json.ts';
import { type KiteOrderUpdate, readKiteOrderUpdate } from './kite-order-types.ts';

export type PostbackRejection = 'malformed' | 'checksum_mismatch';

export class PostbackRejectedError extends Error {
  override name = 'PostbackRejectedError';
  readonly reason: PostbackRejection;

  constructor(reason: PostbackRejection, message: string) {
    super(message);
    this.reason = reason;
  }
}

export function postbackChecksum(orderId: string, orderTimestamp: string, apiSecret: string): string {
  return createHash('sha256').update(orderId + orderTimestamp + apiSecret).digest('hex');
}

/** Whether `checksum` is the one Kite would send for this order, compared in constant time. */
export function postbackChecksumMatches(orderId: string, orderTimestamp: string, apiSecret: string, checksum: string): boolean {
  const expected = Buffer.from(postbackChecksum(orderId, orderTimestamp, apiSecret), 'utf8');
  const given = Buffer.from(checksum.toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The postback's raw body, checked and read; throws PostbackRejectedError otherwise. */
export function verifyPostback(rawBody: string, apiSecret: string): KiteOrderUpdate {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new PostbackRejectedError('malformed', 'The postback body is not JSON');
  }
  if (!isObject(body)) throw new PostbackRejectedError('malformed', 'The postback body is not an object');
  const { order_id: orderId, order_timestamp: orderTimestamp, checksum } = body;
  if (typeof orderId !== 'string' || typeof orderTimestamp !== 'string' || typeof checksum !== 'string') {
    throw new PostbackRejectedError('malformed', 'The postback lacks order_id, order_timestamp or checksum');
  }
  if (!postbackChecksumMatches(orderId, orderTimestamp, apiSecret, checksum)) {
    throw new PostbackRejectedError('checksum_mismatch', 'The postback checksum does not match');
  }
  try {
    return readKiteOrderUpdate(body);
  } catch (error) {
    throw new PostbackRejectedError('malformed', error instanceof Error ? error.message : 'Unreadable postback');
  }
}
