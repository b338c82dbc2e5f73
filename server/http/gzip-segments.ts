// A gzip stream put together from deflate segments, so one compression can serve many sockets. A price
// stream's body is gzip's 10-byte header, then segments (each the deflate blocks of one or more events, ended
// by a sync flush, so it stops on a byte boundary and the browser inflates it at once), then at the end an
// empty final block and gzip's trailer (the CRC-32 and length of all the text sent).
//
// Deflate's back-references reach into the text decoded before, so a segment may follow only the text its
// compressor has seen: one compressor's segments, in order, from its start or from a full flush (which
// forgets everything before it). That is what lets a channel of streams watching the same prices compress a
// tick once and write the same bytes to every socket (price-channel.ts): a stream joins the shared
// compressor's output at a full flush, and until then compresses its own.
import { constants, crc32, createDeflateRaw } from 'node:zlib';

/**
 * A 16 KB window and a smaller hash table: about 128 KB of memory a compressor instead of zlib's 256 KB, within
 * 4 % of the default's size for a price stream (the last few ticks, which is what repeats, fit in 16 KB).
 */
const deflateOptions = { level: 6, windowBits: 14, memLevel: 7 };

/** gzip's header: deflate, no name, no time, unknown system. */
export const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** Where a gzip stream is: the CRC-32 and length (modulo 2^32) of the text sent so far. */
export type GzipTally = { crc: number; size: number };

export function tally(previous: GzipTally, text: string): GzipTally {
  return { crc: crc32(text, previous.crc), size: (previous.size + Buffer.byteLength(text)) % 2 ** 32 };
}

/** The end of a gzip stream: an empty final block (fixed Huffman, just its end code), then the trailer. */
export function gzipEnd({ crc, size }: GzipTally): Buffer {
  const end = Buffer.alloc(10);
  end[0] = 0x03;
  end[1] = 0x00;
  end.writeUInt32LE(crc >>> 0, 2);
  end.writeUInt32LE(size, 6);
  return end;
}

export type SegmentCompressor = {
  /**
   * The segment of `text`, after everything compressed before it; `fresh` first forgets everything before
   * (a full flush), so the segment may follow any other on a socket. In the order called.
   */
  compress(text: string, fresh?: boolean): Promise<Buffer>;
  /** Frees the compressor's memory. */
  close(): void;
};

export function createSegmentCompressor(): SegmentCompressor {
  const deflate = createDeflateRaw(deflateOptions);
  // A compression that fails ends every call after it too: each answers the error, and the stream ends.
  deflate.on('error', () => undefined);
  let last: Promise<unknown> = Promise.resolve();
  /** The compression under way: closing the compressor fails it (a destroyed zlib may never call back). */
  let failCurrent: ((error: Error) => void) | null = null;
  return {
    compress(text, fresh = false) {
      const segment = last.then(
        () =>
          new Promise<Buffer>((resolve, reject) => {
            if (deflate.destroyed) return reject(new Error('the compressor is closed'));
            const chunks: Buffer[] = [];
            const take = (chunk: Buffer) => chunks.push(chunk);
            const settle = (error?: Error | null) => {
              failCurrent = null;
              deflate.off('data', take);
              deflate.off('error', settle);
              if (error) reject(error);
              else resolve(Buffer.concat(chunks));
            };
            failCurrent = settle;
            deflate.on('data', take);
            deflate.once('error', settle);
            if (fresh) deflate.flush(constants.Z_FULL_FLUSH);
            deflate.write(text);
            // Its output has all been emitted when the flush answers (zlib pushes before it calls back).
            deflate.flush(constants.Z_SYNC_FLUSH, () => settle());
          }),
      );
      last = segment.catch(() => undefined);
      return segment;
    },
    close: () => {
      deflate.destroy();
      failCurrent?.(new Error('the compressor is closed'));
    },
  };
}
