// One subscriber's live price stream, as Server-Sent Events: a full snapshot when it subscribes and whenever
// it must resync, then on each tick only what changed since what this subscriber holds (for each moved
// instrument, the quote's fields whose value differs). A whole NIFTY chain's snapshot is about 130 KB;
// a tick's delta is a fraction of it, since the previous close, open interest and far strikes' prices
// rarely move. Written as JSON with names, or in the compact encoding (compact-quotes.ts); gzip on top is
// the route's (stream-compression.ts).
//
// What the subscriber "holds" is only what reached the socket's queue: an event dropped while the socket was
// congested never counts, and once the socket drains a snapshot starts afresh. Events go out one at a time
// in order (quotes are computed asynchronously), so a delta is never diffed against a snapshot that is
// still being written, and a slow tick can never overtake the next.
import type { LastPrice, MarketStatus } from '../services/market/market-service.ts';
import { createCompactEncoder } from './compact-quotes.ts';

export type StreamSink = {
  /** Queues a chunk; false when the socket's buffer is full (the sink emits drain later). */
  write(chunk: string): boolean;
  ended(): boolean;
};

export type FullSnapshot = { seq: number; market: MarketStatus; data: Record<string, LastPrice> };
export type TickQuotes = { seq: number; data: Record<string, LastPrice> };
export type QuoteDelta = { [K in keyof LastPrice]?: LastPrice[K] };
/** How events are written: JSON with names (the default), or the compact encoding (compact-quotes.ts). */
export type StreamFormat = 'json' | 'compact';

/**
 * The fields of `next` that differ from `previous` (every field without a previous), null when nothing
 * changed, or 'resync' when a field `previous` had is gone (JSON cannot say "removed": a snapshot must).
 */
export function changedFields(previous: LastPrice | undefined, next: LastPrice): QuoteDelta | null | 'resync' {
  if (previous === undefined) return { ...next };
  const delta: Record<string, unknown> = {};
  for (const key of Object.keys(previous)) if (!(key in next)) return 'resync';
  let changed = false;
  for (const [key, value] of Object.entries(next)) {
    if ((previous as Record<string, unknown>)[key] === value) continue;
    delta[key] = value;
    changed = true;
  }
  return changed ? (delta as QuoteDelta) : null;
}

export function createStreamSession({
  sink,
  loadSnapshot,
  onError,
  now = () => Date.now(),
  format = 'json',
}: {
  sink: StreamSink;
  loadSnapshot: () => Promise<FullSnapshot>;
  onError: (error: unknown) => void;
  now?: () => number;
  format?: StreamFormat;
}) {
  const compact = format === 'compact' ? createCompactEncoder() : null;
  /** The quote the subscriber holds for each instrument: the last snapshot with every delta since applied. */
  let held = new Map<string, LastPrice>();
  let congested = false;
  let dropped = false;
  let lastSentAt = now();
  let queue: Promise<void> = Promise.resolve();

  /** Writes one event unless the socket is congested (then it is dropped); returns whether it went out. */
  function send(event: string, data: unknown, id?: number): boolean {
    if (sink.ended()) return false;
    if (congested) {
      dropped = true;
      return false;
    }
    const idLine = id === undefined ? '' : `id: ${id}\n`;
    // A big event may fill the buffer by itself: it is queued whole, and only later events wait for the drain.
    congested = !sink.write(`${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    lastSentAt = now();
    return true;
  }

  function enqueue(job: () => Promise<void> | void): Promise<void> {
    queue = queue.then(job).catch(onError);
    return queue;
  }

  async function snapshot(): Promise<void> {
    const { seq, market, data } = await loadSnapshot();
    const encoded = compact?.snapshot(market, data);
    if (!send('snapshot', encoded?.payload ?? { market, data }, seq)) return;
    encoded?.commit();
    held = new Map(Object.entries(data));
  }

  async function tick(load: () => Promise<TickQuotes>): Promise<void> {
    const { seq, data } = await load();
    const deltas: Record<string, QuoteDelta> = {};
    let any = false;
    for (const [instrument, quote] of Object.entries(data)) {
      const delta = changedFields(held.get(instrument), quote);
      if (delta === 'resync') return snapshot();
      if (delta === null) continue;
      deltas[instrument] = delta;
      any = true;
    }
    if (!any) return;
    const payload = compact === null ? { data: deltas } : compact.delta(deltas);
    if (payload === 'resync') return snapshot();
    if (!send('delta', payload, seq)) return;
    for (const [instrument, quote] of Object.entries(data)) held.set(instrument, quote);
  }

  return {
    /** The first event: the full snapshot. */
    subscribe: () => enqueue(snapshot),
    /** A tick moved some of this stream's instruments: `load` computes their quotes. */
    tick: (load: () => Promise<TickQuotes>) => enqueue(() => tick(load)),
    market: (status: MarketStatus) => enqueue(() => void send('market', status)),
    /** Sent at once, out of the queue: it carries nothing the subscriber merges. */
    heartbeat: () => void send('heartbeat', { timestamp: new Date(now()).toISOString() }),
    /**
     * A live feed is alive though nothing this stream watches moved: an empty delta, which the client counts as
     * prices arriving (a heartbeat does not), so its "prices delayed" notice appears only when the feed is silent.
     */
    keepAlive: () => enqueue(() => void send('delta', compact?.keepAlive() ?? { data: {} })),
    error: (body: { message: string; code: string }) => void send('error', body),
    /** The socket drained: events flow again, and if any was dropped a snapshot resyncs the subscriber. */
    drained: () => {
      congested = false;
      if (!dropped) return;
      dropped = false;
      void enqueue(snapshot);
    },
    lastSentAt: () => lastSentAt,
  };
}
