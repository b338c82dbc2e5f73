// One subscriber's socket in a price channel (price-channel.ts): what it has been sent, whether its socket is
// backed up, and how its events are compressed. A gzip member takes the channel's shared segments while it is
// `attached` (the same bytes as every other attached member), else compresses its own with a compressor of
// its own, started afresh each time it leaves the shared output so its segments never refer to text it did
// not compress (gzip-segments.ts).
//
// Backed up: an event written while the socket's buffer is full is dropped, never queued (a slow phone must
// not hold a tick's worth of memory per event); once the socket drains the channel sends it a snapshot.
import type { Writable } from 'node:stream';
import { createSegmentCompressor, gzipEnd, gzipHeader, tally, type GzipTally, type SegmentCompressor } from './gzip-segments.ts';

export type EventSocket = Writable & { readonly writableEnded: boolean; readonly writableNeedDrain: boolean };

export type StreamMember = ReturnType<typeof createStreamMember>;

export function createStreamMember(socket: EventSocket, gzip: boolean) {
  let congested = false;
  let dropped = false;
  let ended = false;
  let sent: GzipTally = { crc: 0, size: 0 };
  let own: SegmentCompressor | null = null;
  if (gzip) socket.write(gzipHeader);

  /** Writes a chunk unless the socket is backed up (then it is dropped); whether it went out. */
  function put(text: string, chunk: string | Buffer): boolean {
    if (ended || socket.writableEnded || socket.destroyed) return false;
    if (congested) {
      dropped = true;
      return false;
    }
    // A big event may fill the buffer by itself: it is queued whole, and only later events wait for the drain.
    congested = !socket.write(chunk);
    if (gzip) sent = tally(sent, text);
    return true;
  }

  const member = {
    gzip,
    /** A gzip member taking the channel's shared segments as they are. */
    attached: false,
    /** It holds the channel's current quotes (its snapshot and every event since reached its socket). */
    inSync: false,
    /** The event as the channel compressed it for every attached member (`segment`), or as text (plain). */
    write(text: string, segment?: Buffer): boolean {
      const written = put(text, gzip ? (segment ?? Buffer.alloc(0)) : text);
      if (!written) {
        // What it missed: its quotes (a snapshot will follow the drain), and the text its compressor or the
        // channel's refer to from now on.
        member.inSync = false;
        member.attached = false;
        own?.close();
        own = null;
      }
      return written;
    },
    /** The event for this member alone: its own compressor's segment (gzip), or the text. */
    async writeOwn(text: string): Promise<boolean> {
      // A backed-up socket drops it anyway: nothing is compressed for it.
      if (!gzip || congested || member.ended()) return member.write(text);
      own ??= createSegmentCompressor();
      const segment = await own.compress(text).catch(() => null);
      // Its compressor closed under it: the socket went away meanwhile.
      return segment === null ? false : member.write(text, segment);
    },
    /** It now takes the shared segments: its own compressor goes (a later one starts afresh). */
    attach(): void {
      member.attached = true;
      own?.close();
      own = null;
    },
    /** The socket drained: events flow again; answers whether any was dropped meanwhile. */
    drained(): boolean {
      congested = false;
      const wasDropped = dropped;
      dropped = false;
      return wasDropped;
    },
    ended: () => ended || socket.writableEnded || socket.destroyed,
    /** Ends the response (gzip: its final block and trailer). */
    end(): void {
      if (ended) return;
      ended = true;
      own?.close();
      own = null;
      if (gzip && !socket.destroyed) socket.write(gzipEnd(sent));
      socket.end();
    },
    /** The socket closed: frees the member's compressor. */
    dispose(): void {
      ended = true;
      own?.close();
      own = null;
    },
  };
  return member;
}
