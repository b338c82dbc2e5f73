// One subscriber's stream: a snapshot on subscribe, then deltas of only the changed fields, diffed against
// what actually reached the socket; events dropped while it was congested lead to a full snapshot once it
// drains (the resync), after which deltas continue from that snapshot.
import { describe, expect, it } from 'vitest';
import type { components as analytics } from '../../../openapi/analytics.d.ts';
import { changedFields, createStreamSession, type FullSnapshot } from '../../../server/http/market-stream.ts';

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

function harness() {
  const sent: Sent[] = [];
  let full = false;
  let current: Record<string, Quote> = { 'NFO:A': option(0, 150), 'NFO:B': option(0, 3.2) };
  const session = createStreamSession({
    sink: {
      write: (chunk) => {
        sent.push({ event: /^event: (.*)$/m.exec(chunk)![1]!, data: JSON.parse(/^data: (.*)$/m.exec(chunk)![1]!) });
        return !full;
      },
      ended: () => false,
    },
    loadSnapshot: async (): Promise<FullSnapshot> => ({ seq: 1, market, data: current }),
    onError: (error) => {
      throw error;
    },
  });
  const tick = (quotes: Record<string, Quote>) => {
    current = { ...current, ...quotes };
    return session.tick(async () => ({ seq: 2, data: quotes }));
  };
  return { sent, session, tick, congest: (value: boolean) => (full = value) };
}

describe('a price stream session', () => {
  it('sends a full snapshot on subscribe, then only the fields that changed', async () => {
    const { sent, session, tick } = harness();
    await session.subscribe();
    expect(sent).toEqual([{ event: 'snapshot', data: { market, data: { 'NFO:A': option(0, 150), 'NFO:B': option(0, 3.2) } } }]);

    await tick({ 'NFO:A': option(1, 151.5), 'NFO:B': option(1, 3.2) });
    // B's price did not move: only its time; A's price, change, bid and ask moved; close, oi and iv did not.
    expect(sent[1]).toEqual({
      event: 'delta',
      data: {
        data: {
          'NFO:A': { last_price: 151.5, timestamp: at(1), change: 1.5, bid: 151.45, ask: 151.55 },
          'NFO:B': { timestamp: at(1) },
        },
      },
    });
    // A field that becomes null is sent as null; nothing changed, nothing sent.
    await tick({ 'NFO:B': option(1, 3.2, null) });
    expect(sent[2]).toEqual({ event: 'delta', data: { data: { 'NFO:B': { iv: null } } } });
    await tick({ 'NFO:B': option(1, 3.2, null) });
    expect(sent).toHaveLength(3);
  });

  it('resyncs with a full snapshot after dropping events for a congested socket', async () => {
    const { sent, session, tick, congest } = harness();
    congest(true);
    // The snapshot fills the buffer by itself: it is still sent whole.
    await session.subscribe();
    expect(sent.map((e) => e.event)).toEqual(['snapshot']);
    congest(false);
    await tick({ 'NFO:A': option(1, 152) });
    // Dropped (the socket has not drained): never counted as held by the subscriber.
    expect(sent.map((e) => e.event)).toEqual(['snapshot']);
    session.drained();
    await tick({ 'NFO:A': option(2, 152) });
    // After the drain: a full snapshot (read when its turn came, so it already has the second tick), and
    // deltas relative to it: the second tick's adds nothing, the third's only its time.
    expect(sent.map((e) => e.event)).toEqual(['snapshot', 'snapshot']);
    expect(sent[1]!.data.data!['NFO:A']).toEqual(option(2, 152));
    expect(sent[1]!.data.data!['NFO:B']).toEqual(option(0, 3.2));
    await tick({ 'NFO:A': option(3, 152) });
    expect(sent[2]).toEqual({ event: 'delta', data: { data: { 'NFO:A': { timestamp: at(3) } } } });
  });

  it('diffs field by field, and asks for a resync when a field disappears', () => {
    expect(changedFields(undefined, option(0, 1))).toEqual(option(0, 1));
    expect(changedFields(option(0, 1), option(0, 1))).toBeNull();
    const { iv: _gone, ...withoutIv } = option(1, 1);
    expect(changedFields(option(0, 1), withoutIv)).toBe('resync');
  });
});
