// A live Kite AMO is checked for margin when Kite sends it to the exchange at the open, not when it is placed
// (Kite holds it as "AMO REQ RECEIVED" without a risk check), against the funds left after the AMOs sent before
// it: an AMO whose margin is gone by the open (funds withdrawn, taken by another order) ends REJECTED with
// Kite's RMS reason, and the trader is told by an order alert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istOffsetMs } from '../../../server/services/market/ist.ts';
import { testBackends } from '../support/test-database.ts';
import { openKiteDesk, startKiteStack, type KiteDesk, type KiteStack } from './kite-desk.ts';

const at = (day: string, time: string) => new Date(Date.parse(`${day}T${time}:00Z`) - istOffsetMs);

describe.each(testBackends)('a Kite AMO without margin at the open on %s', (backend) => {
  let stack: KiteStack;
  let desk: KiteDesk;

  beforeAll(async () => {
    // Friday 20 November 2026, 16:00 IST: inside Kite's F&O AMO window.
    stack = await startKiteStack(backend, { clockStart: at('2026-11-20', '16:00') });
    desk = await openKiteDesk(stack);
  });
  afterAll(async () => {
    await stack.close();
  });

  it('is held without a margin check, then checked at the open against the funds left: REJECTED with the reason, and the trader told', async () => {
    const call = desk.symbol(desk.atm, 'CE');
    const put = desk.symbol(desk.atm, 'PE');
    stack.kite.control.setPrice(`NFO:${call}`, 100);
    stack.kite.control.setPrice(`NFO:${put}`, 100);
    const ids: string[] = [];
    for (const symbol of [call, put]) {
      const placed = await desk.place([desk.order(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 100 })]);
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      ids.push(placed.body.orders[0]!.order_id);
      stack.server.clock.advance(1000);
    }
    const [first, second] = ids as [string, string];
    expect(desk.atKite(second)).toMatchObject({ variety: 'amo', status: 'AMO REQ RECEIVED' });

    // Over the weekend the account's funds fall to one and a half lots' premium: enough for one order, not both.
    const premiumPaise = 100 * 100 * desk.lotSize;
    stack.kite.control.setMargins(desk.input.api_key, (1.5 * premiumPaise) / 100);
    // Still held: Kite checks nothing before the open.
    expect(desk.atKite(second)).toMatchObject({ status: 'AMO REQ RECEIVED' });

    // Monday 09:15 IST: Kite sends them to the exchange in turn; the first takes its margin, the second finds
    // half a lot's premium left and is refused by the risk check.
    stack.server.clock.advance(at('2026-11-23', '09:15').getTime() - stack.server.clock.now().getTime());
    expect((await desk.logIn()).status).toBe(200);
    const rupees = (paise: number) => (paise / 100).toFixed(2);
    const reason = `Insufficient funds. Required margin is ${rupees(premiumPaise)} but available margin is ${rupees(premiumPaise / 2)}.`;
    expect(desk.atKite(first)).toMatchObject({ status: 'COMPLETE' });
    expect(desk.atKite(second)).toMatchObject({ status: 'REJECTED', exchange_order_id: null, status_message: reason });
    const book = await desk.orderBook();
    expect(book.body.order_book.find((row) => row.order_id === second)).toMatchObject({ status: 'REJECTED', status_message: reason, filled_quantity: 0 });

    const alerts = await stack.server.db.query<{ event: string; body: string }>('SELECT event, body FROM alerts WHERE dedupe_key = $1', [`order:${second}:REJECTED`]);
    expect(alerts.rows).toHaveLength(1);
    expect(alerts.rows[0]!.event).toBe('order_rejected');
    expect(alerts.rows[0]!.body).toContain(reason);
  });
});
