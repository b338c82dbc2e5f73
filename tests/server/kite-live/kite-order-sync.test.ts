// The leader's periodic /orders read for live accounts with working orders: a fill no postback brought
// reaches the mirror and the trader; each account is read at most once every 5 seconds whichever instance
// runs the pass; an account with nothing working is not read at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollIntervalMs } from '../../../server/services/brokers/live/order-sync.ts';
import { testBackends } from '../support/test-database.ts';
import { openKiteDesk, startKiteStack, type KiteStack } from './kite-desk.ts';

describe.each(testBackends)('the periodic Kite order read on %s', (backend) => {
  let stack: KiteStack;

  beforeAll(async () => {
    stack = await startKiteStack(backend);
  });

  afterAll(async () => {
    await stack.close();
  });

  it('brings a fill no postback told into the mirror and to the trader, reading each account at most every 5 s', async () => {
    const desk = await openKiteDesk(stack);
    const call = desk.symbol(desk.atm, 'CE');
    stack.kite.control.setPrice(`NFO:${call}`, 100);
    const placed = await desk.place([desk.order(call, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 95 })]);
    const orderId = placed.body.orders[0]!.order_id;
    const sync = stack.services.kite.orderSync;
    const reads = () => stack.network.calls().filter((line) => line === 'GET /orders').length;

    // Kite fills it; no postback URL is registered for this app.
    stack.kite.control.setPrice(`NFO:${call}`, 94);
    expect(desk.atKite(orderId)!.status).toBe('COMPLETE');
    const before = reads();
    expect(await sync.pass()).toMatchObject({ read: 1, errors: [] });
    expect(reads()).toBe(before + 1);
    const { rows } = await stack.server.db.query<{ status: string }>('SELECT status FROM kite_orders WHERE order_id = $1', [orderId]);
    expect(rows[0]!.status).toBe('COMPLETE');
    const told = await stack.server.db.query<{ event: string }>('SELECT event FROM alerts WHERE dedupe_key = $1', [`order:${orderId}:COMPLETE`]);
    expect(told.rows).toEqual([{ event: 'order_filled' }]);

    // Nothing working any more: not read again, even after the interval.
    stack.server.clock.advance(pollIntervalMs);
    expect(await sync.pass()).toMatchObject({ read: 0 });

    const resting = await desk.place([desk.order(call, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 50 })]);
    expect(resting.body.orders[0]!.status).toBe('OPEN');
    expect(await sync.pass()).toMatchObject({ read: 1 });
    stack.server.clock.advance(pollIntervalMs - 1);
    expect(await sync.pass()).toMatchObject({ read: 0 });
    stack.server.clock.advance(1);
    expect(await sync.pass()).toMatchObject({ read: 1 });
  });
});
