// gzip for the live price stream. The stream's reply is hijacked (it never ends by itself), so the global
// compression plugin never sees it: each stream gets its own gzip context, flushed after every event so the
// event leaves at once, and kept across events, so an event costs little more than what differs from the
// ones before it (field names, instruments and most digits repeat from tick to tick). On a phone's desk this
// is most of the saving: a tick's JSON compresses about seven times.
import type { Writable } from 'node:stream';
import { constants, createGzip } from 'node:zlib';
import type { StreamSink } from './market-stream.ts';

/**
 * A 16 KB window and a smaller hash table: about 128 KB of memory a stream instead of zlib's 256 KB, for a
 * stream within 4 % of the default's size (the last few ticks, which is what repeats, fit in 16 KB).
 */
const gzipOptions = { level: 6, windowBits: 14, memLevel: 7 };

/** What may wait in gzip's input before the stream counts as congested: a few whole-chain snapshots. */
const pendingLimit = 1_000_000;

/** Whether an Accept-Encoding header accepts gzip (listed, and not with q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name = '', ...params] = part.split(';').map((item) => item.trim());
    if (name.toLowerCase() !== 'gzip') return false;
    const quality = params.find((param) => param.toLowerCase().startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

export type EventSocket = Writable & { readonly writableEnded: boolean; readonly writableNeedDrain: boolean };

/** What a stream session writes into: the socket itself, or a gzip context in front of it. */
export type StreamOutput = {
  sink: StreamSink;
  /** Called when writing may resume after a write answered false. */
  onDrain: (listener: () => void) => void;
  end: () => void;
  /** The socket closed: frees what the output holds (a gzip context's memory). */
  dispose: () => void;
};

export function plainOutput(socket: EventSocket): StreamOutput {
  return {
    sink: { write: (chunk) => socket.write(chunk), ended: () => socket.writableEnded },
    onDrain: (listener) => socket.on('drain', listener),
    end: () => socket.end(),
    dispose: () => undefined,
  };
}

/**
 * Events through one gzip context into the socket, each flushed whole (Z_SYNC_FLUSH: the browser can inflate
 * it at once). A write answers false while the socket is backed up (or gzip's input is, behind it), so the
 * session's congestion handling (drop, then resync on drain) works as without compression.
 */
export function gzipOutput(socket: EventSocket): StreamOutput {
  const gzip = createGzip(gzipOptions);
  // A write racing the socket's close (then dispose) must not become an uncaught error that ends the
  // server: the stream is over either way, and the route has already let go of it.
  gzip.on('error', () => undefined);
  gzip.pipe(socket);
  let ended = false;
  return {
    sink: {
      write: (chunk) => {
        gzip.write(chunk);
        gzip.flush(constants.Z_SYNC_FLUSH);
        // Compression runs off the event loop, so a big snapshot waits in gzip's input a moment: that is not
        // a slow reader. A backed-up socket is (the pipe then stops reading gzip, whose input grows).
        return !socket.writableNeedDrain && gzip.writableLength < pendingLimit;
      },
      ended: () => ended || socket.writableEnded,
    },
    onDrain: (listener) => {
      gzip.on('drain', listener);
      socket.on('drain', listener);
    },
    end: () => {
      if (ended) return;
      ended = true;
      // Ending gzip writes its trailer, then ends the socket through the pipe.
      gzip.end();
    },
    dispose: () => {
      ended = true;
      gzip.unpipe(socket);
      gzip.destroy();
    },
  };
}
