// A push service on 127.0.0.1 for tests, and a browser's side of a subscription: a real P-256 key pair and auth
// secret, and the decryption of an aes128gcm message (RFC 8188, keys as RFC 8291 derives them). What the
// dispatcher sends is decrypted here exactly as a browser would, so a test reads the payload a phone shows.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedPush = { path: string; method: string; headers: IncomingHttpHeaders; body: Buffer };

/** What the service answers for an endpoint: a status, or a status with a body or a redirect's Location. */
export type PushAnswer = number | { status: number; body?: string; location?: string };

export type LocalPushService = {
  /** Its origin (http://127.0.0.1:<port>), which a test server's allow-list names to reach it. */
  origin: string;
  /** An endpoint on this service; `answer` is what it answers for it (201 by default). */
  endpoint: (name: string, answer?: PushAnswer) => string;
  received: ReceivedPush[];
  close: () => Promise<void>;
};

export async function startLocalPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, Exclude<PushAnswer, number>>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, method: request.method ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      const { status, body, location } = answers.get(path) ?? { status: 201 };
      response.writeHead(status, { 'content-type': 'text/plain', ...(location === undefined ? {} : { location }) });
      response.end(body ?? (status >= 400 ? `push service says ${status}` : ''));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    endpoint: (name, answer) => {
      const path = `/push/${name}`;
      if (answer !== undefined) answers.set(path, typeof answer === 'number' ? { status: answer } : answer);
      return `${origin}${path}`;
    },
    received,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

const hkdf = (ikm: Buffer, salt: Buffer, info: string | Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, typeof info === 'string' ? Buffer.from(info, 'latin1') : info, length));

/** A browser's subscription keys, and the decryption of what is pushed to it. */
export function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const userPublic = ecdh.getPublicKey();
  return {
    keys: { p256dh: userPublic.toString('base64url'), auth: auth.toString('base64url') },
    /** The plaintext of one aes128gcm message: header (salt, record size, sender's key), then one record. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const keyLength = body[20]!;
      const senderPublic = body.subarray(21, 21 + keyLength);
      const record = body.subarray(21 + keyLength);
      if (record.length > recordSize) throw new Error('more than one record: web push messages fit in one');
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'latin1'), userPublic, senderPublic]);
      const secret = hkdf(ecdh.computeSecret(senderPublic), auth, keyInfo, 32);
      const key = hkdf(secret, salt, 'Content-Encoding: aes128gcm\0', 16);
      const nonce = hkdf(secret, salt, 'Content-Encoding: nonce\0', 12);
      const decipher = createDecipheriv('aes-128-gcm', key, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then zero padding.
      let end = plain.length - 1;
      while (end >= 0 && plain[end] === 0) end -= 1;
      if (plain[end] !== 2) throw new Error('the record has no last-record delimiter');
      return plain.subarray(0, end).toString('utf8');
    },
  };
}

/** Checks a VAPID Authorization header (`vapid t=<JWT>, k=<public key>`): its ES256 signature and claims. */
export function verifyVapid(header: string | undefined, publicKey: string, audience: string): { sub: string; exp: number } {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  if (match === null) throw new Error(`not a VAPID authorization: ${header}`);
  const [, token, key] = match;
  if (key !== publicKey) throw new Error('signed with another key than the server announces');
  const [head, claims, signature] = token!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') };
  const valid = verify('sha256', Buffer.from(`${head}.${claims}`), { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  if (!valid) throw new Error('the VAPID signature does not verify');
  const parsed = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as { aud: string; sub: string; exp: number };
  if (parsed.aud !== audience) throw new Error(`VAPID audience ${parsed.aud}, expected ${audience}`);
  return parsed;
}
