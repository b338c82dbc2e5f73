// The paper broker's stream (paper-stream.ts, issue 26, from the mutation run). Ticks, without a server: a
// subscriber hears only its own contracts whose index moved, never a tick priced after it closed, and a
// pricing failure goes to its warn without stopping later ticks; a stream that follows nothing or hears no
// ticks asks the market nothing. Order changes, on a server: every state recorded since the last pass, even
// passes a minute apart or a state stamped before the subscription that committed after it, never one
// recorded before subscribing; closing one subscription leaves the account's others (and a closed stream's
// listener subscribed again) hearing, and one closing its stream on an order hears nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrokerListener, BrokerOrder, BrokerTick, TradingAccount } from '../../../server/services/brokers/broker-trading.ts';
import { createPaperStream } from '../../../server/services/brokers/paper/paper-stream.ts';
import type { IndexName } from '../../../server/services/market/index-config.ts';
import type { MarketListener } from '../../../server/services/market/market-feed.ts';
import type { LastPrice } from '../../../server/services/market/market-quotes.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, scriptedMarket, type Desk, type ScriptedMarket } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { guardedClient } from '../support/trading.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

const account: TradingAccount = { id: 1, accountNumber: 'PA0001', capitalPaise: 0 };
const quote = (last: number) => ({ last_price: last }) as LastPrice;

const noDatabase = async (): Promise<never> => {
  throw new Error('no database here');
};

/** A feed the test moves by hand, and a market that says what it was asked and prices when the test lets it. */
function fakeMarket() {
  const feedListeners = new Set<MarketListener>();
  const asked: string[] = [];
  let answer: (keys: readonly string[]) => Promise<Record<string, LastPrice>> = async (keys) => Object.fromEntries(keys.map((key) => [key, quote(100)]));
  const stream = createPaperStream({
    db: { query: noDatabase, exec: noDatabase, copyFrom: noDatabase },
    clock: () => new Date('2026-11-20T04:30:00Z'),
    market: {
      indicesOfInstruments: async (keys) => {
        asked.push(`indices ${keys.join(',')}`);
        return new Map(keys.map((key) => [key, key.startsWith('BFO:') ? 'SENSEX' : 'NIFTY']));
      },
      quotes: async (keys) => {
        asked.push(`quotes ${keys.join(',')}`);
        return answer(keys);
      },
    },
    feed: {
      subscribe: (listener) => {
        feedListeners.add(listener);
        return () => feedListeners.delete(listener);
      },
    },
  });
  return {
    stream,
    asked,
    feedListeners,
    answerWith: (next: typeof answer) => {
      answer = next;
    },
    move: async (...moved: IndexName[]) => {
      for (const listener of [...feedListeners]) listener({ states: new Map(), moved: new Set(moved), status: null });
      // Let the pricing chain run.
      for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
    },
  };
}

describe("the paper stream's ticks", () => {
  it("tells a subscriber only its contracts whose index moved, priced; never an empty tick when another index moved", async () => {
    const market = fakeMarket();
    const ticks: BrokerTick[][] = [];
    const stream = await market.stream.subscribe(account, { onTick: (moved) => ticks.push([...moved]) }, ['NFO:A', 'BFO:B']);
    await market.move('SENSEX');
    expect(ticks).toEqual([[{ instrument: 'BFO:B', quote: quote(100) }]]);
    market.asked.length = 0;
    await market.move('BANKNIFTY' as IndexName);
    expect(ticks).toHaveLength(1);
    expect(market.asked).toEqual([]);
    stream.close();
  });

  it('never tells a tick priced after the stream closed, and stops pricing ticks at all once closed', async () => {
    const market = fakeMarket();
    const ticks: BrokerTick[][] = [];
    let release = () => undefined as void;
    market.answerWith((keys) => new Promise((resolve) => (release = () => resolve(Object.fromEntries(keys.map((key) => [key, quote(101)]))))));
    const stream = await market.stream.subscribe(account, { onTick: (moved) => ticks.push([...moved]) }, ['NFO:A']);
    await market.move('NIFTY');
    expect(market.asked).toEqual(['indices NFO:A', 'quotes NFO:A']);
    stream.close();
    release();
    await market.move('NIFTY');
    expect(ticks).toEqual([]);
    // Closed: the feed no longer reaches it, so nothing more is priced.
    expect(market.asked).toEqual(['indices NFO:A', 'quotes NFO:A']);
    expect(market.feedListeners.size).toBe(0);
  });

  it("tells its warn when a tick could not be priced, with the account, and still prices the next tick", async () => {
    const market = fakeMarket();
    const ticks: BrokerTick[][] = [];
    const warnings: Array<[Record<string, unknown>, string]> = [];
    const failure = new Error('the market is gone');
    market.answerWith(async () => {
      throw failure;
    });
    const stream = await market.stream.subscribe(account, { onTick: (moved) => ticks.push([...moved]), warn: (details, message) => warnings.push([details, message]) }, ['NFO:A']);
    await market.move('NIFTY');
    expect(warnings).toEqual([[{ err: failure, accountId: account.id }, 'the simulator could not price a tick']]);
    market.answerWith(async (keys) => Object.fromEntries(keys.map((key) => [key, quote(102)])));
    await market.move('NIFTY');
    expect(ticks).toEqual([[{ instrument: 'NFO:A', quote: quote(102) }]]);
    stream.close();
  });

  it('goes on pricing ticks after a failure for a subscriber that has no warn', async () => {
    const market = fakeMarket();
    const ticks: BrokerTick[][] = [];
    market.answerWith(async () => {
      throw new Error('the market is gone');
    });
    const stream = await market.stream.subscribe(account, { onTick: (moved) => ticks.push([...moved]) }, ['NFO:A']);
    await market.move('NIFTY');
    market.answerWith(async (keys) => Object.fromEntries(keys.map((key) => [key, quote(103)])));
    await market.move('NIFTY');
    expect(ticks).toEqual([[{ instrument: 'NFO:A', quote: quote(103) }]]);
    stream.close();
  });

  it('asks the market nothing for a stream that follows nothing or hears no ticks, and closes one without an order listener', async () => {
    const market = fakeMarket();
    const nothing = await market.stream.subscribe(account, { onTick: () => undefined });
    expect(await nothing.quotes()).toEqual({});
    const deaf = await market.stream.subscribe(account, { warn: () => undefined }, ['NFO:A']);
    expect(market.feedListeners.size).toBe(0);
    await market.move('NIFTY');
    expect(market.asked).toEqual(['indices NFO:A']);
    expect(await deaf.quotes()).toEqual({ 'NFO:A': quote(100) });
    nothing.close();
    deaf.close();
  });

  it('reads no order changes on a pass that nobody listens to (its database would throw)', async () => {
    const market = fakeMarket();
    await expect(market.stream.pass()).resolves.toBeUndefined();
    const deaf = await market.stream.subscribe(account, { onTick: () => undefined });
    await expect(market.stream.pass()).resolves.toBeUndefined();
    deaf.close();
  });
});

// Friday 20 November 2026, 10:00 IST.
const friday = new Date('2026-11-20T04:30:00Z');

describe.each(testBackends)("the paper stream's order changes on %s", (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;

  beforeAll(async () => {
    const clock = manualClock(friday);
    market = scriptedMarket(clock);
    server = await startTestServer({ backend, clock, market: { seed: 'paper-stream', demo: true, tickMs: 1000 }, prices: market.source });
    call = guardedClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  const deskWithContract = async (): Promise<{ desk: Desk; symbol: string; account: TradingAccount }> => {
    server.clock.advance(60_000);
    const desk = await openDesk(server, call);
    const symbol = desk.contract(desk.atm, 'CE').tradingsymbol;
    market.set(symbol, { bid: 120, ask: 120.5, last: 120.25, close: 110 });
    return { desk, symbol, account: { id: desk.account.id, accountNumber: desk.accountNumber, capitalPaise: 50_000_000 } };
  };
  const listen = async (desk: Desk, account: TradingAccount, orders: BrokerOrder[], listener: BrokerListener = { onOrder: (order) => orders.push(order) }) =>
    desk.services.paperTrading.subscribe(account, listener);
  const idsOf = (orders: BrokerOrder[]) => orders.map((order) => `${order.order_id} ${order.status}`);

  it('tells a state recorded a minute before the next pass (passes a minute apart), and one stamped before subscribing that committed after', async () => {
    const { desk, symbol, account } = await deskWithContract();
    const orders: BrokerOrder[] = [];
    const stream = await listen(desk, account, orders);
    server.clock.advance(1000);
    const resting = await desk.place(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 100 });
    // The next pass comes a minute later.
    server.clock.advance(60_000);
    await desk.tick();
    expect(idsOf(orders)).toEqual([`${resting.order_id} OPEN`]);

    // A state stamped 33 s before a pass that runs 5 s earlier than the last one (a late commit, a tick's time).
    const passAt = server.clock.now().getTime() - 5000;
    server.clock.advance(-33_000);
    const late = await desk.place(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 99 });
    await desk.services.paperTrading.onTick(new Date(passAt));
    expect(idsOf(orders)).toEqual([`${resting.order_id} OPEN`, `${late.order_id} OPEN`]);
    server.clock.advance(33_000);
    stream.close();
  });

  it("tells a subscriber nothing recorded before it subscribed, even after other streams closed or heard no orders (no pass between)", async () => {
    const first = await deskWithContract();
    const firstStream = await listen(first.desk, first.account, []);
    // A stream hearing only ticks is not an order subscriber.
    const tickOnly = await first.desk.services.paperTrading.subscribe(first.account, { onTick: () => undefined }, [`NFO:${first.symbol}`]);
    firstStream.close();
    const { desk, symbol, account } = await deskWithContract();
    await desk.place(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 100 });
    server.clock.advance(60_000);
    const orders: BrokerOrder[] = [];
    const stream = await listen(desk, account, orders);
    await desk.tick();
    expect(orders).toEqual([]);
    // A later subscriber of another account does not move the first one's reading on.
    server.clock.advance(1000);
    const resting = await desk.place(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 99 });
    server.clock.advance(60_000);
    const other = await deskWithContract();
    const otherStream = await listen(other.desk, other.account, []);
    await desk.tick();
    expect(idsOf(orders)).toEqual([`${resting.order_id} OPEN`]);
    stream.close();
    otherStream.close();
    tickOnly.close();
  });

  it('tells a subscriber that closes its stream on an order nothing more, and the pass goes on', async () => {
    const { desk, symbol, account } = await deskWithContract();
    const heard: BrokerOrder[] = [];
    const stream = await listen(desk, account, heard, {
      onOrder: (order) => {
        heard.push(order);
        stream.close();
      },
    });
    server.clock.advance(1000);
    const first = await desk.place(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 100 });
    await desk.place(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 99 });
    await desk.tick();
    expect(idsOf(heard)).toEqual([`${first.order_id} OPEN`]);
  });

  it("keeps telling an account's other subscriber when one closes, and a closed stream closed again never silences its listener's new stream", async () => {
    const { desk, symbol, account } = await deskWithContract();
    const kept: BrokerOrder[] = [];
    const again: BrokerOrder[] = [];
    const keptStream = await listen(desk, account, kept);
    const listener = { onOrder: (order: BrokerOrder) => again.push(order) };
    const closing = await listen(desk, account, [], listener);
    closing.close();
    const reopened = await listen(desk, account, again, listener);
    closing.close();
    server.clock.advance(1000);
    const placed = await desk.place(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 100 });
    await desk.tick();
    expect(idsOf(kept)).toEqual([`${placed.order_id} OPEN`]);
    expect(idsOf(again)).toEqual([`${placed.order_id} OPEN`]);
    keptStream.close();
    reopened.close();
  });
});
