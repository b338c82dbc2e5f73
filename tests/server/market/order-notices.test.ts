// A desk that pushes (issue 37): the price stream of a named paper account tells each change of that account's
// orders on the pass that records it (a working order placed, then filled by a tick), so the desk reads its
// order book and positions then instead of every few seconds (a change made through this instance, such as a
// working order modified into a fill, at once rather than a tick later); a stream naming no account tells no one's
// orders, and one naming another trader's account is refused. The account's prices stay the simulator's, as without it.
import { describe, expect, it } from 'vitest';
import { openPriceStream, type StreamEvent } from '../kite-live/price-stream-client.ts';
import { openQuotedDesk, scriptedServerPerFile, type ScriptedServer } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';

const index = 'NSE:NIFTY 50';

const orderEvent = (orderId: string, status: string) => (event: StreamEvent) =>
  event.event === 'order' && (event.data as unknown as { order_id: string }).order_id === orderId && (event.data as unknown as { status: string }).status === status;

describe.each(testBackends)("a paper account's price stream on %s", (backend) => {
  let started: ScriptedServer;
  scriptedServerPerFile(backend, (server) => {
    started = server;
  });

  it("tells the account's order changes the pass they are recorded: placed working, then filled", async () => {
    const { desk, atmCall } = await openQuotedDesk(started);
    const stream = await openPriceStream(started.server, desk.token, { instruments: [index], account_id: desk.account.id });
    const snapshot = await stream.next();
    expect(snapshot.event).toBe('snapshot');
    // The simulator's prices, as for a stream naming no account.
    expect(snapshot.data.data?.[index]?.last_price).toEqual(expect.any(Number));

    const resting = await desk.place(atmCall, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 100 });
    expect(resting.status).toBe('OPEN');
    await desk.tick();
    const placed = await stream.until(orderEvent(resting.order_id, 'OPEN'));
    expect(placed.data).toEqual({ account_id: desk.account.id, order_id: resting.order_id, status: 'OPEN', filled_quantity: 0 });

    started.market.set(atmCall, { bid: 99, ask: 99.5, last: 99.25 });
    await desk.tick();
    const filled = await stream.until(orderEvent(resting.order_id, 'COMPLETE'));
    expect(filled.data).toEqual({ account_id: desk.account.id, order_id: resting.order_id, status: 'COMPLETE', filled_quantity: desk.lotSize });
    await stream.close();
  });

  it('tells a change made through this instance at once, not a tick later: a working order made marketable fills and is told with no pass', async () => {
    const { desk, atmCall } = await openQuotedDesk(started);
    const stream = await openPriceStream(started.server, desk.token, { instruments: [index], account_id: desk.account.id });
    expect((await stream.next()).event).toBe('snapshot');
    const resting = await desk.place(atmCall, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 100 });
    await stream.until(orderEvent(resting.order_id, 'OPEN'));
    const modified = await desk.trade<{ orders?: unknown }>('modifyOrder', { order_id: resting.order_id, order_type: 'MARKET' });
    expect(modified.status, JSON.stringify(modified.body)).toBe(200);
    const filled = await stream.until(orderEvent(resting.order_id, 'COMPLETE'));
    expect(filled.data).toMatchObject({ status: 'COMPLETE', filled_quantity: desk.lotSize });
    await stream.close();
  });

  it("tells a stream naming no account no orders, and refuses one naming another trader's account", async () => {
    const { desk, atmCall } = await openQuotedDesk(started);
    const other = await openQuotedDesk(started);
    const own = await openPriceStream(started.server, desk.token, { instruments: [index], account_id: desk.account.id });
    const none = await openPriceStream(started.server, desk.token, { instruments: [index] });
    for (const stream of [own, none]) expect((await stream.next()).event).toBe('snapshot');
    await expect(openPriceStream(started.server, other.desk.token, { instruments: [index], account_id: desk.account.id })).rejects.toThrow(/not_found/);

    const order = await desk.place(atmCall, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 100 });
    await desk.tick();
    await own.until(orderEvent(order.order_id, 'OPEN'));
    // Then the market moves: whatever the stream was told of the order would have come before this tick's prices.
    const { services } = desk;
    started.server.clock.advance(1000);
    await services.market.tick(started.server.clock.now());
    await services.marketFeed.poll(started.server.clock.now());
    expect((await none.until((event) => event.event === 'delta' || event.event === 'order')).event).toBe('delta');
    for (const stream of [own, none]) await stream.close();
  });
});
