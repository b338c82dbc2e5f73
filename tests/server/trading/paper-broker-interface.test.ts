// The paper broker's side of the broker-neutral interface that the order routes do not show: an order's
// history (every state, oldest first, recorded by migration 024's trigger), the contracts it lists for an
// index, and its stream (order changes told on the fill engine's pass, the simulator's ticks).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrokerOrder, BrokerTick, TradingAccount } from '../../../server/services/brokers/broker-trading.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, scriptedMarket, type Desk, type ScriptedMarket } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { guardedClient } from '../support/trading.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { openPriceStream } from '../kite-live/price-stream-client.ts';

// Friday 20 November 2026, 10:00 IST.
const friday = new Date('2026-11-20T04:30:00Z');

describe.each(testBackends)('the paper broker behind BrokerTrading on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let desk: Desk;
  let account: TradingAccount;
  let symbol: string;

  beforeAll(async () => {
    const clock = manualClock(friday);
    market = scriptedMarket(clock);
    server = await startTestServer({ backend, clock, market: { seed: 'paper-interface', demo: true, tickMs: 1000 }, prices: market.source });
    call = guardedClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(async () => {
    server.clock.advance(60_000);
    desk = await openDesk(server, call);
    account = { id: desk.account.id, accountNumber: desk.accountNumber, capitalPaise: 50_000_000 };
    symbol = desk.contract(desk.atm, 'CE').tradingsymbol;
    market.set(symbol, { bid: 120, ask: 120.5, last: 120.25, close: 110 });
  });

  const trading = () => desk.services.paperTrading;

  it("answers an order's history: placed, modified, filled, oldest first; another account's order is not_found", async () => {
    const placed = await desk.place(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 100 });
    server.clock.advance(1000);
    const modified = await desk.trade('modifyOrder', { order_id: placed.order_id, price: 101 });
    expect(modified.status, JSON.stringify(modified.body)).toBe(200);
    server.clock.advance(1000);
    market.set(symbol, { bid: 100, ask: 100.5, last: 100.25 });
    await desk.tick();

    const history = await trading().orderHistory(account, placed.order_id);
    expect(history.map((state) => [state.status, state.price_paise, state.filled_quantity, state.modifications])).toEqual([
      ['OPEN', '10000', 0, 0],
      ['OPEN', '10100', 0, 1],
      ['COMPLETE', '10100', desk.lotSize, 1],
    ]);
    expect(history.map((state) => state.updated_at?.getTime())).toEqual([0, 1000, 2000].map((offset) => server.clock.now().getTime() - 2000 + offset));
    expect(new Set(history.map((state) => `${state.order_id} ${state.tradingsymbol} ${state.purpose}`))).toEqual(new Set([`${placed.order_id} ${symbol} entry`]));

    const other = await openDesk(server, call);
    const stranger = { id: other.account.id, accountNumber: other.accountNumber, capitalPaise: 0 };
    await expect(trading().orderHistory(stranger, placed.order_id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('records a rejection and a cancellation as states of their own, and nothing for an update that changes none', async () => {
    const rejected = await desk.place(symbol, 'BUY', desk.lotSize + 1);
    expect(rejected.status).toBe('REJECTED');
    expect((await trading().orderHistory(account, rejected.order_id)).map((state) => state.status)).toEqual(['REJECTED']);

    const resting = await desk.place(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 90 });
    // Not a change the trader sees (the OCO group): no state.
    await server.db.query('UPDATE paper_orders SET oco_group = id WHERE order_id = $1', [resting.order_id]);
    const cancelled = await desk.trade('cancelOrder', { order_ids: [resting.order_id] });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const states = await trading().orderHistory(account, resting.order_id);
    expect(states.map((state) => [state.status, state.cancelled_quantity])).toEqual([
      ['OPEN', 0],
      ['CANCELLED', desk.lotSize],
    ]);
  });

  it("lists the index's contracts the simulator lists, one expiry's when asked, as the option chain does", async () => {
    const chain = await trading().instruments(account, 'NIFTY', desk.expiry);
    expect(chain.length).toBeGreaterThan(10);
    expect(new Set(chain.map((contract) => contract.expiry))).toEqual(new Set([desk.expiry]));
    expect(chain.find((contract) => contract.tradingsymbol === symbol)).toMatchObject({ index: 'NIFTY', strike: desk.atm, kind: 'CE', lotSize: desk.lotSize, exchange: 'NFO' });
    const strikes = chain.map((contract) => contract.strike);
    expect(strikes).toEqual([...strikes].sort((a, b) => a - b));
    const all = await trading().instruments(account, 'NIFTY');
    expect(all.map((contract) => contract.tradingsymbol)).toEqual(expect.arrayContaining(chain.map((contract) => contract.tradingsymbol)));
    expect(all.every((contract) => contract.expiry >= desk.expiry)).toBe(true);
  });

  it("tells a subscriber its account's order changes as they commit and on the fill engine's pass, and the simulator's ticks of what it follows", async () => {
    const orders: BrokerOrder[] = [];
    const ticks: BrokerTick[][] = [];
    // What happened before subscribing is not told.
    await desk.place(symbol, 'BUY', desk.lotSize);
    const key = `NFO:${symbol}`;
    const stream = await trading().subscribe(account, { onOrder: (order) => orders.push(order), onTick: (moved) => ticks.push([...moved]) }, [key]);
    expect(Object.keys(await stream.quotes())).toEqual([key]);
    expect(stream.feedAlive()).toBe(false);

    const resting = await desk.place(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 100 });
    const other = await openDesk(server, call);
    await other.place(symbol, 'BUY', other.lotSize);
    // A placement is told when it commits on this instance (the desk's push), another account's never.
    await expect.poll(() => orders.map((order) => [order.order_id, order.status])).toEqual([[resting.order_id, 'OPEN']]);
    server.clock.advance(1000);
    market.set(symbol, { bid: 99, ask: 99.5, last: 99.25 });
    await desk.tick();
    expect(orders.map((order) => [order.order_id, order.status])).toEqual([
      [resting.order_id, 'OPEN'],
      [resting.order_id, 'COMPLETE'],
    ]);
    // Each state once, whichever later pass reads it again.
    await desk.tick();
    expect(orders).toHaveLength(2);

    server.clock.advance(1000);
    await desk.services.market.tick();
    await desk.services.marketFeed.poll();
    await expect.poll(() => ticks.length).toBeGreaterThan(0);
    expect(ticks[0]!.map((tick) => tick.instrument)).toEqual([key]);
    expect(ticks[0]![0]!.quote.last_price).toBeGreaterThan(0);

    stream.close();
    // Closing twice is harmless.
    stream.close();
    const seen = ticks.length;
    await desk.place(symbol, 'BUY', desk.lotSize);
    server.clock.advance(1000);
    await desk.services.market.tick();
    await desk.services.marketFeed.poll();
    await desk.tick();
    expect(orders).toHaveLength(2);
    expect(ticks).toHaveLength(seen);
  });

  it("keeps a price stream naming a paper account on the simulator's quotes, now read through the paper broker's stream", async () => {
    const key = `NFO:${symbol}`;
    const stream = await openPriceStream(server, desk.token, { instruments: [key], account_id: desk.account.id });
    const snapshot = await stream.next();
    expect(snapshot.event).toBe('snapshot');
    const first = snapshot.data.data![key]!;
    expect(first.last_price).toBeGreaterThan(0);
    // The simulator moves: the stream sends what changed, as a stream naming no account does.
    for (let moves = 0; moves < 5; moves += 1) {
      server.clock.advance(1000);
      await desk.services.market.tick();
      await desk.services.marketFeed.poll();
    }
    const moved = await stream.until((event) => event.event === 'delta' && event.data.data?.[key] !== undefined);
    expect(moved.data.data![key]).toHaveProperty('last_price');
    await stream.close();
  });
});
