// @vitest-environment node
// A closed market is not a dead network (issue 23): while the exchange is closed no price moves, but the
// server's stream still speaks (heartbeats), so the desk is alive and orders go as AMOs; a stream that says
// nothing at all, not even a heartbeat, is the server not answering, and trading stops.
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { feedCondition, silentStreamMs } from '@/features/market/feed/feed-condition';
import { createPriceFeed, type MarketStatus } from '@/features/market/feed/price-feed';
import { nextNetworkState, reachable, type NetworkState } from '@/lib/network/network-state';

const closed: MarketStatus = { status: 'closed', demo: false, timestamp: '2026-11-20T13:30:00.000Z', next_open: '2026-11-23T03:45:00.000Z' };
const open: MarketStatus = { status: 'open', demo: false, timestamp: '2026-11-20T05:30:00.000Z' };
const demo: MarketStatus = { status: 'closed', demo: true, timestamp: '2026-11-20T13:30:00.000Z' };

describe('the prices’ condition', () => {
  const now = 1_000_000;
  const hoursAgo = now - 3 * 3600_000;

  it('is "closed" while the exchange is closed and the server answers, however old the last prices', () => {
    expect(feedCondition({ network: reachable, market: closed, lastPriceAt: hoursAgo, now })).toBe('closed');
    expect(feedCondition({ network: reachable, market: closed, lastPriceAt: null, now })).toBe('closed');
  });

  it('is "unreachable" or "offline" whatever the market, when nothing answers', () => {
    expect(feedCondition({ network: { kind: 'unreachable', since: hoursAgo }, market: closed, lastPriceAt: hoursAgo, now })).toBe('unreachable');
    expect(feedCondition({ network: { kind: 'offline', since: hoursAgo }, market: closed, lastPriceAt: hoursAgo, now })).toBe('offline');
  });

  it('is "delayed" when an open market’s prices stop, "live" while they come, and the demo market never closes', () => {
    expect(feedCondition({ network: reachable, market: open, lastPriceAt: now - 11_000, now })).toBe('delayed');
    expect(feedCondition({ network: reachable, market: open, lastPriceAt: now - 2000, now })).toBe('live');
    expect(feedCondition({ network: reachable, market: demo, lastPriceAt: now - 2000, now })).toBe('live');
    expect(feedCondition({ network: reachable, market: null, lastPriceAt: null, now })).toBe('waiting');
  });
});

/** A feed on a manual clock whose stream the test writes to, chunk by chunk; silences are counted. */
function feedWithStream() {
  const store = createStore();
  const timers: { at: number; run: () => void }[] = [];
  let clock = 0;
  let write: (text: string) => void = () => undefined;
  let opens = 0;
  let silences = 0;
  let network: NetworkState = reachable;
  const encoder = new TextEncoder();
  const feed = createPriceFeed({
    store,
    transport: {
      openStream: () => {
        opens += 1;
        return Promise.resolve(
          new ReadableStream<Uint8Array>({
            start(controller) {
              write = (text) => controller.enqueue(encoder.encode(text));
            },
          }),
        );
      },
      poll: () => Promise.reject(new Error('no answer')),
    },
    now: () => clock,
    requestFrame: (callback) => callback(),
    setTimer: (run, ms) => {
      const timer = { at: clock + ms, run };
      timers.push(timer);
      return timer as unknown as ReturnType<typeof setTimeout>;
    },
    clearTimer: (timer) => {
      const i = timers.indexOf(timer as unknown as (typeof timers)[number]);
      if (i >= 0) timers.splice(i, 1);
    },
    // As the app does (live-feed.ts): a silent stream is the server not answering.
    onSilent: () => {
      silences += 1;
      network = nextNetworkState(network, { type: 'failed', at: clock });
    },
  });
  const settle = async () => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  };
  /** Moves the clock by `ms` in steps of `step`, running due timers. */
  const advance = async (ms: number, step = ms) => {
    for (let moved = 0; moved < ms; moved += step) {
      clock += step;
      for (;;) {
        const due = timers.filter((t) => t.at <= clock).sort((a, b) => a.at - b.at)[0];
        if (due === undefined) break;
        timers.splice(timers.indexOf(due), 1);
        due.run();
        await settle();
      }
      await settle();
    }
  };
  const condition = () =>
    feedCondition({ network, market: store.get(feed.marketAtom), lastPriceAt: store.get(feed.lastPriceAtAtom), now: clock });
  return {
    feed,
    store,
    advance,
    settle,
    condition,
    send: (event: string, data: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    opens: () => opens,
    silences: () => silences,
  };
}

const snapshot = { market: closed, data: { 'NSE:NIFTY 50': { last_price: 26048.35, timestamp: '2026-11-20T09:59:59.000Z' } } };

describe('the price stream while the market is closed', () => {
  it('stays alive on heartbeats alone: the prices are the last close, and nothing says the server is gone', async () => {
    const desk = feedWithStream();
    desk.feed.subscribe(['NSE:NIFTY 50']);
    await desk.advance(1);
    desk.send('snapshot', snapshot);
    await desk.settle();
    // Ten minutes with no price, a heartbeat every 5 s as the server sends them.
    for (let second = 0; second < 600; second += 5) {
      await desk.advance(5000);
      desk.send('heartbeat', { timestamp: new Date(second * 1000).toISOString() });
      await desk.settle();
    }
    expect(desk.silences()).toBe(0);
    expect(desk.opens()).toBe(1);
    expect(desk.store.get(desk.feed.modeAtom)).toBe('stream');
    expect(desk.condition()).toBe('closed');
  });

  it('is the server not answering when nothing at all comes, not even a heartbeat', async () => {
    const desk = feedWithStream();
    desk.feed.subscribe(['NSE:NIFTY 50']);
    await desk.advance(1);
    desk.send('snapshot', snapshot);
    await desk.settle();
    await desk.advance(silentStreamMs - 1000, 1000);
    expect(desk.silences()).toBe(0);
    await desk.advance(1000);
    expect(desk.silences()).toBe(1);
    expect(desk.condition()).toBe('unreachable');
    // The silent stream is dropped: polled meanwhile, and opened again.
    expect(desk.store.get(desk.feed.modeAtom)).toBe('polling');
    await desk.advance(1000);
    expect(desk.opens()).toBe(2);
  });
});
