// The live price feed: SSE frames however the chunks fall, one atom per followed instrument (dropped when
// nobody follows it), ticks applied once per frame, and polling while the stream is refused.
import { atom, createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { createPriceFeed, mergeDeltas, quotesPerFrame, type FeedTransport, type MarketSnapshot, type Quote } from '@/features/market/feed/price-feed';
import { createSseParser, type ServerEvent } from '@/features/market/feed/sse-parser';
import { sessionFactsAtom } from '@/lib/market/session-facts';
import { streamOf } from '../support/event-stream.ts';

describe('the SSE parser', () => {
  it('reads frames split anywhere, joins data lines, skips comments and keeps the last id', () => {
    const events: ServerEvent[] = [];
    const parser = createSseParser((event) => events.push(event));
    const text = ': hello\r\nid: 7\r\nevent: ticks\r\ndata: {"a":\r\ndata: 1}\r\n\r\nevent: heartbeat\ndata: {}\n\n';
    for (const char of text) parser.push(char);
    expect(events).toEqual([
      { event: 'ticks', data: '{"a":\n1}', id: '7' },
      { event: 'heartbeat', data: '{}', id: '7' },
    ]);
  });
});

function harness(transport: Partial<FeedTransport> = {}) {
  const store = createStore();
  const frames: (() => void)[] = [];
  const timers: { at: number; run: () => void }[] = [];
  let clock = 0;
  const feed = createPriceFeed({
    store,
    transport: {
      openStream: transport.openStream ?? (() => Promise.reject(new Error('no stream'))),
      poll: transport.poll ?? (() => Promise.resolve({ data: {} })),
    },
    now: () => clock,
    requestFrame: (callback) => frames.push(callback),
    setTimer: (run, ms) => {
      const timer = { at: clock + ms, run };
      timers.push(timer);
      return timer as unknown as ReturnType<typeof setTimeout>;
    },
    clearTimer: (timer) => {
      const i = timers.indexOf(timer as unknown as (typeof timers)[number]);
      if (i >= 0) timers.splice(i, 1);
    },
  });
  /** Moves the clock, running due timers, and lets promises settle. */
  const advance = async (ms: number) => {
    clock += ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= clock).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      timers.splice(timers.indexOf(due), 1);
      due.run();
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    }
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  };
  const frame = () => frames.splice(0).forEach((run) => run());
  return { store, feed, advance, frame };
}

const quote = (last_price: number) => ({ last_price, timestamp: '2026-11-20T04:30:00.000Z' });

/** A stream whose snapshot prices NIFTY at 26,050 and SENSEX at 85,300. */
const indexSnapshotStream = () =>
  streamOf([`event: snapshot\ndata: ${JSON.stringify({ data: { 'NSE:NIFTY 50': quote(26050), 'BSE:SENSEX': quote(85300) } })}\n\n`]);

describe('the price feed', () => {
  it('applies the stream once per frame, only to followed instruments', async () => {
    const snapshot: MarketSnapshot = { data: { 'NSE:NIFTY 50': quote(26050), 'BSE:SENSEX': quote(85300) } };
    const tick: MarketSnapshot = { data: { 'NSE:NIFTY 50': quote(26051.5) } };
    const { store, feed, advance, frame } = harness({
      openStream: () => Promise.resolve(streamOf([`event: snapshot\ndata: ${JSON.stringify(snapshot)}\n\n`, `event: ticks\ndata: ${JSON.stringify(tick)}\n\n`])),
    });
    const release = feed.subscribe(['NSE:NIFTY 50']);
    const nifty = feed.atomFor('NSE:NIFTY 50');
    let renders = 0;
    store.sub(nifty, () => (renders += 1));
    await advance(0);
    expect(store.get(nifty)).toBeNull();
    frame();
    // Snapshot and tick arrived before the frame: one write, the newest price.
    expect(store.get(nifty)?.last_price).toBe(26051.5);
    expect(renders).toBe(1);
    expect(feed.atomCount()).toBe(1);
    release();
    await advance(0);
    expect(feed.atomCount()).toBe(0);
  });

  it('keeps the atom a screen read at render when the stream reconnects before the screen subscribes', async () => {
    // A screen renders (reading its atoms), another's subscription reconnects the stream, then the first
    // screen's effect subscribes: the atom it reads must be the one its prices reach (the alerts page's
    // "No live price now" under a strip showing NIFTY).
    const { store, feed, advance, frame } = harness({ openStream: () => Promise.resolve(indexSnapshotStream()) });
    const readAtRender = feed.atomFor('BSE:SENSEX');
    feed.subscribe(['NSE:NIFTY 50']);
    await advance(1_000);
    feed.subscribe(['BSE:SENSEX']);
    await advance(1_000);
    frame();
    expect(feed.atomFor('BSE:SENSEX')).toBe(readAtRender);
    expect(store.get(readAtRender)?.last_price).toBe(85300);
  });

  it('gives back the atom a screen read after its last follower left, when the stream reconnects before the screen subscribes', async () => {
    // The chain's strike window moves away from a strike (its rows unsubscribe) and back: the row renders,
    // reading the atom still there, the stream reconnects (dropping it: nobody follows it), then the row's
    // effect subscribes. The row must get its prices in the atom it reads, not dashes until it re-renders.
    const { store, feed, advance, frame } = harness({ openStream: () => Promise.resolve(indexSnapshotStream()) });
    feed.subscribe(['NSE:NIFTY 50']);
    const leave = feed.subscribe(['BSE:SENSEX']);
    await advance(1_000);
    leave();
    const readAtRender = feed.atomFor('BSE:SENSEX');
    await advance(1_000);
    feed.subscribe(['BSE:SENSEX']);
    await advance(1_000);
    frame();
    expect(feed.atomFor('BSE:SENSEX')).toBe(readAtRender);
    expect(store.get(readAtRender)?.last_price).toBe(85300);
  });

  it('a dropped atom a screen still holds brings back no price of the market before a restart (a replay opened or closed)', async () => {
    let opens = 0;
    const { store, feed, advance, frame } = harness({
      openStream: () => {
        opens += 1;
        return opens === 1 ? Promise.resolve(indexSnapshotStream()) : new Promise<ReadableStream<Uint8Array>>(() => undefined);
      },
    });
    feed.subscribe(['NSE:NIFTY 50']);
    const leave = feed.subscribe(['BSE:SENSEX']);
    await advance(1_000);
    frame();
    leave();
    const held = feed.atomFor('BSE:SENSEX');
    await advance(1_000);
    // Another market: nothing of the last one may show, in the atom a screen kept either.
    feed.restart(true);
    feed.subscribe(['BSE:SENSEX']);
    expect(feed.atomFor('BSE:SENSEX')).toBe(held);
    expect(store.get(held)).toBeNull();
  });

  // Session 77: a replay of today's demo-recorded day showed the live stream's quotes in its chain. The live stream
  // stayed open until the restart's reconnect ran and a live tick read in between was kept; every replayed quote,
  // being older (10:00 against 11:00 of the same day), was then refused as "back in time", for good.
  const liveCall = 'NFO:NIFTY25DEC25550CE';
  const liveAt11 = (last_price: number) => ({ last_price, timestamp: '2026-12-01T05:30:00.000Z' });
  const replayedAt10 = (last_price: number) => ({ last_price, timestamp: '2026-12-01T04:30:00.000Z', source: 'simulated' as const });

  it("a replay's chain shows the replay's quotes, not a live tick the live stream still delivered after the replay opened", async () => {
    const encoder = new TextEncoder();
    let send: (chunk: string) => void = () => undefined;
    const live = new ReadableStream<Uint8Array>({ start: (controller) => void (send = (chunk) => controller.enqueue(encoder.encode(chunk))) });
    let replayOpen = false;
    const { store, feed, advance, frame } = harness({
      openStream: () => (replayOpen ? Promise.reject(new Error('a replay has no price stream')) : Promise.resolve(live)),
      poll: () => Promise.resolve<MarketSnapshot>(replayOpen ? { data: { [liveCall]: replayedAt10(547.95) } } : { data: {} }),
    });
    feed.subscribe([liveCall]);
    await advance(0);
    send(`event: snapshot\ndata: ${JSON.stringify({ data: { [liveCall]: liveAt11(543.1) } })}\n\n`);
    await advance(0);
    frame();
    // The live stream's next tick has arrived, not yet read, as the replay opens.
    send(`event: ticks\ndata: ${JSON.stringify({ data: { [liveCall]: liveAt11(543.4) } })}\n\n`);
    replayOpen = true;
    feed.restart(true);
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
    await advance(0);
    frame();
    expect(store.get(feed.atomFor(liveCall))).toEqual(replayedAt10(547.95));
  });

  it("a replay's chain shows the replay's quotes, not a live poll that answered after the replay opened", async () => {
    let replayOpen = false;
    let answerLivePoll: (snapshot: MarketSnapshot) => void = () => undefined;
    const { store, feed, advance, frame } = harness({
      poll: () =>
        replayOpen ? Promise.resolve({ data: { [liveCall]: replayedAt10(547.95) } }) : new Promise<MarketSnapshot>((resolve) => void (answerLivePoll = resolve)),
    });
    feed.subscribe([liveCall]);
    await advance(0);
    replayOpen = true;
    feed.restart(true);
    await advance(0);
    frame();
    // The live market_data call asked before the replay opened answers now (its fetch was not cut in time).
    answerLivePoll({ data: { [liveCall]: liveAt11(543.4) } });
    await advance(0);
    frame();
    await advance(1_000);
    frame();
    expect(store.get(feed.atomFor(liveCall))).toEqual(replayedAt10(547.95));
  });

  it('polls market_data once a second while the stream is refused, and retries the stream with back-off', async () => {
    let opens = 0;
    let polls = 0;
    const { store, feed, advance, frame } = harness({
      openStream: () => {
        opens += 1;
        return Promise.reject(new Error('404'));
      },
      poll: () => {
        polls += 1;
        return Promise.resolve({ data: { 'NSE:NIFTY 50': quote(26000 + polls) }, market: { status: 'open', demo: true, timestamp: '2026-11-20T04:30:00.000Z' } });
      },
    });
    feed.subscribe(['NSE:NIFTY 50']);
    await advance(0);
    expect(store.get(feed.modeAtom)).toBe('polling');
    await advance(900);
    expect(opens).toBe(1);
    expect(polls).toBe(1);
    await advance(100);
    // The stream is tried again after 1 s, then after 2 s: polling goes on meanwhile.
    expect(opens).toBe(2);
    await advance(2000);
    expect(opens).toBe(3);
    expect(polls).toBeGreaterThanOrEqual(3);
    frame();
    expect(store.get(feed.atomFor('NSE:NIFTY 50'))?.last_price).toBe(26000 + polls);
    expect(store.get(feed.marketAtom)).toMatchObject({ demo: true });
    expect(store.get(feed.lastPriceAtAtom)).not.toBeNull();
  });

  it('learns today’s session from the market status, on the stream as in a poll, in the store it writes', async () => {
    const session = { day: '2026-11-20', open: '09:15', close: '15:40', mis_square_off: '15:25' };
    const market = { status: 'open', demo: false, timestamp: '2026-11-20T04:30:00.000Z', session } as const;
    const streamed = harness({ openStream: () => Promise.resolve(streamOf([`event: market\ndata: ${JSON.stringify(market)}\n\n`])) });
    streamed.feed.subscribe(['NSE:NIFTY 50']);
    await streamed.advance(0);
    expect(streamed.store.get(sessionFactsAtom).today).toEqual(session);
    const polled = harness({ poll: () => Promise.resolve({ data: {}, market: { ...market, session: { ...session, close: '15:30' } } }) });
    polled.feed.subscribe(['NSE:NIFTY 50']);
    await polled.advance(0);
    expect(polled.store.get(sessionFactsAtom).today?.close).toBe('15:30');
    // A status without a session (a replay's) leaves what was learnt.
    const replayed = harness({ poll: () => Promise.resolve({ data: {}, market: { status: 'open', demo: false, timestamp: '2026-11-20T04:30:00.000Z' } }) });
    replayed.store.set(sessionFactsAtom, { closes: {}, today: session });
    replayed.feed.subscribe(['NSE:NIFTY 50']);
    await replayed.advance(0);
    expect(replayed.store.get(sessionFactsAtom).today).toEqual(session);
  });

  it("does not count a poll that brings no prices (a live account's fallback: the market's status only) as fresh prices", async () => {
    let polls = 0;
    const { store, feed, advance } = harness({
      poll: () => {
        polls += 1;
        // The first answer has a price; then the server names the broker's status and no prices.
        const data: MarketSnapshot['data'] = polls === 1 ? { 'NSE:NIFTY 50': quote(26000) } : {};
        return Promise.resolve({ data, market: { status: 'open', demo: false, timestamp: '2026-11-20T04:30:00.000Z' } });
      },
    });
    feed.subscribe(['NSE:NIFTY 50']);
    await advance(0);
    const pricedAt = store.get(feed.lastPriceAtAtom);
    expect(pricedAt).not.toBeNull();
    await advance(12_000);
    expect(polls).toBeGreaterThanOrEqual(2);
    // The status still arrives; the prices' time stays that of the last price, so the banner says "delayed".
    expect(store.get(feed.marketAtom)).toMatchObject({ demo: false });
    expect(store.get(feed.lastPriceAtAtom)).toBe(pricedAt);
  });

  it("counts a live feed's keep-alive (nothing moved, the broker still talking) as prices arriving, and a heartbeat not", async () => {
    const encoder = new TextEncoder();
    let send: (chunk: string) => void = () => undefined;
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void (send = (chunk) => controller.enqueue(encoder.encode(chunk))) });
    const { store, feed, advance } = harness({ openStream: () => Promise.resolve(body) });
    feed.subscribe(['NFO:X']);
    await advance(0);
    send(`event: snapshot\ndata: ${JSON.stringify({ data: { 'NFO:X': quote(150) } })}\n\n`);
    await advance(0);
    expect(store.get(feed.lastPriceAtAtom)).toBe(0);
    // A heartbeat says the server is there, not that the prices are current: the banner would say "delayed".
    await advance(6000);
    send(`event: heartbeat\ndata: ${JSON.stringify({ timestamp: '2026-11-20T04:30:06.000Z' })}\n\n`);
    await advance(0);
    expect(store.get(feed.lastPriceAtAtom)).toBe(0);
    // A keep-alive (a live broker's feed talking while its contracts are quiet), in both encodings: they are.
    await advance(2000);
    send(`event: delta\ndata: [null]\n\n`);
    await advance(0);
    expect(store.get(feed.lastPriceAtAtom)).toBe(8000);
    await advance(2000);
    send(`event: delta\ndata: ${JSON.stringify({ data: {} })}\n\n`);
    await advance(0);
    expect(store.get(feed.lastPriceAtAtom)).toBe(10_000);
  });

  it('stops while paused and follows again on resume', async () => {
    let polls = 0;
    const { store, feed, advance } = harness({ poll: () => Promise.resolve({ data: { x: quote(++polls) } }) });
    feed.subscribe(['NSE:NIFTY 50']);
    await advance(0);
    feed.pause();
    const before = polls;
    await advance(5000);
    expect(polls).toBe(before);
    expect(store.get(feed.modeAtom)).toBe('paused');
    feed.resume();
    await advance(0);
    expect(store.get(feed.modeAtom)).toBe('polling');
    expect(polls).toBeGreaterThan(before);
  });
});

describe('rows on screen', () => {
  it('re-render only where a tick landed', async () => {
    const { render, act } = await import('@testing-library/react');
    const { useAtomValue } = await import('jotai');
    const { createElement } = await import('react');
    const tick: MarketSnapshot = { data: { 'NFO:B': quote(12.5) } };
    let push: (text: string) => void = () => undefined;
    const { store, feed, advance, frame } = harness({
      openStream: () =>
        Promise.resolve(
          new ReadableStream<Uint8Array>({
            start(controller) {
              push = (text) => controller.enqueue(new TextEncoder().encode(text));
            },
          }),
        ),
    });
    const renders = new Map<string, number>();
    function Row({ instrument }: { instrument: string }) {
      renders.set(instrument, (renders.get(instrument) ?? 0) + 1);
      const value = useAtomValue(feed.atomFor(instrument), { store });
      return createElement('p', null, `${instrument} ${value?.last_price ?? '-'}`);
    }
    feed.subscribe(['NFO:A', 'NFO:B', 'NFO:C']);
    const view = render(createElement('div', null, ['NFO:A', 'NFO:B', 'NFO:C'].map((i) => createElement(Row, { key: i, instrument: i }))));
    await act(async () => {
      await advance(0);
    });
    const before = Object.fromEntries(renders);
    await act(async () => {
      push(`event: ticks\ndata: ${JSON.stringify(tick)}\n\n`);
      await advance(0);
      frame();
    });
    expect(view.getByText('NFO:B 12.5')).toBeTruthy();
    const after = Object.fromEntries(renders);
    expect({ A: after['NFO:A']! - before['NFO:A']!, B: after['NFO:B']! - before['NFO:B']!, C: after['NFO:C']! - before['NFO:C']! }).toEqual({ A: 0, B: 1, C: 0 });
  });
});

describe('tabs sharing one connection', () => {
  it('the leader streams what every tab wants and passes prices on; a follower opens nothing', async () => {
    const opened: string[][] = [];
    const leaderTab = harness({
      openStream: (instruments) => {
        opened.push([...instruments]);
        return Promise.resolve(streamOf([`event: snapshot\ndata: ${JSON.stringify({ data: { 'NFO:X': quote(7), 'NSE:NIFTY 50': quote(26050) } })}\n\n`]));
      },
    });
    let followerOpened = 0;
    const followerTab = harness({
      openStream: () => {
        followerOpened += 1;
        return Promise.reject(new Error('followers never connect'));
      },
    });
    // A BroadcastChannel between the two tabs.
    leaderTab.feed.shareWith({ sendWanted: () => undefined, sendSnapshot: (snapshot) => followerTab.feed.fromLeader(snapshot) }, true);
    followerTab.feed.shareWith({ sendWanted: (instruments) => leaderTab.feed.tabWants('tab-2', instruments), sendSnapshot: () => undefined }, false);

    leaderTab.feed.subscribe(['NSE:NIFTY 50']);
    followerTab.feed.subscribe(['NFO:X']);
    await followerTab.advance(0);
    await leaderTab.advance(0);
    expect(followerOpened).toBe(0);
    expect(followerTab.store.get(followerTab.feed.modeAtom)).toBe('follower');
    expect(opened.at(-1)).toEqual(['NFO:X', 'NSE:NIFTY 50']);
    followerTab.frame();
    expect(followerTab.store.get(followerTab.feed.atomFor('NFO:X'))?.last_price).toBe(7);

    // A hidden leader keeps its stream open for the other tab; once nobody else wants prices, it pauses.
    expect(leaderTab.store.get(leaderTab.feed.modeAtom)).toBe('stream');
    leaderTab.feed.pause();
    await leaderTab.advance(5000);
    expect(leaderTab.store.get(leaderTab.feed.modeAtom)).toBe('stream');
    leaderTab.feed.tabWants('tab-2', []);
    await leaderTab.advance(0);
    expect(leaderTab.store.get(leaderTab.feed.modeAtom)).toBe('paused');
  });

  it('merges deltas into the snapshot: whole quotes reach the atoms and the other tabs', async () => {
    const full = { ...quote(150), close: 148, change: 2, bid: 149.95, ask: 150.05, iv: 12.5, delta: 0.51 };
    const sent: MarketSnapshot[] = [];
    const opens: number[] = [];
    const { store, feed, advance, frame } = harness({
      openStream: () => {
        opens.push(1);
        return Promise.resolve(
          streamOf([
            `event: snapshot\ndata: ${JSON.stringify({ data: { 'NFO:X': full, 'NSE:NIFTY 50': quote(26050) } })}\n\n`,
            `event: delta\ndata: ${JSON.stringify({ data: { 'NFO:X': { last_price: 151, change: 3, timestamp: '2026-11-20T04:30:01.000Z' } } })}\n\n`,
            `event: delta\ndata: ${JSON.stringify({ data: { 'NFO:X': { iv: null, timestamp: '2026-11-20T04:30:02.000Z' } } })}\n\n`,
          ]),
        );
      },
    });
    feed.shareWith({ sendWanted: () => undefined, sendSnapshot: (snapshot) => sent.push(snapshot) }, true);
    feed.subscribe(['NFO:X', 'NSE:NIFTY 50']);
    await advance(0);
    frame();
    const merged = { ...full, last_price: 151, change: 3, iv: null, timestamp: '2026-11-20T04:30:02.000Z' };
    expect(store.get(feed.atomFor('NFO:X'))).toEqual(merged);
    // The index had no delta: its snapshot stands.
    expect(store.get(feed.atomFor('NSE:NIFTY 50'))).toEqual(quote(26050));
    // Followers get whole quotes, never a delta they could not merge.
    expect(sent.at(-1)).toEqual({ data: { 'NFO:X': merged } });
    expect(opens).toHaveLength(1);
  });

  it('reads the compact encoding like JSON: the same whole quotes reach the atoms and the other tabs', async () => {
    const sent: MarketSnapshot[] = [];
    const t0 = Date.parse('2026-11-20T04:30:00.000Z');
    const snapshot = {
      market: { status: 'open', demo: true, timestamp: '2026-11-20T04:30:00.000Z' },
      fields: [['last_price', 100], ['timestamp', 'time'], ['close', 100], ['iv', 100]],
      instruments: ['NFO:X', 'NSE:NIFTY 50'],
      time: t0,
      quotes: [[0, 0, 15000, 1, 0, 2, 14800, 3, 1250], [1, 0, 2605000, 1, 0]],
    };
    const { store, feed, advance, frame } = harness({
      openStream: () =>
        Promise.resolve(
          streamOf([
            `event: snapshot\ndata: ${JSON.stringify(snapshot)}\n\n`,
            `event: delta\ndata: ${JSON.stringify([t0 + 1000, [0, 0, 15100, 1, 0]])}\n\n`,
            `event: delta\ndata: ${JSON.stringify([t0 + 2000, [0, 3, null, 1, 0]])}\n\n`,
            // A keep-alive: nothing moved.
            `event: delta\ndata: [null]\n\n`,
          ]),
        ),
    });
    feed.shareWith({ sendWanted: () => undefined, sendSnapshot: (shared) => sent.push(shared) }, true);
    feed.subscribe(['NFO:X', 'NSE:NIFTY 50']);
    await advance(0);
    frame();
    const merged = { last_price: 151, timestamp: '2026-11-20T04:30:02.000Z', close: 148, iv: null };
    expect(store.get(feed.atomFor('NFO:X'))).toEqual(merged);
    expect(store.get(feed.atomFor('NSE:NIFTY 50'))).toEqual(quote(26050));
    expect(store.get(feed.marketAtom)).toEqual(snapshot.market);
    // The keep-alive, passed on too: the other tabs learn the prices are current.
    expect(sent.slice(-2)).toEqual([{ data: { 'NFO:X': merged } }, { data: {}, current: true }]);
    expect(store.get(feed.modeAtom)).toBe('stream');
  });

  it('never pieces a quote together: a delta without its snapshot reopens the stream for a new one', async () => {
    let opens = 0;
    const { store, feed, advance, frame } = harness({
      openStream: () => {
        opens += 1;
        return Promise.resolve(
          streamOf(
            opens === 1
              ? [`event: delta\ndata: ${JSON.stringify({ data: { 'NFO:X': { last_price: 151 } } })}\n\n`]
              : [`event: snapshot\ndata: ${JSON.stringify({ data: { 'NFO:X': quote(152) } })}\n\n`],
          ),
        );
      },
    });
    feed.subscribe(['NFO:X']);
    await advance(0);
    frame();
    expect(store.get(feed.atomFor('NFO:X'))).toBeNull();
    await advance(1000);
    frame();
    expect(opens).toBe(2);
    expect(store.get(feed.atomFor('NFO:X'))).toEqual(quote(152));

    const held = new Map<string, Quote>([['NFO:Y', quote(1)]]);
    expect(mergeDeltas(held, { 'NFO:Y': { last_price: 2 }, 'NFO:Z': { last_price: 3 } })).toBeNull();
    // Nothing merged when one of the deltas cannot be.
    expect(held.get('NFO:Y')).toEqual(quote(1));
  });

  it('an instrument followed again starts from its last quote, not a dash, until the new stream speaks', async () => {
    let opens = 0;
    const { store, feed, advance, frame } = harness({
      openStream: () => {
        opens += 1;
        // The first stream prices both sides; the ones after never answer (a slow network).
        return opens === 1
          ? Promise.resolve(streamOf([`event: snapshot\ndata: ${JSON.stringify({ data: { 'NFO:CE': quote(150), 'NFO:PE': quote(140) } })}\n\n`]))
          : new Promise<ReadableStream<Uint8Array>>(() => undefined);
      },
    });
    const calls = feed.subscribe(['NFO:CE']);
    const puts = feed.subscribe(['NFO:PE']);
    await advance(0);
    frame();
    expect(store.get(feed.atomFor('NFO:PE'))).toEqual(quote(140));
    // The phone switches to calls only: the puts' atom goes with the reopened stream.
    puts();
    await advance(0);
    expect(feed.atomCount()).toBe(1);
    // And back to puts: its last price shows at once (its age badge says how old), before any snapshot.
    feed.subscribe(['NFO:PE']);
    expect(store.get(feed.atomFor('NFO:PE'))).toEqual(quote(140));
    calls();
  });

  it('spreads a whole chain over a few frames, so no frame re-renders every row', async () => {
    const keys = Array.from({ length: 300 }, (_, i) => `NFO:X${i}`);
    const data = Object.fromEntries(keys.map((key, i) => [key, quote(i + 1)]));
    const { store, feed, advance, frame } = harness({
      openStream: () => Promise.resolve(streamOf([`event: snapshot\ndata: ${JSON.stringify({ data })}\n\n`])),
    });
    feed.subscribe(keys);
    await advance(0);
    const applied = () => keys.filter((key) => store.get(feed.atomFor(key)) !== null).length;
    frame();
    expect(applied()).toBe(quotesPerFrame);
    frame();
    expect(applied()).toBe(2 * quotesPerFrame);
    frame();
    expect(applied()).toBe(300);
  });

  it("computes a figure over the whole chain once a frame, not once per quote (the chain's PCR and max pain)", async () => {
    const keys = Array.from({ length: 300 }, (_, i) => `NFO:X${i}`);
    const snapshot = (price: number) => ({ data: Object.fromEntries(keys.map((key) => [key, { ...quote(price), oi: price * 1000 }])) });
    let push: (text: string) => void = () => undefined;
    const { store, feed, advance, frame } = harness({
      openStream: () =>
        Promise.resolve(
          new ReadableStream<Uint8Array>({
            start(controller) {
              push = (text) => controller.enqueue(new TextEncoder().encode(text));
            },
          }),
        ),
    });
    feed.subscribe(keys);
    await advance(0);
    let computed = 0;
    const totalOi = atom((get) => {
      computed += 1;
      return keys.reduce((sum, key) => sum + (get(feed.atomFor(key))?.oi ?? 0), 0);
    });
    const seen: number[] = [];
    store.sub(totalOi, () => seen.push(store.get(totalOi)));
    computed = 0;
    push(`event: snapshot\ndata: ${JSON.stringify(snapshot(2))}\n\n`);
    await advance(0);
    const frames = Math.ceil(keys.length / quotesPerFrame);
    for (let n = 0; n < frames; n += 1) frame();
    // Once per frame the tick took (3), where each quote's write computed it again (300).
    expect(computed).toBe(frames);
    expect(seen.at(-1)).toBe(300 * 2000);
  });
});

describe('what the stream says its broker does not stream', () => {
  it('holds the stream’s word, and drops it when another stream opens that does not say it again', async () => {
    const told = { broker: 'Dhan', instruments: ['NFO:NIFTY26D0126000CE'] };
    const streams = [
      [`event: snapshot\ndata: ${JSON.stringify({ data: { 'NSE:NIFTY 50': quote(26050) } })}\n\n`, `event: unstreamed\ndata: ${JSON.stringify(told)}\n\n`],
      [`event: snapshot\ndata: ${JSON.stringify({ data: { 'NSE:NIFTY 50': quote(26050) } })}\n\n`],
    ];
    let opened = 0;
    const encoder = new TextEncoder();
    const { store, feed, advance } = harness({
      // Each stream stays open after its events, as the server's does.
      openStream: () => {
        const events = streams[opened] ?? [];
        opened += 1;
        return Promise.resolve(new ReadableStream<Uint8Array>({ start: (controller) => events.forEach((event) => controller.enqueue(encoder.encode(event))) }));
      },
    });
    feed.subscribe(['NSE:NIFTY 50', 'NFO:NIFTY26D0126000CE']);
    await advance(0);
    expect(store.get(feed.unstreamedAtom)).toEqual(told);
    // Another account, another stream: its broker streams everything, and says nothing.
    feed.reconnect();
    await advance(0);
    expect(opened).toBe(2);
    expect(store.get(feed.unstreamedAtom)).toBeNull();
  });
});
