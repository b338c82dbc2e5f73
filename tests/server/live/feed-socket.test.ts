// The one reconnect watchdog both live brokers' feeds stand on (server/services/brokers/live/feed-socket.ts:
// Kite's ticker-connection.ts and Upstox's feed-connection.ts): against a bare WebSocket server on 127.0.0.1,
// a socket silent past the threshold is stale and reopened with doubling delays up to the cap, a ping or a
// frame keeps it alive and resets the backoff, each opening asks the address afresh, a quiet broker's socket
// lives on its own pings' pongs, and a refused token stops it for good. Timers are stepped by hand.
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { createFeedSocket, type FeedSocket } from '../../../server/services/brokers/live/feed-socket.ts';
import { eventQueue, manualScheduler } from '../kite/kite-support.ts';
import { settle } from '../support/settle.ts';

type Event = { type: 'open' | 'stale' | 'fresh' | 'message' } | { type: 'reconnect'; attempt: number; delayMs: number } | { type: 'token'; status: number } | { type: 'error' };

describe('A live feed socket (the watchdog of every broker feed)', () => {
  let wss: WebSocketServer;
  let url: string;
  const sockets: WebSocket[] = [];
  /** Handshakes answered with this status instead of opening (null: open). */
  let refuseWith: number | null = null;

  beforeAll(async () => {
    wss = new WebSocketServer({ host: '127.0.0.1', port: 0, verifyClient: (_info, done) => (refuseWith === null ? done(true) : done(false, refuseWith)) });
    wss.on('connection', (socket) => sockets.push(socket));
    await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
    url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/feed`;
  });
  afterAll(() => new Promise<void>((resolve) => wss.close(() => resolve())));

  function open(address: () => Promise<{ url: string }> = async () => ({ url }), { read, ...tuning }: { pingEveryMs?: number; taken?: () => boolean; read?: (bytes: Buffer) => void } = {}) {
    const scheduler = manualScheduler();
    const events = eventQueue<Event>();
    let addresses = 0;
    const socket: FeedSocket = createFeedSocket({
      scheduler,
      staleAfterMs: 5000,
      backoff: { initialMs: 1000, maxMs: 4000 },
      ...tuning,
      address: () => {
        addresses += 1;
        return address();
      },
      tokenError: (refusal) => ('status' in refusal ? refusal.status === 401 : refusal.error instanceof Error && refusal.error.message === 'token'),
      onOpen: () => events.push({ type: 'open' }),
      onMessage: (bytes) => {
        read?.(bytes);
        events.push({ type: 'message' });
      },
      onError: () => events.push({ type: 'error' }),
      onStale: () => events.push({ type: 'stale' }),
      onFresh: () => events.push({ type: 'fresh' }),
      onReconnectScheduled: (attempt, delayMs) => events.push({ type: 'reconnect', attempt, delayMs }),
      onTokenError: (status) => events.push({ type: 'token', status }),
    });
    return { socket, scheduler, events, addresses: () => addresses, server: () => sockets.at(-1)! };
  }

  it('is stale after the threshold of silence, reconnects with doubling delays up to the cap, and is fresh once heard', async () => {
    const { socket, scheduler, events, addresses, server } = open();
    socket.connect();
    await events.next((event) => event.type === 'open');
    // A ping is a sign of life as a frame is: 4.999 s after it the socket is still live.
    scheduler.advance(3000);
    server().ping();
    server().send('tick');
    await events.next((event) => event.type === 'message');
    scheduler.advance(4999);
    expect(socket.isStale()).toBe(false);
    scheduler.advance(1);
    expect(socket.isStale()).toBe(true);
    await events.next((event) => event.type === 'stale');
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const reconnect = await events.next((event) => event.type === 'reconnect');
      if (reconnect.type === 'reconnect') delays.push(reconnect.delayMs);
      expect(socket.state()).toBe('waiting');
      scheduler.advance(reconnect.type === 'reconnect' ? reconnect.delayMs : 0);
      await events.next((event) => event.type === 'open');
      // Opened but silent again: still stale, dropped at the threshold.
      expect(socket.isStale()).toBe(true);
      scheduler.advance(5000);
    }
    expect(delays).toEqual([1000, 2000, 4000, 4000]);
    // Every opening asked for the address again (Upstox's is one-time).
    expect(addresses()).toBe(5);
    const last = await events.next((event) => event.type === 'reconnect');
    scheduler.advance(last.type === 'reconnect' ? last.delayMs : 0);
    await events.next((event) => event.type === 'open');
    server().send('tick');
    await events.next((event) => event.type === 'fresh');
    expect(socket.isStale()).toBe(false);
    // Heard from: the next loss starts the backoff again at its first delay.
    server().terminate();
    expect(await events.next((event) => event.type === 'reconnect')).toEqual({ type: 'reconnect', attempt: 1, delayMs: 1000 });
    socket.close();
    expect(scheduler.delays()).toEqual([]);
  });

  it('retries an address that failed, and stops for good when the broker refuses the token', async () => {
    let failure: Error | null = new Error('network');
    const { socket, scheduler, events } = open(async () => {
      if (failure) throw failure;
      return { url };
    });
    socket.connect();
    await events.next((event) => event.type === 'error');
    expect(await events.next((event) => event.type === 'reconnect')).toEqual({ type: 'reconnect', attempt: 1, delayMs: 1000 });
    failure = new Error('token');
    scheduler.advance(1000);
    expect(await events.next((event) => event.type === 'token')).toEqual({ type: 'token', status: 401 });
    expect(socket.state()).toBe('closed');
    expect(scheduler.delays()).toEqual([]);
  });

  it('stops when the handshake refuses the token, and retries any other refusal', async () => {
    const { socket, scheduler, events } = open();
    refuseWith = 403;
    socket.connect();
    expect(await events.next((event) => event.type === 'reconnect')).toEqual({ type: 'reconnect', attempt: 1, delayMs: 1000 });
    refuseWith = 401;
    scheduler.advance(1000);
    expect(await events.next((event) => event.type === 'token')).toEqual({ type: 'token', status: 401 });
    expect(socket.state()).toBe('closed');
    refuseWith = null;
  });

  it('drops a handshake the broker never answers at the threshold, and opens again', async () => {
    // Takes the connection and says nothing: the upgrade is neither answered nor refused.
    const held: Socket[] = [];
    const mute = createServer((connection) => held.push(connection));
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    let silent = true;
    const muteUrl = `ws://127.0.0.1:${(mute.address() as AddressInfo).port}/feed`;
    const { socket, scheduler, events, addresses } = open(async () => ({ url: silent ? muteUrl : url }));
    try {
      socket.connect();
      await settle(() => held.length === 1);
      expect(socket.state()).toBe('connecting');
      scheduler.advance(4999);
      expect(socket.state()).toBe('connecting');
      scheduler.advance(1);
      expect(await events.next((event) => event.type === 'reconnect')).toEqual({ type: 'reconnect', attempt: 1, delayMs: 1000 });
      expect(socket.isStale()).toBe(true);
      silent = false;
      scheduler.advance(1000);
      await events.next((event) => event.type === 'open');
      expect(addresses()).toBe(2);
      socket.close();
    } finally {
      for (const connection of held) connection.destroy();
      await new Promise<void>((resolve) => mute.close(() => resolve()));
    }
  });

  it("drops an opening the broker talks on but never takes (Noren's unanswered connect), and is fresh once one is taken", async () => {
    // The broker's answer takes the opening as it is read (as noren-feed.ts's `ck` does).
    let taken = false;
    const { socket, scheduler, events, server } = open(undefined, { taken: () => taken, read: (bytes) => (taken ||= bytes.toString() === 'ck') });
    socket.connect();
    await events.next((event) => event.type === 'open');
    // A frame 3 s in is no sign of life while the opening is not taken: the socket is dropped 5 s after it opened.
    scheduler.advance(3000);
    server().send('tick');
    await events.next((event) => event.type === 'message');
    scheduler.advance(2000);
    expect(socket.isStale()).toBe(true);
    expect(await events.next((event) => event.type === 'reconnect')).toEqual({ type: 'reconnect', attempt: 1, delayMs: 1000 });
    scheduler.advance(1000);
    await events.next((event) => event.type === 'open');
    // The answer: heard once read, so the socket is fresh and its watchdog starts again from it.
    server().send('ck');
    await events.next((event) => event.type === 'fresh');
    scheduler.advance(4999);
    expect(socket.isStale()).toBe(false);
    expect(socket.state()).toBe('open');
    socket.close();
    expect(scheduler.delays()).toEqual([]);
  });

  it("keeps a quiet broker's socket alive on its own pings: each pong is heard", async () => {
    const { socket, scheduler, events, server } = open(undefined, { pingEveryMs: 2000 });
    socket.connect();
    await events.next((event) => event.type === 'open');
    let pinged = 0;
    server().on('ping', () => (pinged += 1));
    // The broker sends nothing for 8 s, past the 5 s threshold; each ping's pong re-arms the watchdog.
    for (let round = 1; round <= 4; round++) {
      scheduler.advance(2000);
      await settle(() => pinged === round && scheduler.delays().includes(5000));
    }
    expect(socket.isStale()).toBe(false);
    expect(socket.state()).toBe('open');
    socket.close();
    expect(scheduler.delays()).toEqual([]);
  });
});
