// Upstox's market feed v3 end to end: the test server encodes FeedResponse frames with protobufjs from Upstox's
// own .proto (shared/upstox-js-sdk); the wire layer authorizes, subscribes, decodes them and turns them into the
// price stream's quotes; a silent feed is stale and reconnects, a dead token stops it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFeedConnection, type FeedConnection } from '../../../server/services/brokers/upstox/feed-connection.ts';
import { decodeFeedFrame, FeedFrameError, type FeedFrame } from '../../../server/services/brokers/upstox/feed-frames.ts';
import { limitBreach } from '../../../server/services/brokers/upstox/feed-limits.ts';
import { quoteOfFeed } from '../../../server/services/brokers/upstox/feed-quotes.ts';
import { authorizeMarketFeed } from '../../../server/services/brokers/upstox/upstox-market.ts';
import { eventQueue, manualScheduler } from '../kite/kite-support.ts';
import { type LoggedIn, startLoggedIn } from './upstox-support.ts';

const call = 'NSE_FO|43919';
const put = 'NSE_FO|43920';
const nifty = 'NSE_INDEX|Nifty 50';
const greeks = { delta: 0.5123, theta: -12.4, gamma: 0.0011, vega: 9.87, rho: 0.5 };

type Event = { kind: 'frame'; frame: FeedFrame } | { kind: 'stale' | 'fresh' | 'token' | 'connected' } | { kind: 'retry'; delayMs: number };

let upstox: LoggedIn;
let feed: FeedConnection | null = null;
beforeAll(async () => {
  upstox = await startLoggedIn();
});
afterEach(() => feed?.close());
afterAll(() => upstox.server.close());

function openFeed() {
  const events = eventQueue<Event>();
  const scheduler = manualScheduler();
  feed = createFeedConnection({
    authorize: () => authorizeMarketFeed(upstox.http),
    scheduler,
    clock: upstox.time.clock,
    staleAfterMs: 5000,
    backoff: { initialMs: 1000, maxMs: 8000 },
    onFrame: (frame) => events.push({ kind: 'frame', frame }),
    onStale: () => events.push({ kind: 'stale' }),
    onFresh: () => events.push({ kind: 'fresh' }),
    onConnected: () => events.push({ kind: 'connected' }),
    onTokenError: () => events.push({ kind: 'token' }),
    onReconnectScheduled: (_attempt, delayMs) => events.push({ kind: 'retry', delayMs }),
  });
  feed.connect();
  const frame = async (match: (frame: FeedFrame) => boolean) => {
    const event = await events.next((candidate) => candidate.kind === 'frame' && match(candidate.frame));
    if (event.kind !== 'frame') throw new Error('not a frame');
    return event.frame;
  };
  return { events, scheduler, frame, feed };
}

describe('Upstox market feed v3', () => {
  it('opens with the market status, then decodes full snapshots of options and indices into quotes', async () => {
    upstox.server.control.setQuote(call, { last: 120, close: 110, open: 112, volume: 150_000, oi: 2_476_650, iv: 0.125, greeks });
    const { events, frame, feed: connection } = openFeed();
    await events.next((event) => event.kind === 'connected');
    const info = await frame((candidate) => candidate.type === 'market_info');
    expect(Object.fromEntries(info.segmentStatus)).toEqual({ NSE_FO: 'NORMAL_OPEN', NSE_INDEX: 'NORMAL_OPEN' });

    connection.subscribe([call, nifty], 'full');
    const snapshot = await frame((candidate) => candidate.type === 'initial_feed');
    expect([...snapshot.feeds.keys()].sort()).toEqual([call, nifty].sort());
    const receivedAt = upstox.time.clock();
    // The day's range runs from the call's opening premium (247.10: Black-76 at its strike's IV, to the 15:40 close) to the price set.
    expect(quoteOfFeed(snapshot.feeds.get(call)!, receivedAt)).toEqual({
      last_price: 120, timestamp: receivedAt.toISOString(), close: 110, change: 10, change_percent: 9.09, open: 112, high: 247.1, low: 120,
      volume: 150_000, oi: 2_476_650, bid: 119.95, ask: 120.05, iv: 12.5, delta: 0.5123, gamma: 0.0011, theta: -12.4, vega: 9.87,
    });
    expect(quoteOfFeed(snapshot.feeds.get(nifty)!, receivedAt)).toEqual({ last_price: 26_000, timestamp: receivedAt.toISOString(), close: 26_000, change: 0, change_percent: 0, open: 26_000, high: 26_000, low: 26_000 });
    expect(upstox.server.control.feedRequests().at(-1)).toMatchObject({ method: 'sub', data: { mode: 'full', instrumentKeys: [call, nifty] } });
  });

  it('sends each price change as a live frame; ltpc and option-greeks modes carry what they promise', async () => {
    const { frame, feed: connection } = openFeed();
    await frame((candidate) => candidate.type === 'market_info');
    connection.subscribe([put], 'ltpc');
    await frame((candidate) => candidate.type === 'initial_feed');
    upstox.server.control.setQuote(put, { last: 98.35, close: 100 });
    const live = await frame((candidate) => candidate.type === 'live_feed');
    expect(live.feeds.get(put)).toMatchObject({ kind: 'ltpc', ltpc: { ltp: 98.35, cp: 100 } });
    expect(quoteOfFeed(live.feeds.get(put)!, upstox.time.clock())).toEqual({ last_price: 98.35, timestamp: upstox.time.clock().toISOString(), close: 100, change: -1.65, change_percent: -1.65 });

    connection.subscribe([put], 'option_greeks');
    const greekFrame = await frame((candidate) => candidate.feeds.get(put)?.kind === 'first_level_with_greeks');
    expect(upstox.server.control.feedRequests().at(-1)).toMatchObject({ method: 'change_mode', data: { mode: 'option_greeks', instrumentKeys: [put] } });
    expect(quoteOfFeed(greekFrame.feeds.get(put)!, upstox.time.clock())).toMatchObject({ last_price: 98.35, bid: 98.3, ask: 98.4 });
  });

  it('a silent feed is stale, reconnects through a fresh authorize and replays its subscriptions', async () => {
    const { events, scheduler, frame, feed: connection } = openFeed();
    await frame((candidate) => candidate.type === 'market_info');
    connection.subscribe([call], 'full');
    await frame((candidate) => candidate.type === 'initial_feed');
    upstox.server.control.silenceFeed(true);
    scheduler.advance(5000);
    await events.next((event) => event.kind === 'stale');
    expect(await events.next((event) => event.kind === 'retry')).toEqual({ kind: 'retry', delayMs: 1000 });
    upstox.server.control.silenceFeed(false);
    scheduler.advance(1000);
    await events.next((event) => event.kind === 'connected');
    await events.next((event) => event.kind === 'fresh');
    const replayed = await frame((candidate) => candidate.type === 'initial_feed' && candidate.feeds.has(call));
    expect(replayed.feeds.get(call)?.kind).toBe('market_full');
    expect(connection.isStale()).toBe(false);
  });

  it('a quiet feed that Upstox still pings is alive; five seconds after the last ping it is stale', async () => {
    const { events, scheduler, frame, feed: connection } = openFeed();
    await frame((candidate) => candidate.type === 'market_info');
    scheduler.advance(4000);
    const pong = upstox.server.control.nextFeedPong();
    upstox.server.control.pingFeed();
    await pong;
    scheduler.advance(4000);
    expect(connection.isStale()).toBe(false);
    scheduler.advance(1000);
    await events.next((event) => event.kind === 'stale');
    expect(connection.isStale()).toBe(true);
  });

  it('stops when Upstox no longer accepts the token (03:30 IST, a logout elsewhere), and says so', async () => {
    const { events, scheduler, frame, feed: connection } = openFeed();
    await frame((candidate) => candidate.type === 'market_info');
    upstox.server.control.expireAllTokens();
    await events.next((event) => event.kind === 'retry');
    scheduler.advance(1000);
    await events.next((event) => event.kind === 'token');
    expect(connection.state()).toBe('closed');
  });
});

describe('Upstox feed frames and limits', () => {
  it('refuses bytes that are no FeedResponse', () => {
    expect(() => decodeFeedFrame(new Uint8Array([0x0a, 0xff, 0xff]))).toThrow(FeedFrameError);
  });

  it('keeps to Upstox’s subscription limits, alone and combined', () => {
    const keys = (count: number, mode: 'ltpc' | 'full') => new Map(Array.from({ length: count }, (_, index) => [`NSE_FO|${index}-${mode}`, mode] as const));
    expect(limitBreach(keys(2000, 'full'))).toBeNull();
    expect(limitBreach(keys(2001, 'full'))).toMatch(/at most 2000/);
    expect(limitBreach(new Map([...keys(1500, 'full'), ...keys(10, 'ltpc')]))).toBeNull();
    expect(limitBreach(new Map([...keys(1501, 'full'), ...keys(10, 'ltpc')]))).toMatch(/at most 1500 instruments in full mode beside other modes/);
    const connection = createFeedConnection({ authorize: () => Promise.reject(new Error('not used')) });
    expect(() => connection.subscribe([...keys(5001, 'ltpc').keys()], 'ltpc')).toThrow(RangeError);
    expect(connection.subscriptions().size).toBe(0);
  });
});
