// The ticker connection against the test server's WebSocket: subscriptions in each mode, order updates,
// a silent socket detected as stale and reopened with capped backoff (timers stepped by hand), and an
// expired token stopping it for good.
import { afterEach, describe, expect, it } from 'vitest';
import type { KiteOrderUpdate } from '../../../server/services/brokers/kite/kite-order-types.ts';
import { placeOrder } from '../../../server/services/brokers/kite/kite-orders.ts';
import {
  createTickerConnection,
  maxInstrumentsPerConnection,
  type TickerConnection,
} from '../../../server/services/brokers/kite/ticker-connection.ts';
import type { KiteTick } from '../../../server/services/brokers/kite/ticker-packets.ts';
import { defaultInstruments } from '../../kite-server/instruments-data.ts';
import { eventQueue, type LoggedIn, manualScheduler, startLoggedIn, testApp } from './kite-support.ts';

type TickerEvent =
  | { type: 'tick'; tick: KiteTick }
  | { type: 'order'; order: KiteOrderUpdate }
  | { type: 'error'; message: string }
  | { type: 'connected' | 'stale' | 'fresh' }
  | { type: 'reconnect'; attempt: number; delayMs: number }
  | { type: 'token'; status: number };

const nifty = 256265;
let kite: LoggedIn | undefined;
let ticker: TickerConnection | undefined;
afterEach(async () => {
  ticker?.close();
  await kite?.server.close();
  kite = ticker = undefined;
});

async function connect() {
  kite = await startLoggedIn();
  const events = eventQueue<TickerEvent>();
  const scheduler = manualScheduler();
  ticker = createTickerConnection({
    url: kite.server.tickerUrl,
    apiKey: testApp.apiKey,
    accessToken: kite.accessToken,
    staleAfterMs: 5000,
    backoff: { initialMs: 1000, maxMs: 4000 },
    scheduler,
    onTicks: (ticks) => ticks.forEach((tick) => events.push({ type: 'tick', tick })),
    onOrderUpdate: (order) => events.push({ type: 'order', order }),
    onError: (message) => events.push({ type: 'error', message }),
    onConnected: () => events.push({ type: 'connected' }),
    onStale: () => events.push({ type: 'stale' }),
    onFresh: () => events.push({ type: 'fresh' }),
    onReconnectScheduled: (attempt, delayMs) => events.push({ type: 'reconnect', attempt, delayMs }),
    onTokenError: (status) => events.push({ type: 'token', status }),
  });
  return { kite, ticker, events, scheduler };
}

function instrumentToken(key: string): number {
  const row = defaultInstruments().find((candidate) => `${candidate.exchange}:${candidate.tradingsymbol}` === key);
  if (!row) throw new Error(`No instrument ${key}`);
  return row.instrument_token;
}

const tickOf = (token: number, mode: string) => (event: TickerEvent) =>
  event.type === 'tick' && event.tick.instrument_token === token && event.tick.mode === mode;
const find = (event: TickerEvent, token: number) => (event.type === 'tick' && event.tick.instrument_token === token ? event.tick : undefined);

describe('Kite ticker connection', () => {
  it('subscribes before and after opening, and receives ticks in each mode with the parser’s shapes', async () => {
    const { ticker, events, kite } = await connect();
    const call = instrumentToken('NFO:NIFTY26JAN26000CE');
    const future = instrumentToken('NFO:NIFTY26JANFUT');
    ticker.subscribe([call], 'ltp');
    ticker.connect();
    await events.next((event) => event.type === 'connected');
    ticker.subscribe([future, nifty], 'full');
    expect(find(await events.next(tickOf(call, 'ltp')), call)).toEqual({ mode: 'ltp', tradable: true, instrument_token: call, last_price: 100 });
    expect(find(await events.next(tickOf(future, 'full')), future)).toMatchObject({ mode: 'full', tradable: true, last_price: 26000, depth: { buy: expect.any(Array) } });
    expect(find(await events.next(tickOf(nifty, 'full')), nifty)).toMatchObject({ mode: 'full', tradable: false, last_price: 26000, timestamp: expect.any(Date) });
    ticker.setMode('quote', [call]);
    expect(find(await events.next(tickOf(call, 'quote')), call)).toMatchObject({ mode: 'quote', ohlc: { close: 100 } });
    events.drain();
    kite.server.control.setPrice(call, 104.35);
    expect(find(await events.next(tickOf(call, 'quote')), call)).toMatchObject({ last_price: 104.35, change: 104.35 - 100 });
    expect(kite.server.control.tickerMessages()).toEqual([
      { a: 'subscribe', v: [call] },
      { a: 'mode', v: ['ltp', [call]] },
      { a: 'subscribe', v: [future, nifty] },
      { a: 'mode', v: ['full', [future, nifty]] },
      { a: 'mode', v: ['quote', [call]] },
    ]);
  });

  it('passes order updates and Kite’s text errors on', async () => {
    const { ticker, events, kite } = await connect();
    ticker.connect();
    await events.next((event) => event.type === 'connected');
    const { order_id: orderId } = await placeOrder(kite.http, {
      variety: 'regular', exchange: 'NFO', tradingsymbol: 'NIFTY26JAN26000CE', transaction_type: 'BUY', order_type: 'LIMIT', quantity: 75, product: 'NRML', price: 99, tag: 'tick1',
    });
    const update = await events.next((event) => event.type === 'order' && event.order.status === 'OPEN');
    expect(update.type === 'order' && update.order).toMatchObject({ order_id: orderId, tag: 'tick1', user_id: 'AB1234', pending_quantity: 75 });
    kite.server.control.sendTickerError('Something went wrong');
    expect(await events.next((event) => event.type === 'error')).toEqual({ type: 'error', message: 'Something went wrong' });
  });

  it('reports a silent socket stale, reconnects with doubling delays capped at the maximum, and replays subscriptions', async () => {
    const { ticker, events, kite, scheduler } = await connect();
    const call = instrumentToken('NFO:NIFTY26JAN26000CE');
    ticker.subscribe([call], 'full');
    ticker.connect();
    await events.next((event) => event.type === 'connected');
    await events.next(tickOf(call, 'full'));
    // Any frame restarts the watch: 3 s, a tick, then 4.999 s more is still fresh.
    scheduler.advance(3000);
    kite.server.control.setPrice(call, 101);
    await events.next(tickOf(call, 'full'));
    kite.server.control.silenceTicker(true);
    scheduler.advance(4999);
    expect(ticker.isStale()).toBe(false);
    scheduler.advance(1);
    expect(await events.next((event) => event.type === 'stale')).toEqual({ type: 'stale' });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const reconnect = await events.next((event) => event.type === 'reconnect');
      if (reconnect.type === 'reconnect') delays.push(reconnect.delayMs);
      expect(ticker.state()).toBe('waiting');
      scheduler.advance(reconnect.type === 'reconnect' ? reconnect.delayMs : 0);
      await events.next((event) => event.type === 'connected');
      scheduler.advance(5000);
    }
    expect(delays).toEqual([1000, 2000, 4000, 4000]);
    expect(events.drain().filter((event) => event.type === 'stale')).toEqual([]);
    await events.next((event) => event.type === 'reconnect');
    scheduler.advance(4000);
    await events.next((event) => event.type === 'connected');
    kite.server.control.silenceTicker(false);
    kite.server.control.sendTickerHeartbeat();
    await events.next((event) => event.type === 'fresh');
    expect(ticker.isStale()).toBe(false);
    expect(find(await events.next(tickOf(call, 'full')), call)).toMatchObject({ mode: 'full' });
    expect(kite.server.control.tickerMessages().filter((message) => JSON.stringify(message) === JSON.stringify({ a: 'mode', v: ['full', [call]] })).length).toBeGreaterThanOrEqual(6);
  });

  it('reconnects after the server drops it, and stops for good once the token is refused', async () => {
    const { ticker, events, kite, scheduler } = await connect();
    ticker.connect();
    await events.next((event) => event.type === 'connected');
    kite.server.control.dropTickerConnections();
    expect(await events.next((event) => event.type === 'reconnect')).toEqual({ type: 'reconnect', attempt: 1, delayMs: 1000 });
    scheduler.advance(1000);
    await events.next((event) => event.type === 'connected');
    kite.server.control.expireAllTokens();
    const reconnect = await events.next((event) => event.type === 'reconnect');
    scheduler.advance(reconnect.type === 'reconnect' ? reconnect.delayMs : 0);
    expect(await events.next((event) => event.type === 'token')).toEqual({ type: 'token', status: 403 });
    expect(ticker.state()).toBe('closed');
    expect(scheduler.delays()).toEqual([]);
  });

  it('refuses more instruments than one connection carries', async () => {
    const { ticker } = await connect();
    const tokens = Array.from({ length: maxInstrumentsPerConnection }, (_, index) => index + 1);
    ticker.subscribe(tokens, 'ltp');
    expect(() => ticker.subscribe([maxInstrumentsPerConnection + 1])).toThrow(RangeError);
    expect(ticker.subscriptions().size).toBe(maxInstrumentsPerConnection);
  });
});
