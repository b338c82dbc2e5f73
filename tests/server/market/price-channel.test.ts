// The streams watching the same instruments (a price channel): a snapshot on joining, then deltas of only the
// changed fields, diffed against what reached each socket; a stream that lost events to a backed-up socket
// gets a snapshot once it drains. Whatever a tick sends is worked out once for all of them (the delta, its
// JSON, its compression), and each gzip stream still inflates to exactly what it was sent.
import { constants, DeflateRaw, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { components as analytics } from '../../../openapi/analytics.d.ts';
import { changedFields, type FullSnapshot, type StreamFormat } from '../../../server/http/market-stream.ts';
import { createPriceChannel, rejoinEveryMs } from '../../../server/http/price-channel.ts';
import { createStreamMember, type EventSocket } from '../../../server/http/stream-member.ts';

type Quote = analytics['schemas']['LastPrice'];
type Sent = { event: string; data: { data?: Record<string, Partial<Quote>> } };

const market = { status: 'open', demo: true, timestamp: '2026-11-20T04:30:00.000Z' } as const;
const at = (second: number) => `2026-11-20T04:30:${String(second).padStart(2, '0')}.000Z`;
const option = (second: number, last_price: number, iv: number | null = 12.5): Quote => ({
  last_price,
  timestamp: at(second),
  close: 150,
  change: last_price - 150,
  bid: last_price - 0.05,
  ask: last_price + 0.05,
  oi: 65_000,
  iv,
});

/** A socket that keeps what it is written, and whose buffer the test fills at will. */
function recordingSocket(gzip: boolean) {
  const chunks: (string | Buffer)[] = [];
  let full = false;
  let ended = false;
  const socket = {
    write: (chunk: string | Buffer) => {
      chunks.push(chunk);
      return !full;
    },
    end: () => {
      ended = true;
    },
    get writableEnded() {
      return ended;
    },
    writableNeedDrain: false,
    destroyed: false,
  } as unknown as EventSocket;
  const all = () => Buffer.concat(chunks.map((chunk) => Buffer.from(chunk)));
  // Inflated as far as it has come (a stream not ended yet has no trailer).
  const text = () => (gzip ? gunzipSync(all(), { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8') : chunks.join(''));
  return {
    member: createStreamMember(socket, gzip),
    congest: (value: boolean) => (full = value),
    bytes: () => chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0),
    /** The events it was sent, heartbeats left out. */
    events: (): Sent[] =>
      text()
        .split('\n\n')
        .filter((frame) => frame !== '' && !frame.includes('event: heartbeat'))
        .map((frame) => ({ event: /^event: (.*)$/m.exec(frame)![1]!, data: JSON.parse(/^data: (.*)$/m.exec(frame)![1]!) })),
    text,
    /** An ended gzip stream inflated whole: gzip's own check (its trailer's CRC and length) must hold. */
    whole: () => gunzipSync(all()).toString('utf8'),
  };
}

function harness(format: StreamFormat = 'json') {
  let clock = Date.parse(at(0));
  let current: Record<string, Quote> = { 'NFO:A': option(0, 150), 'NFO:B': option(0, 3.2) };
  const channel = createPriceChannel({
    format,
    loadSnapshot: async (): Promise<FullSnapshot> => ({ seq: 1, market, data: current }),
    onError: (error) => {
      throw error;
    },
    onQuiet: () => undefined,
    heartbeatMs: 60_000,
    now: () => clock,
  });
  const tick = (seq: number, quotes: Record<string, Quote>) => {
    current = { ...current, ...quotes };
    return channel.tick(async () => ({ seq, data: quotes }));
  };
  const join = (gzip = false) => {
    const socket = recordingSocket(gzip);
    const membership = channel.join(socket.member);
    return { ...socket, membership };
  };
  return { channel, tick, join, advance: (ms: number) => (clock += ms) };
}

let closing: (() => void)[] = [];
afterEach(() => {
  for (const close of closing) close();
  closing = [];
  vi.restoreAllMocks();
});

describe('a price channel', () => {
  it('sends a full snapshot on joining, then only the fields that changed', async () => {
    const { channel, tick, join } = harness();
    closing.push(channel.close);
    const stream = join();
    await channel.idle();
    expect(stream.events()).toEqual([{ event: 'snapshot', data: { market, data: { 'NFO:A': option(0, 150), 'NFO:B': option(0, 3.2) } } }]);

    await tick(2, { 'NFO:A': option(1, 151.5), 'NFO:B': option(1, 3.2) });
    // B's price did not move: only its time; A's price, change, bid and ask moved; close, oi and iv did not.
    expect(stream.events()[1]).toEqual({
      event: 'delta',
      data: {
        data: {
          'NFO:A': { last_price: 151.5, timestamp: at(1), change: 1.5, bid: 151.45, ask: 151.55 },
          'NFO:B': { timestamp: at(1) },
        },
      },
    });
    // A field that becomes null is sent as null; nothing changed, nothing sent.
    await tick(3, { 'NFO:B': option(1, 3.2, null) });
    expect(stream.events()[2]).toEqual({ event: 'delta', data: { data: { 'NFO:B': { iv: null } } } });
    await tick(4, { 'NFO:B': option(1, 3.2, null) });
    expect(stream.events()).toHaveLength(3);
    // A stream joining now is sent the quotes as they are, not as they were.
    const later = join();
    await channel.idle();
    expect(later.events()).toEqual([{ event: 'snapshot', data: { market, data: { 'NFO:A': option(1, 151.5), 'NFO:B': option(1, 3.2, null) } } }]);
  });

  it('resyncs a stream with a full snapshot after dropping events for its backed-up socket', async () => {
    const { channel, tick, join } = harness();
    closing.push(channel.close);
    const slow = join();
    const quick = join();
    slow.congest(true);
    // The snapshot fills the buffer by itself: it is still sent whole.
    await channel.idle();
    await tick(2, { 'NFO:A': option(1, 152) });
    // Dropped (the socket has not drained): never counted as held by the subscriber; the other stream has it.
    expect(slow.events().map((e) => e.event)).toEqual(['snapshot']);
    expect(quick.events().map((e) => e.event)).toEqual(['snapshot', 'delta']);
    slow.congest(false);
    slow.membership.drained();
    await tick(3, { 'NFO:A': option(2, 152) });
    // After the drain: a full snapshot with what it missed, then deltas relative to it.
    expect(slow.events().map((e) => e.event)).toEqual(['snapshot', 'snapshot', 'delta']);
    expect(slow.events()[1]!.data.data!['NFO:A']).toEqual(option(1, 152));
    expect(slow.events()[2]).toEqual({ event: 'delta', data: { data: { 'NFO:A': { timestamp: at(2) } } } });
    expect(quick.events()[2]).toEqual(slow.events()[2]);
  });

  it('diffs field by field, and asks for a resync when a field disappears', () => {
    expect(changedFields(undefined, option(0, 1))).toEqual(option(0, 1));
    expect(changedFields(option(0, 1), option(0, 1))).toBeNull();
    const { iv: _gone, ...withoutIv } = option(1, 1);
    expect(changedFields(option(0, 1), withoutIv)).toBe('resync');
  });

  it('works out a tick once however many streams watch: one delta, one JSON, one compression', async () => {
    /** What one tick costs with `count` gzip streams joined (compact, as the PWA asks). */
    async function oneTick(count: number) {
      const { channel, tick, join } = harness('compact');
      closing.push(channel.close);
      const streams = Array.from({ length: count }, () => join(true));
      await channel.idle();
      // The first tick after joining gathers every stream onto the shared compression.
      await tick(2, { 'NFO:A': option(1, 151) });
      const stringify = vi.spyOn(JSON, 'stringify');
      const compress = vi.spyOn(DeflateRaw.prototype, 'write');
      await tick(3, { 'NFO:A': option(2, 152), 'NFO:B': option(2, 3.3) });
      const counts = { json: stringify.mock.calls.length, compressions: compress.mock.calls.filter(([chunk]) => typeof chunk === 'string').length };
      vi.restoreAllMocks();
      return { counts, streams };
    }
    const one = await oneTick(1);
    const many = await oneTick(300);
    expect(one.counts).toEqual({ json: 1, compressions: 1 });
    expect(many.counts).toEqual(one.counts);
    // Every stream has the same events as the one alone.
    for (const stream of many.streams) expect(stream.events()).toEqual(one.streams[0]!.events());
  });

  it('inflates, stream by stream, to exactly what each was sent, whenever it joined, lagged or was told something alone', async () => {
    const { channel, tick, join, advance } = harness('compact');
    closing.push(channel.close);
    const first = join(true);
    await channel.idle();
    await tick(2, { 'NFO:A': option(1, 151) });
    // A second stream joins mid-way, a third lags behind and resyncs, and the first is told an event of its own.
    const second = join(true);
    const third = join(true);
    await tick(3, { 'NFO:A': option(2, 152) });
    third.congest(true);
    first.membership.send('orders', { account_id: 7 });
    await tick(4, { 'NFO:B': option(3, 3.4) });
    // Its buffer was full after that one: the next is dropped.
    await tick(5, { 'NFO:B': option(4, 3.5) });
    third.congest(false);
    third.membership.drained();
    const move = (second: number) => tick(second, { 'NFO:A': option(second, 150 + second / 10), 'NFO:B': option(second, 3 + second / 100) });
    for (let second = 6; second < 20; second += 1) await move(second);
    // A fourth joining now, while three share, compresses its own copy until the shared output makes room
    // for it (a full flush).
    const fourth = join(true);
    await move(20);
    const compress = vi.spyOn(DeflateRaw.prototype, 'write');
    await move(21);
    expect(compress.mock.calls.filter(([chunk]) => typeof chunk === 'string')).toHaveLength(2);
    advance(rejoinEveryMs);
    for (let second = 22; second < 40; second += 1) await move(second);
    compress.mockClear();
    await move(40);
    expect(compress.mock.calls.filter(([chunk]) => typeof chunk === 'string')).toHaveLength(1);
    for (const { membership } of [first, second, third, fourth]) membership.end({ message: 'restarting', code: 'server_restarting' });
    await channel.idle();
    // gzip's own check (its trailer's CRC and length) holds, and each ends on the same quotes.
    for (const stream of [first, second, third, fourth]) {
      expect(stream.whole()).toBe(stream.text());
      expect(stream.events().at(-1)).toEqual({ event: 'error', data: { message: 'restarting', code: 'server_restarting' } });
    }
    expect(first.events().filter((e) => e.event === 'orders')).toHaveLength(1);
    expect(second.events().some((e) => e.event === 'orders')).toBe(false);
    expect(third.events().map((e) => e.event).filter((e) => e === 'snapshot')).toHaveLength(2);
    const deltas = (stream: typeof first) => stream.events().filter((e) => e.event === 'delta').slice(-15);
    expect(deltas(second)).toEqual(deltas(first));
    expect(deltas(third)).toEqual(deltas(first));
    expect(deltas(fourth)).toEqual(deltas(first));
  });
});
