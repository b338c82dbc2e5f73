// An upload's body read straight into shared memory as it arrives (http/shared-body.ts; issue 61: the request loop
// does only requests): no join of the whole body and no second copy for the import pool's threads, which read
// the same memory (import-pool.ts sharedBytes hands it over as it is).
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { declaredLength, readSharedBody } from '../../../server/http/shared-body.ts';
import { sharedBytes } from '../../../server/services/history/import-pool.ts';

const chunksOf = (text: string, size: number) => Readable.from(Array.from({ length: Math.ceil(text.length / size) }, (_, n) => Buffer.from(text.slice(n * size, (n + 1) * size))));
const body = 'TradDt,BizDt,Sgmt\n'.repeat(500);

describe('an upload read into shared memory', () => {
  it('writes each chunk into memory sized by the Content-Length, and the pool reads that memory, not a copy', async () => {
    const read = await readSharedBody(chunksOf(body, 64), body.length, 1 << 20);
    expect(read.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(read.toString()).toBe(body);
    // A multipart file is a part of the body: the pool's view is that part of the same memory.
    const part = read.subarray(18, 36);
    const view = await sharedBytes(part);
    expect(view.buffer).toBe(read.buffer);
    expect(Buffer.from(view).toString()).toBe(body.slice(18, 36));
  });

  it('keeps a chunked body (no Content-Length) and copies it into shared memory at its end', async () => {
    const read = await readSharedBody(chunksOf(body, 1000), null, 1 << 20);
    expect(read.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(read.toString()).toBe(body);
  });

  it('refuses a body over the limit or longer than declared with a 413, reading no further', async () => {
    await expect(readSharedBody(chunksOf(body, 64), 2 << 20, 1 << 20)).rejects.toMatchObject({ statusCode: 413, code: 'payload_too_large' });
    await expect(readSharedBody(chunksOf(body, 64), null, 1000)).rejects.toMatchObject({ statusCode: 413 });
    await expect(readSharedBody(chunksOf(body, 64), 100, 1 << 20)).rejects.toMatchObject({ statusCode: 413 });
  });

  it('copies bytes held elsewhere (an upload read back from the database) into shared memory', async () => {
    const view = await sharedBytes(Buffer.from(body));
    expect(view.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Buffer.from(view).toString()).toBe(body);
  });

  it('reads a Content-Length only when it is a count', () => {
    expect(declaredLength('1234')).toBe(1234);
    expect(declaredLength(undefined)).toBeNull();
    expect(declaredLength('12abc')).toBeNull();
    expect(declaredLength('-5')).toBeNull();
  });
});
