// An upload's body read straight into shared memory as it arrives (issue 61: the request loop does only requests).
// The import pool's threads read an upload from a SharedArrayBuffer (services/history/import-pool.ts). Read with
// fastify's `parseAs: 'buffer'`, the body was first joined into one Buffer as its last chunk arrived, then copied
// into shared memory: two copies of every byte on the request loop, the join one task of 8-62 MB. Under the
// heavy-work bench's four uploads the two copies took 0.54 s of the request thread, and the join stretched to
// 415 ms on a loaded machine, with every order and kill switch behind it. Here each chunk is copied into its place
// as it comes (a socket's are 64 KB; a larger one, a megabyte a turn, the stream paused meanwhile).
import type { Readable } from 'node:stream';
import { copyInTurns } from '../services/history/import-pool.ts';
import { requestTexts } from '../services/texts/request-texts.ts';
import { HttpError } from './errors.ts';

const tooLarge = () => HttpError.said(413, 'payload_too_large', requestTexts.tooLarge());

/**
 * The body of `payload` in shared memory, as a Buffer over it. `declaredBytes`: the request's Content-Length,
 * which sizes the memory at once; without one (a chunked body), the chunks are kept and copied in at the end.
 * Over `limitBytes`, or longer than declared: a 413, the rest unread.
 */
export function readSharedBody(payload: Readable, declaredBytes: number | null, limitBytes: number): Promise<Buffer> {
  if (declaredBytes !== null && declaredBytes > limitBytes) return Promise.reject(tooLarge());
  return new Promise<Buffer>((resolve, reject) => {
    const shared = Buffer.from(new SharedArrayBuffer(declaredBytes ?? 0));
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = (error: unknown) => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', stop);
      if (error !== null) reject(error);
    };
    function onData(chunk: Buffer | string) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      const at = received;
      received += bytes.length;
      if (received > limitBytes || (declaredBytes !== null && received > declaredBytes)) return stop(tooLarge());
      if (declaredBytes === null) return void chunks.push(bytes);
      payload.pause();
      copyInTurns(bytes, shared, at).then(() => payload.resume(), stop);
    }
    function onEnd() {
      stop(null);
      if (declaredBytes !== null) return resolve(shared.subarray(0, received));
      const whole = Buffer.from(new SharedArrayBuffer(received));
      const copied = chunks.reduce<Promise<number>>(async (at, chunk) => {
        const from = await at;
        await copyInTurns(chunk, whole, from);
        return from + chunk.length;
      }, Promise.resolve(0));
      copied.then(() => resolve(whole), reject);
    }
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', stop);
    payload.resume();
  });
}

/** The request's Content-Length as a number of bytes, or null (absent or not a count). */
export function declaredLength(header: string | undefined): number | null {
  if (header === undefined || !/^\d+$/.test(header)) return null;
  return Number(header);
}
