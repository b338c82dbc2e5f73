// A live Kite account outside market hours: orders go out as Kite's after-market orders (POST /orders/amo),
// held by Kite as "AMO REQ RECEIVED" and changed by that variety (PUT/DELETE /orders/amo/:id) until Kite
// sends them to the exchange at 09:15 IST, after which they are regular orders there. Between the close and
// Kite's AMO window (15:30–15:45 IST) nothing is sent: the order is in the book as REJECTED saying when.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istOffsetMs } from '../../../server/services/market/ist.ts';
import { testBackends } from '../support/test-database.ts';
import { openKiteDesk, startKiteStack, type KiteDesk, type KiteStack } from './kite-desk.ts';

const at = (day: string, time: string) => new Date(Date.parse(`${day}T${time}:00Z`) - istOffsetMs);

describe.each(testBackends)('after-market orders on a Kite account on %s', (backend) => {
  let stack: KiteStack;
  let desk: KiteDesk;
  const moveTo = (instant: Date) => stack.server.clock.advance(instant.getTime() - stack.server.clock.now().getTime());
  const sent = () => stack.network.calls().filter((call) => /^(POST|PUT|DELETE) \/orders/.test(call));

  beforeAll(async () => {
    // Friday 20 November 2026, 16:00 IST: the exchange closed at 15:30, Kite's F&O AMO window opened at 15:45.
    stack = await startKiteStack(backend, { clockStart: at('2026-11-20', '16:00') });
    desk = await openKiteDesk(stack);
  });
  afterAll(async () => {
    await stack.close();
  });

  it('places an order after the close as an AMO, modifies and cancels it by that variety, and sends it at the open', async () => {
    const call = desk.symbol(desk.atm, 'CE');
    stack.kite.control.setPrice(`NFO:${call}`, 100);
    const before = sent().length;
    const placed = await desk.place([desk.order(call, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 90 })]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const [order] = placed.body.orders;
    expect(order).toMatchObject({ status: 'OPEN', broker_status: 'AMO REQ RECEIVED', variety: 'amo', exchange_order_id: null });
    expect(desk.atKite(order!.order_id)).toMatchObject({ variety: 'amo', status: 'AMO REQ RECEIVED', exchange_order_id: null });
    // Held by Kite: however marketable it is, it does not fill before the open.
    stack.kite.control.setPrice(`NFO:${call}`, 80);
    expect(desk.atKite(order!.order_id)).toMatchObject({ status: 'AMO REQ RECEIVED', filled_quantity: 0 });

    stack.server.clock.advance(1000);
    const modified = await desk.trade('modifyOrder', { order_id: order!.order_id, price: 85 });
    expect(modified.status, JSON.stringify(modified.body)).toBe(200);
    expect(desk.atKite(order!.order_id)).toMatchObject({ price: 85, status: 'AMO REQ RECEIVED' });

    stack.server.clock.advance(1000);
    const other = await desk.place([desk.order(desk.symbol(desk.atm, 'PE'), 'SELL', desk.lotSize, { order_type: 'LIMIT', price: 150 })]);
    const otherId = other.body.orders[0]!.order_id;
    stack.server.clock.advance(1000);
    const cancelled = await desk.trade('cancelOrder', { order_ids: [otherId] });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(desk.atKite(otherId)).toMatchObject({ status: 'CANCELLED', variety: 'amo' });
    expect(sent().slice(before)).toEqual([
      'POST /orders/amo',
      `PUT /orders/amo/${order!.order_id}`,
      'POST /orders/amo',
      `DELETE /orders/amo/${otherId}`,
    ]);
    const mirrored = await stack.server.db.query<{ variety: string }>('SELECT variety FROM kite_orders WHERE order_id = $1', [order!.order_id]);
    expect(mirrored.rows).toEqual([{ variety: 'amo' }]);

    // Monday 09:15 IST: Kite sent it to the exchange, where it rests at ₹85 (the price is ₹88 now). It is a
    // regular order there, changed as such although Kite's book still says variety "amo".
    moveTo(at('2026-11-23', '09:15'));
    // Kite's sessions end at 06:00 IST each morning: the trader logs in again.
    expect((await desk.logIn()).status).toBe(200);
    stack.kite.control.setPrice(`NFO:${call}`, 88);
    const book = await desk.orderBook();
    const released = book.body.order_book.find((row) => row.order_id === order!.order_id);
    expect(released).toMatchObject({ status: 'OPEN', broker_status: null, variety: 'amo' });
    expect(released!.exchange_order_id).not.toBeNull();
    stack.server.clock.advance(1000);
    const cancelledAfterOpen = await desk.trade('cancelOrder', { order_ids: [order!.order_id] });
    expect(cancelledAfterOpen.status, JSON.stringify(cancelledAfterOpen.body)).toBe(200);
    expect(cancelledAfterOpen.body.orders[0]).toMatchObject({ status: 'CANCELLED' });
    expect(sent().at(-1)).toBe(`DELETE /orders/regular/${order!.order_id}`);
  });

  it('sends nothing between the close and the AMO window: the order is REJECTED saying when to place it', async () => {
    // Monday 15:45 IST, after the 15:40 close (NSE's F&O hours since 3 August 2026); Tuesday 24 November is a
    // holiday: the next open is Wednesday's.
    moveTo(at('2026-11-23', '15:45'));
    const before = sent().length;
    const placed = await desk.place([desk.order(desk.symbol(desk.atm, 'CE'), 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 90 })]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.orders[0]).toMatchObject({
      status: 'REJECTED',
      status_message_i18n: { code: 'order.amo_not_yet', params: { from: '15:55', open_time: '09:15', open_day: '2026-11-25' } },
    });
    expect(sent().length).toBe(before);
  });

  it('places a regular order while the exchange trades', async () => {
    moveTo(at('2026-11-25', '10:00'));
    expect((await desk.logIn()).status).toBe(200);
    const placed = await desk.place([desk.order(desk.symbol(desk.atm, 'CE'), 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 50 })]);
    expect(placed.body.orders[0]).toMatchObject({ status: 'OPEN', variety: 'regular' });
    expect(sent().at(-1)).toBe('POST /orders/regular');
  });
});
