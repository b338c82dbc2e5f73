/**
 * Live prices for whatever the screens show. One Jotai atom per instrument, created when a screen
 * subscribes and dropped when the last subscriber leaves (memory follows the screens, not the day). Ticks
 * are buffered and applied at most once per animation frame, so a tick re-renders only the rows whose
 * instrument moved and typing never competes with a burst of prices.
 *
 * Transport: the server's event stream when it answers (a snapshot, then per tick only the fields that
 * changed, merged here into the quotes the stream sent before; in the compact encoding or as JSON, told
 * apart by shape); meanwhile, and whenever it
 * fails or is absent (a hosted analytics backend has none), the analytics market_data call once a second,
 * retrying the stream with back-off. Paused while the page is hidden or offline; resumed on return.
 */
import { atom, type PrimitiveAtom, type createStore } from 'jotai';
import type { components } from '@openapi/analytics';
import type { components as MainComponents } from '@openapi/main';
import { createCompactDecoder, isCompactSnapshot } from '@/features/market/feed/compact-quotes';
import { silentStreamMs } from '@/features/market/feed/feed-condition';
import { createSseParser } from '@/features/market/feed/sse-parser';
import { demoMarketOpenAtom } from '@/lib/market/demo-market';
import { learnTodaySession } from '@/lib/market/session-facts';

/** A quote; a replay's says whether it is `real` (a stored minute) or `modelled` (issue 39). */
export type Quote = components['schemas']['LastPrice'] & Partial<Pick<MainComponents['schemas']['ReplayQuote'], 'source'>>;
export type MarketStatus = components['schemas']['MarketStatus'];
/**
 * `current`: a keep-alive (an empty delta on the stream): nothing the stream watches moved, and its source says
 * the prices held are still the market's (a live broker's feed talking though its contracts are quiet).
 */
export type MarketSnapshot = { data: Record<string, Quote>; market?: MarketStatus; current?: true; unstreamed?: Unstreamed | null };

/**
 * An `unstreamed` event: the requested instruments the account's broker feed does not stream (not in its
 * instrument master, or past its cap). Their price will never come on this stream (issue 64); null: none.
 */
export type Unstreamed = { broker: string; instruments: readonly string[] };

/** The fields of a quote that changed since the stream's last word on it (`delta` events). */
export type QuoteDelta = Partial<Quote>;

/**
 * Merges each instrument's delta into the quote `held` has for it, updating `held`, and returns the whole
 * quotes that changed; null when a delta names an instrument `held` has no quote for (nothing to merge into:
 * a quote is never pieced together from part of one).
 */
export function mergeDeltas(held: Map<string, Quote>, deltas: Record<string, QuoteDelta>): Record<string, Quote> | null {
  const merged: Record<string, Quote> = {};
  for (const [instrument, delta] of Object.entries(deltas)) {
    const base = held.get(instrument);
    if (base === undefined) return null;
    const quote: Quote = { ...base, ...delta, last_price: delta.last_price ?? base.last_price, timestamp: delta.timestamp ?? base.timestamp };
    merged[instrument] = quote;
  }
  for (const [instrument, quote] of Object.entries(merged)) held.set(instrument, quote);
  return merged;
}

export type FeedTransport = {
  /** Opens the event stream for these instruments; rejects when the server refuses or is unreachable. */
  openStream(instruments: readonly string[], signal: AbortSignal): Promise<ReadableStream<Uint8Array>>;
  /** One read of the last prices. */
  poll(instruments: readonly string[], signal: AbortSignal): Promise<MarketSnapshot>;
};

export type FeedMode = 'idle' | 'stream' | 'polling' | 'paused' | 'follower';

/**
 * How the tabs of one browser share one connection (browsers cap connections per origin): the leader tab
 * runs the transport for what every tab wants and passes every snapshot on; the others only say what they
 * want. The app's implementation uses Web Locks (leader election) and a BroadcastChannel.
 */
export type TabLink = {
  /** Followers: tell the leader what this tab wants (an empty list when it wants nothing). */
  sendWanted(instruments: readonly string[]): void;
  /** Leader: pass a snapshot on to the other tabs. */
  sendSnapshot(snapshot: MarketSnapshot): void;
};

type Timer = ReturnType<typeof setTimeout>;

export type FeedEnvironment = {
  store: ReturnType<typeof createStore>;
  transport: FeedTransport;
  now?: () => number;
  requestFrame?: (callback: () => void) => void;
  setTimer?: (callback: () => void, ms: number) => Timer;
  clearTimer?: (timer: Timer) => void;
  /**
   * The open stream said nothing at all, not even a heartbeat, for `silentStreamMs` (feed-condition.ts): the
   * server is not answering. The feed then drops that stream, polls and opens it again.
   */
  onSilent?: () => void;
  /** A stream opened (each time: its account's order changes are told from now on; order-notices.ts). */
  onStreamOpen?: () => void;
  /** The stream said an order of its account changed (`order` events). */
  onOrderNotice?: () => void;
  /** The stream said something else is to be read again (`notice` events: an account, the alerts, a kill switch, the bots). */
  onNotice?: (notice: StreamNotice) => void;
};

/** A `notice` event: what to read again (the server's stream-notices.ts). */
export type StreamNotice = { topic: 'account' | 'alerts' | 'kill_switch' | 'bots'; account_id: number | null };

export const pollIntervalMs = 1000;
/** Quotes applied per animation frame (each re-renders one row's side). */
export const quotesPerFrame = 120;
/** Last quotes kept for instruments no longer followed: a whole chain's worth. */
export const lastKnownLimit = 600;
const firstRetryMs = 1000;
const longestRetryMs = 30_000;

export function createPriceFeed({
  store,
  transport,
  now = () => Date.now(),
  requestFrame = (callback) => requestAnimationFrame(() => callback()),
  setTimer = (callback, ms) => setTimeout(callback, ms),
  clearTimer = (timer) => clearTimeout(timer),
  onSilent = () => undefined,
  onStreamOpen = () => undefined,
  onOrderNotice = () => undefined,
  onNotice = () => undefined,
}: FeedEnvironment) {
  const atoms = new Map<string, PrimitiveAtom<Quote | null>>();
  /**
   * The last quote of instruments no screen follows any more (oldest first, bounded): a side of the chain or
   * a strike window shown again (the phone follows only the side it shows) starts from its last price, with
   * its age badge once it is old, instead of a dash until the reopened stream's snapshot arrives.
   */
  const lastKnown = new Map<string, Quote>();
  const wanted = new Map<string, number>();
  /** Leader only: what each other tab wants. */
  const otherTabs = new Map<string, readonly string[]>();
  let leader = true;
  let link: TabLink | null = null;
  /** Quotes that arrived since the last frame; newest wins. */
  const pending = new Map<string, Quote>();
  /**
   * The atoms a connect dropped, held weakly. A screen can still hold one: it read the atom at render and
   * subscribes only in its effect, after the commit, and a connect can fall between the two (a screen opening,
   * the strike window moving back). That screen's atom comes back rather than a new one it would never read:
   * the alerts page said "No live price now" for NIFTY while the strip, which re-rendered, showed it. Once no
   * screen holds it, it is collected.
   */
  const retired = new Map<string, WeakRef<PrimitiveAtom<Quote | null>>>();
  let frameRequested = false;
  let paused = false;
  let connection: AbortController | null = null;
  let reconnectTimer: Timer | null = null;
  let retryMs = firstRetryMs;

  /**
   * A frame's quotes in one write: an atom derived from many quotes (the chain's PCR and max pain read every
   * strike) is computed once a frame, not once per quote (a whole chain's tick computed it 500 times, a
   * 60-100 ms task), and each row's listener runs once.
   */
  const applyQuotesAtom = atom(null, (_get, set, frame: readonly (readonly [PrimitiveAtom<Quote | null>, Quote | null])[]) => {
    for (const [target, quote] of frame) set(target, quote);
  });
  const modeAtom = atom<FeedMode>('idle');
  const marketAtom = atom<MarketStatus | null>(null);
  /** When the last prices arrived (epoch ms), whatever the transport; null before the first. */
  const lastPriceAtAtom = atom<number | null>(null);
  /** What the open stream's broker says it does not stream; cleared when a stream opens (it says so again). */
  const unstreamedAtom = atom<Unstreamed | null>(null);

  /** The market's status as the server said it; today's session in it is what the app knows of today's hours. */
  function holdMarket(market: MarketStatus): void {
    store.set(marketAtom, market);
    store.set(demoMarketOpenAtom, market.demo && market.status === 'open');
    if (market.session !== undefined) learnTodaySession(market.session, store);
  }

  function atomFor(instrument: string): PrimitiveAtom<Quote | null> {
    let quote = atoms.get(instrument);
    if (quote === undefined) {
      quote = retired.get(instrument)?.deref() ?? atom<Quote | null>(lastKnown.get(instrument) ?? null);
      retired.delete(instrument);
      lastKnown.delete(instrument);
      atoms.set(instrument, quote);
    }
    return quote;
  }

  /** Keeps the last quote of an instrument no screen follows any more, forgetting the oldest past the limit. */
  function remember(instrument: string, quote: Quote): void {
    lastKnown.delete(instrument);
    lastKnown.set(instrument, quote);
    if (lastKnown.size > lastKnownLimit) lastKnown.delete(lastKnown.keys().next().value as string);
  }

  function olderThanHeld(instrument: string, quote: Quote): boolean {
    const target = atoms.get(instrument);
    const held = pending.get(instrument) ?? (target === undefined ? null : store.get(target));
    return held != null && Date.parse(quote.timestamp) < Date.parse(held.timestamp);
  }

  function flush(): void {
    frameRequested = false;
    // At most `quotesPerFrame` atoms a frame: a whole chain's tick (500 rows re-rendering) is spread over a
    // few frames instead of one long task; the rest waits for the next frame (newest quote still wins).
    const frame: [PrimitiveAtom<Quote | null>, Quote][] = [];
    for (const [instrument, quote] of pending) {
      if (frame.length === quotesPerFrame) break;
      pending.delete(instrument);
      const target = atoms.get(instrument);
      if (target !== undefined) frame.push([target, quote]);
    }
    if (frame.length > 0) store.set(applyQuotesAtom, frame);
    if (pending.size > 0) {
      frameRequested = true;
      requestFrame(flush);
    }
  }

  function receive(snapshot: MarketSnapshot, fromLeader = false): void {
    if (leader && !fromLeader) link?.sendSnapshot(snapshot);
    for (const [instrument, quote] of Object.entries(snapshot.data)) {
      // A saved copy (the service worker's, when the network fails) must never take a price back in time.
      if (!olderThanHeld(instrument, quote)) pending.set(instrument, quote);
    }
    if (snapshot.market !== undefined) holdMarket(snapshot.market);
    if (snapshot.unstreamed !== undefined) store.set(unstreamedAtom, snapshot.unstreamed === null || snapshot.unstreamed.instruments.length === 0 ? null : snapshot.unstreamed);
    // An answer without prices is not fresh prices: a live account's fallback poll brings only the market's
    // status (its broker's prices come from its stream alone), so what is on screen ages and says so. A
    // keep-alive is: the broker's feed vouches for the prices held (server/http/price-channel.ts, keepAlive).
    if (Object.keys(snapshot.data).length > 0 || snapshot.current === true) store.set(lastPriceAtAtom, now());
    if (!frameRequested && pending.size > 0) {
      frameRequested = true;
      requestFrame(flush);
    }
  }

  function stop(): void {
    connection?.abort();
    connection = null;
    if (reconnectTimer !== null) clearTimer(reconnectTimer);
    reconnectTimer = null;
  }

  /** Restarts the transport for the instruments wanted now (coalescing changes made in one turn). */
  function scheduleReconnect(delayMs = 0): void {
    if (reconnectTimer !== null) clearTimer(reconnectTimer);
    reconnectTimer = setTimer(() => {
      reconnectTimer = null;
      connect();
    }, delayMs);
  }

  function connect(): void {
    connection?.abort();
    connection = null;
    // Atoms nobody follows any more go now, not at unsubscribe: a screen that remounts at once (React's
    // strict mode, a route change back) finds the atom it already reads.
    for (const [instrument, quoteAtom] of atoms) {
      if (wanted.has(instrument)) continue;
      const last = pending.get(instrument) ?? store.get(quoteAtom);
      if (last !== null) remember(instrument, last);
      atoms.delete(instrument);
      retired.set(instrument, new WeakRef(quoteAtom));
      pending.delete(instrument);
    }
    for (const [instrument, ref] of retired) if (ref.deref() === undefined) retired.delete(instrument);
    // A hidden leader keeps serving the tabs that still want prices.
    if (paused && !(leader && otherTabs.size > 0)) {
      store.set(modeAtom, 'paused');
      return;
    }
    if (!leader) {
      link?.sendWanted([...wanted.keys()]);
      store.set(modeAtom, wanted.size === 0 ? 'idle' : 'follower');
      return;
    }
    const all = new Set(wanted.keys());
    for (const instruments of otherTabs.values()) for (const instrument of instruments) all.add(instrument);
    if (all.size === 0) {
      store.set(modeAtom, 'idle');
      return;
    }
    const controller = new AbortController();
    connection = controller;
    void run([...all].sort(), controller);
  }

  async function run(instruments: string[], controller: AbortController): Promise<void> {
    const { signal } = controller;
    try {
      const body = await transport.openStream(instruments, signal);
      store.set(modeAtom, 'stream');
      // Another stream, maybe another account's broker: it names again what it does not stream.
      receive({ data: {}, unstreamed: null });
      onStreamOpen();
      retryMs = firstRetryMs;
      await readStream(body, signal);
    } catch {
      // Refused, unreachable or cut: poll meanwhile, and try the stream again later.
    }
    if (signal.aborted) return;
    store.set(modeAtom, 'polling');
    const retryIn = retryMs;
    retryMs = Math.min(retryMs * 2, longestRetryMs);
    reconnectTimer = setTimer(() => {
      reconnectTimer = null;
      if (connection === controller) connect();
    }, retryIn);
    await pollUntilAborted(instruments, signal);
  }

  async function readStream(body: ReadableStream<Uint8Array>, signal: AbortSignal): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    // What this stream has said of each instrument: the snapshot with every delta since merged in.
    let held = new Map<string, Quote>();
    const compact = createCompactDecoder();
    const parser = createSseParser(({ event, data }) => {
      if (event === 'snapshot' || event === 'ticks') {
        const parsed = JSON.parse(data) as unknown;
        const snapshot = isCompactSnapshot(parsed) ? compact.snapshot(parsed) : (parsed as MarketSnapshot);
        if (event === 'snapshot') held = new Map();
        for (const [instrument, quote] of Object.entries(snapshot.data)) held.set(instrument, quote);
        receive(snapshot);
      } else if (event === 'delta') {
        const parsed = JSON.parse(data) as unknown;
        const deltas = Array.isArray(parsed) ? compact.delta(parsed) : (parsed as { data: Record<string, QuoteDelta> }).data;
        const merged = mergeDeltas(held, deltas);
        // A change to a quote this stream never sent: it lost track; reopening it brings a full snapshot.
        if (merged === null) throw new Error('a price delta for an instrument without a snapshot');
        receive(Object.keys(merged).length === 0 ? { data: merged, current: true } : { data: merged });
      } else if (event === 'market') {
        const market = JSON.parse(data) as MarketStatus;
        holdMarket(market);
        // The other tabs learn that the market opened or closed too (no prices come with it).
        if (leader) link?.sendSnapshot({ data: {}, market });
      } else if (event === 'unstreamed') {
        receive({ data: {}, unstreamed: JSON.parse(data) as Unstreamed });
      } else if (event === 'order') {
        onOrderNotice();
      } else if (event === 'notice') {
        onNotice(JSON.parse(data) as StreamNotice);
      }
    });
    const cancel = () => void reader.cancel().catch(() => undefined);
    signal.addEventListener('abort', cancel, { once: true });
    // A heartbeat is the server speaking: any chunk keeps the stream alive; nothing at all for too long ends it.
    let silence: Timer | null = null;
    const heard = () => {
      if (silence !== null) clearTimer(silence);
      silence = setTimer(() => {
        silence = null;
        onSilent();
        cancel();
      }, silentStreamMs);
    };
    heard();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done || signal.aborted) return;
        heard();
        parser.push(decoder.decode(value, { stream: true }));
      }
    } finally {
      if (silence !== null) clearTimer(silence);
    }
  }

  async function pollUntilAborted(instruments: string[], signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        const snapshot = await transport.poll(instruments, signal);
        // Answered after its market was left (a replay opened or ended meanwhile): another market's prices.
        if (signal.aborted) return;
        receive(snapshot);
      } catch {
        // No answer this second: the age badges and the delayed banner say so.
      }
      if (signal.aborted) return;
      await new Promise<void>((resolve) => {
        const timer = setTimer(resolve, pollIntervalMs);
        signal.addEventListener('abort', () => {
          clearTimer(timer);
          resolve();
        }, { once: true });
      });
    }
  }

  /** Starts following these instruments; the returned function stops (each subscription once). */
  function subscribe(instruments: readonly string[]): () => void {
    let added = false;
    for (const instrument of instruments) {
      atomFor(instrument);
      const count = wanted.get(instrument) ?? 0;
      wanted.set(instrument, count + 1);
      if (count === 0) added = true;
    }
    if (added) scheduleReconnect();
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      let removed = false;
      for (const instrument of instruments) {
        const count = (wanted.get(instrument) ?? 1) - 1;
        if (count > 0) {
          wanted.set(instrument, count);
          continue;
        }
        wanted.delete(instrument);
        removed = true;
      }
      if (removed) scheduleReconnect();
    };
  }

  /** Every quote held (those on screen, and the last of those no longer followed), for the device's copy. */
  function quotesHeld(): Record<string, Quote> {
    const held: Record<string, Quote> = Object.fromEntries(lastKnown);
    for (const [instrument, quoteAtom] of atoms) {
      const quote = pending.get(instrument) ?? store.get(quoteAtom);
      if (quote !== null) held[instrument] = quote;
    }
    return held;
  }

  /**
   * The device's last quotes (kept-quotes.ts), when none can arrive (offline, the server unreachable): each
   * fills only what shows nothing yet, or what a screen will show, with its own time and age badge; a quote
   * this page received is never replaced. Not a price arriving: lastPriceAtAtom stays as it was, so a page
   * opened offline still says that no price comes until the connection returns (PricesDelayedBanner).
   */
  function restore(quotes: Record<string, Quote>): void {
    const shown: [PrimitiveAtom<Quote | null>, Quote][] = [];
    for (const [instrument, quote] of Object.entries(quotes)) {
      const target = atoms.get(instrument);
      if (target === undefined) {
        if (!lastKnown.has(instrument)) remember(instrument, quote);
      } else if (store.get(target) === null && !pending.has(instrument)) {
        shown.push([target, quote]);
      }
    }
    if (shown.length > 0) store.set(applyQuotesAtom, shown);
  }

  /** Hidden page or offline: stop the transport (the last prices stay, with their age). */
  function pause(): void {
    if (paused) return;
    paused = true;
    if (leader && otherTabs.size > 0) return;
    stop();
    store.set(modeAtom, 'paused');
  }

  /** Opens the stream again now (its source changed), unless paused. */
  function reconnect(): void {
    if (!paused) scheduleReconnect();
  }

  /**
   * Another market now (a replay opened, ended, reset or moved back, issue 39): with `clear`, every quote held
   * is dropped (a replayed quote is older than a live one, and a later one than the minute sought back to, so
   * neither may stand in for the other), then the transport reads again at once. The old market's stream or poll
   * is cut here, not when the reconnect runs: a live tick read in between was kept after the clear, and being
   * newer than every replayed quote of the same day it refused them all (session 77: live prices in a replay's chain).
   */
  function restart(clear: boolean): void {
    stop();
    if (clear) {
      pending.clear();
      lastKnown.clear();
      // A dropped atom a screen still holds comes back on its next subscribe: it must not bring the other
      // market's price with it (a replay's into the live desk, or the reverse).
      const held = [...retired.values()].flatMap((ref) => ref.deref() ?? []);
      store.set(applyQuotesAtom, [...atoms.values(), ...held].map((target) => [target, null] as const));
      store.set(marketAtom, null);
      store.set(demoMarketOpenAtom, false);
      store.set(lastPriceAtAtom, null);
      store.set(unstreamedAtom, null);
    }
    retryMs = firstRetryMs;
    if (!paused) scheduleReconnect();
  }

  function resume(): void {
    if (!paused) return;
    paused = false;
    retryMs = firstRetryMs;
    scheduleReconnect();
  }

  /** Joins the other tabs: as leader (this tab runs the transport) or as a follower. */
  function shareWith(tabLink: TabLink, isLeader: boolean): void {
    link = tabLink;
    setLeader(isLeader);
  }

  function setLeader(isLeader: boolean): void {
    leader = isLeader;
    if (!isLeader) otherTabs.clear();
    scheduleReconnect();
  }

  /** Leader: another tab says what it wants (nothing, when it closes). */
  function tabWants(tabId: string, instruments: readonly string[]): void {
    if (instruments.length === 0) otherTabs.delete(tabId);
    else otherTabs.set(tabId, instruments);
    if (leader) scheduleReconnect();
  }

  /** Follower: the leader passed a snapshot on. */
  function fromLeader(snapshot: MarketSnapshot): void {
    if (!leader) receive(snapshot, true);
  }

  return {
    shareWith,
    setLeader,
    tabWants,
    fromLeader,
    atomFor,
    subscribe,
    quotesHeld,
    restore,
    pause,
    resume,
    reconnect,
    restart,
    modeAtom,
    marketAtom,
    lastPriceAtAtom,
    unstreamedAtom,
    /** How many instruments have an atom (tests: memory follows the screens). */
    atomCount: () => atoms.size,
  };
}

export type PriceFeed = ReturnType<typeof createPriceFeed>;
