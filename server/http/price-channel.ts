// A price channel: the streams that watch the same instruments from the same source in the same encoding.
// Whatever they are sent is worked out once for all of them: the quotes they hold (one frame: the snapshot
// with every tick since merged in), each tick's delta against it, its encoding and its JSON, and for the gzip
// streams its compression (gzip-segments.ts); then the same text, or the same bytes, go to every socket. So a
// tick costs the server per distinct list of instruments watched, plus one socket write per stream.
//
// A stream gets a snapshot when it joins (the frame as it is: no quote is computed again for it) and whenever
// it lost events to a backed-up socket (stream-member.ts), then every delta. Events go out one at a time in
// order (quotes are computed asynchronously), so a delta is never diffed against a frame still being written,
// and a slow tick can never overtake the next.
//
// Compression: a gzip stream joins the shared output at a full flush of the channel's compressor; until then
// (it just had a snapshot of its own, or an event for it alone) it compresses its own copy. A full flush costs
// every stream sharing the output a little (the next event is compressed without the ones before), so it is
// made when nobody shares yet, when as many wait as share, or at most every `rejoinEveryMs`. A stream alone in
// its channel (a desk whose instruments nobody else watches) stays on the shared output throughout.
import { createCompactEncoder } from './compact-quotes.ts';
import { createSegmentCompressor, type SegmentCompressor } from './gzip-segments.ts';
import { changedFields, type FullSnapshot, type QuoteDelta, type StreamFormat, type TickQuotes } from './market-stream.ts';
import type { MarketStatus } from '../services/market/market-service.ts';
import type { StreamMember } from './stream-member.ts';

/** How often at most streams waiting for the shared output make the others pay for a full flush. */
export const rejoinEveryMs = 15_000;

type ChannelOptions = {
  format: StreamFormat;
  loadSnapshot: () => Promise<FullSnapshot>;
  onError: (error: unknown) => void;
  /** Called each `heartbeatMs` that passed with nothing sent (it sends a heartbeat, or a broker's own word). */
  onQuiet: (channel: PriceChannel) => void;
  heartbeatMs: number;
  now?: () => number;
};

/** What a stream does with its channel: leave it, say its socket drained, be sent an event of its own, or be ended with an error event. */
export type Membership = {
  leave: () => void;
  drained: () => void;
  send: (event: string, data: unknown) => void;
  end: (error: { message: string; code: string }) => void;
};

export type PriceChannel = {
  join(member: StreamMember): Membership;
  tick(load: () => Promise<TickQuotes>): Promise<void>;
  market(status: MarketStatus): Promise<void>;
  heartbeat(): Promise<void>;
  keepAlive(): Promise<void>;
  /** How many streams it has. */
  size(): number;
  /** Resolves once everything asked of it so far has gone out. */
  idle(): Promise<void>;
  /** Its last stream left: stops its heartbeat and frees its compressor. */
  close(): void;
};

export function eventText(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function createPriceChannel({ format, loadSnapshot, onError, onQuiet, heartbeatMs, now = () => Date.now() }: ChannelOptions): PriceChannel {
  const members = new Set<StreamMember>();
  const compact = format === 'compact' ? createCompactEncoder() : null;
  let shared: SegmentCompressor | null = null;
  /** The quotes every stream in sync holds, and the market status it was last told. */
  let frame: FullSnapshot | null = null;
  /** The frame's snapshot event, written once however many streams it goes to. */
  let snapshotEvent: string | null = null;
  let lastSentAt = now();
  let lastFreshAt = Number.NEGATIVE_INFINITY;
  let queue: Promise<void> = Promise.resolve();

  let closed = false;

  function enqueue(job: () => Promise<unknown> | void): Promise<void> {
    // Once closed (its last stream left), what was still queued has nobody to go to, and fails quietly.
    queue = queue.then(() => (closed ? undefined : job())).then(
      () => undefined,
      (error: unknown) => {
        if (!closed) onError(error);
      },
    );
    return queue;
  }

  /** The frame's snapshot; with the compact encoding, its lists are the ones deltas refer to from now on. */
  function snapshotText(current: FullSnapshot): string {
    if (snapshotEvent !== null) return snapshotEvent;
    const encoded = compact?.snapshot(current.market, current.data);
    encoded?.commit();
    snapshotEvent = eventText('snapshot', encoded?.payload ?? { market: current.market, data: current.data }, current.seq);
    return snapshotEvent;
  }

  function compressShared(text: string, fresh: boolean): Promise<Buffer> {
    shared ??= createSegmentCompressor();
    if (fresh) lastFreshAt = now();
    return shared.compress(text, fresh);
  }

  /** An event for every stream holding the frame: the same text, or the same compressed bytes, to each. */
  async function broadcast(text: string): Promise<void> {
    lastSentAt = now();
    const recipients = [...members].filter((member) => member.inSync);
    for (const member of recipients) if (!member.gzip) member.write(text);
    const gzipped = recipients.filter((member) => member.gzip);
    const sharing = gzipped.filter((member) => member.attached).length;
    const waiting = gzipped.filter((member) => !member.attached);
    const fresh = waiting.length > 0 && (sharing === 0 || waiting.length >= sharing || now() - lastFreshAt >= rejoinEveryMs);
    if (fresh) for (const member of waiting) member.attach();
    const attached = gzipped.filter((member) => member.attached);
    const own = gzipped.filter((member) => !member.attached).map((member) => member.writeOwn(text));
    if (attached.length > 0) {
      const segment = await compressShared(text, fresh);
      for (const member of attached) member.write(text, segment);
    }
    await Promise.all(own);
  }

  /** An event for one stream alone (its snapshot, its account's orders, an error). */
  async function sendOne(member: StreamMember, text: string): Promise<boolean> {
    if (!member.gzip) return member.write(text);
    // Alone on the shared output, it keeps it: nobody else's bytes follow that compressor's history.
    if (![...members].some((other) => other !== member && other.attached)) {
      const fresh = !member.attached;
      if (fresh) member.attach();
      return member.write(text, await compressShared(text, fresh));
    }
    member.attached = false;
    return member.writeOwn(text);
  }

  async function resync(member: StreamMember): Promise<void> {
    if (frame === null) frame = await loadSnapshot();
    member.inSync = await sendOne(member, snapshotText(frame));
  }

  async function tick(load: () => Promise<TickQuotes>): Promise<void> {
    const { seq, data } = await load();
    if (frame === null) return;
    const deltas: Record<string, QuoteDelta> = {};
    let any = false;
    let whole = false;
    for (const [instrument, quote] of Object.entries(data)) {
      const delta = changedFields(frame.data[instrument], quote);
      if (delta === 'resync') whole = true;
      if (delta === null || delta === 'resync') continue;
      deltas[instrument] = delta;
      any = true;
    }
    frame = { seq, market: frame.market, data: { ...frame.data, ...data } };
    snapshotEvent = null;
    if (!any && !whole) return;
    const payload = whole ? 'resync' : compact === null ? { data: deltas } : compact.delta(deltas);
    await broadcast(payload === 'resync' ? snapshotText(frame) : eventText('delta', payload, seq));
  }

  const channel: PriceChannel = {
    /** A stream joins: it is sent the frame (loaded first when the channel has none) as its snapshot. */
    join(member: StreamMember): Membership {
      members.add(member);
      void enqueue(() => resync(member));
      return {
        leave: () => {
          members.delete(member);
          member.dispose();
        },
        // Events dropped while the socket was backed up: a snapshot starts it afresh.
        drained: () => {
          if (member.drained()) void enqueue(() => resync(member));
        },
        /** An event for this stream alone, in order with the channel's (its account's order changes). */
        send: (event, data) => void enqueue(() => sendOne(member, eventText(event, data))),
        end: (error) =>
          void enqueue(async () => {
            await sendOne(member, eventText('error', error));
            member.end();
          }),
      };
    },
    /** A tick moved some of the channel's instruments: `load` answers their quotes. */
    tick: (load: () => Promise<TickQuotes>) => enqueue(() => tick(load)),
    market: (status: MarketStatus) =>
      enqueue(async () => {
        if (frame !== null) frame = { ...frame, market: status };
        snapshotEvent = null;
        await broadcast(eventText('market', status));
      }),
    /** Nothing else to say: the stream is still here. */
    heartbeat: () => enqueue(() => broadcast(eventText('heartbeat', { timestamp: new Date(now()).toISOString() }))),
    /**
     * A live feed is alive though nothing this channel watches moved: an empty delta, which the client counts as
     * prices arriving (a heartbeat does not), so its "prices delayed" notice appears only when the feed is silent.
     */
    keepAlive: () => enqueue(() => broadcast(eventText('delta', compact?.keepAlive() ?? { data: {} }))),
    size: () => members.size,
    idle: () => queue,
    close: () => {
      closed = true;
      clearInterval(quiet);
      shared?.close();
      shared = null;
    },
  };
  const quiet = setInterval(() => {
    if (now() - lastSentAt >= heartbeatMs) onQuiet(channel);
  }, heartbeatMs);
  quiet.unref();
  return channel;
}
