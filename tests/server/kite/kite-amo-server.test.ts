// The Kite test server's hours, as Kite keeps them for F&O (hours: 'exchange'): a regular order only while the
// exchange trades, refused outside in Kite's own words; an after-market order (variety amo) from 15:45 to
// 09:10 IST, held as "AMO REQ RECEIVED" (no exchange id, no fill), changed by variety amo inside that window
// only, and sent to the exchange at 09:15, after which it is changed as a regular order.
import { afterEach, describe, expect, it } from 'vitest';
import { cancelOrder, getOrderHistory, modifyOrder, placeOrder } from '../../../server/services/brokers/kite/kite-orders.ts';
import { istOffsetMs } from '../../../server/services/market/ist.ts';
import { amoInMarketHoursMessage, amoWindowClosedMessage, marketsClosedMessage } from '../../kite-server/exchange-hours.ts';
import { manualClock } from '../support/test-server.ts';
import { type LoggedIn, startLoggedIn } from './kite-support.ts';

const call = 'NIFTY26JAN26000CE';
const buy = { variety: 'amo', exchange: 'NFO', tradingsymbol: call, transaction_type: 'BUY', order_type: 'LIMIT', quantity: 75, product: 'NRML', price: 100 } as const;
const at = (day: string, time: string) => new Date(Date.parse(`${day}T${time}:00Z`) - istOffsetMs);

let kite: LoggedIn | undefined;
afterEach(async () => {
  await kite?.server.close();
  kite = undefined;
});

describe("the Kite test server's after-market orders", () => {
  it('refuses a regular order outside market hours, and an AMO during them or just before the open', async () => {
    const clock = manualClock(at('2026-01-19', '06:30'));
    kite = await startLoggedIn({ clock: clock.now, hours: 'exchange' });
    const { http } = kite;
    kite.server.control.setPrice(`NFO:${call}`, 120);
    await expect(placeOrder(http, { ...buy, variety: 'regular' })).rejects.toMatchObject({ status: 400, errorType: 'InputException', message: marketsClosedMessage });
    clock.advance(at('2026-01-19', '09:12').getTime() - clock.now().getTime());
    await expect(placeOrder(http, buy)).rejects.toMatchObject({ errorType: 'InputException', message: amoWindowClosedMessage });
    clock.advance(at('2026-01-19', '10:00').getTime() - clock.now().getTime());
    await expect(placeOrder(http, buy)).rejects.toMatchObject({ errorType: 'InputException', message: amoInMarketHoursMessage });
  });

  it('holds an AMO until the open, changes it by variety amo in the window only, then as a regular order', async () => {
    const clock = manualClock(at('2026-01-19', '06:30'));
    kite = await startLoggedIn({ clock: clock.now, hours: 'exchange' });
    const { http } = kite;
    kite.server.control.setPrice(`NFO:${call}`, 90);
    const { order_id: orderId } = await placeOrder(http, buy);
    const held = (await getOrderHistory(http, orderId)).at(-1)!;
    expect(held).toMatchObject({ status: 'AMO REQ RECEIVED', variety: 'amo', exchange_order_id: null, filled_quantity: 0 });
    await expect(modifyOrder(http, 'regular', orderId, { price: 95 })).rejects.toMatchObject({ message: 'Invalid `variety`.' });
    await modifyOrder(http, 'amo', orderId, { price: 80 });
    expect((await getOrderHistory(http, orderId)).at(-1)).toMatchObject({ status: 'AMO REQ RECEIVED', price: 80 });
    // 09:12 on Monday: Kite takes no AMO changes between 09:10 and the open.
    clock.advance(at('2026-01-19', '09:12').getTime() - clock.now().getTime());
    await expect(cancelOrder(http, 'amo', orderId)).rejects.toMatchObject({ message: amoWindowClosedMessage });
    // 09:15: sent to the exchange, resting at ₹80 below the last price ₹90.
    clock.advance(3 * 60 * 1000);
    const released = (await getOrderHistory(http, orderId)).map((state) => state.status);
    expect(released.slice(-2)).toEqual(['OPEN PENDING', 'OPEN']);
    await expect(cancelOrder(http, 'amo', orderId)).rejects.toMatchObject({ message: 'Invalid `variety`.' });
    await cancelOrder(http, 'regular', orderId);
    expect((await getOrderHistory(http, orderId)).at(-1)).toMatchObject({ status: 'CANCELLED', variety: 'amo' });
  });
});
