// Upstox's webhook at POST /api/brokers/upstox/postback/: unsigned, so a hint only. The order it names is read
// from Upstox with the session of the logged-in account whose client ID is its user_id, and only Upstox's
// answer moves the mirror and reaches the account's stream. A made-up status, an order Upstox does not know,
// one naming another account and a body that is no order update change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrokerOrder } from '../../../server/services/brokers/broker-trading.ts';
import { testBackends } from '../support/test-database.ts';
import { openUpstoxDesk, redirectUri, restingOrder, startUpstoxStack, type UpstoxDesk, type UpstoxStack } from './upstox-desk.ts';

describe.each(testBackends)('the Upstox webhook on %s', (backend) => {
  let stack: UpstoxStack;

  beforeAll(async () => {
    stack = await startUpstoxStack(backend);
  });

  afterAll(async () => {
    await stack.close();
  });

  const post = (body: unknown) => stack.call<{ message: string; code?: string }>('receiveUpstoxWebhook', { body });
  const mirrored = async (orderId: string) =>
    (await stack.server.db.query<{ status: string; filled_quantity: number }>('SELECT status, filled_quantity FROM kite_orders WHERE order_id = $1', [orderId])).rows[0];

  /** A logged-in desk whose Upstox app sends its webhooks nowhere (the test posts them itself). */
  async function loggedIn(): Promise<UpstoxDesk> {
    const desk = await openUpstoxDesk(stack);
    stack.upstox.control.registerApp({ apiKey: desk.input.api_key, apiSecret: desk.input.api_secret, redirectUri, userId: desk.ucc, webhookUrl: 'http://127.0.0.1:9/api/brokers/upstox/postback/' });
    expect((await desk.logIn()).status).toBe(200);
    return desk;
  }

  const resting = (desk: UpstoxDesk) => restingOrder(stack, desk);

  /** What Upstox posted for the order, in the state `status`. */
  async function webhookOf(orderId: string, status: string): Promise<Record<string, unknown>> {
    await stack.upstox.control.settleWebhooks();
    const body = stack.upstox.control.webhookDeliveries().map((delivery) => delivery.body).find((sent) => sent.order_id === orderId && sent.status === status);
    if (body === undefined) throw new Error(`Upstox posted no "${status}" update of ${orderId}`);
    return body;
  }

  it("applies the fill Upstox's order read confirms: the mirror, the trader's alert and the account's stream", async () => {
    const desk = await loggedIn();
    const orderId = await resting(desk);
    const heard: BrokerOrder[] = [];
    const stream = await stack.services.upstox.trading.subscribe({ id: desk.account.id, accountNumber: desk.account.account_number, capitalPaise: 0 }, { onOrder: (order) => heard.push(order) });
    try {
      stack.upstox.control.setQuote('NSE_FO|43919', { last: 89 });
      const res = await post(await webhookOf(orderId, 'complete'));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe(`Order ${orderId} of ${desk.account.account_number}: COMPLETE`);
      expect(await mirrored(orderId)).toEqual({ status: 'COMPLETE', filled_quantity: 65 });
      expect(heard.map((order) => [order.order_id, order.status])).toEqual([[orderId, 'COMPLETE']]);
      const alerts = await stack.server.db.query<{ event: string }>('SELECT event FROM alerts WHERE dedupe_key LIKE $1', [`order:${orderId}:%`]);
      expect(alerts.rows.map((row) => row.event)).toEqual(['order_filled']);
      // The same update again is nothing new.
      expect((await post(await webhookOf(orderId, 'complete'))).body.message).toBe(`Order ${orderId}: nothing new`);
    } finally {
      stream.close();
    }
  });

  it('believes Upstox, not the body: a made-up fill of a resting order changes nothing', async () => {
    const desk = await loggedIn();
    const orderId = await resting(desk);
    const open = await webhookOf(orderId, 'open');
    const res = await post({ ...open, status: 'complete', filled_quantity: 65, pending_quantity: 0, average_price: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(`Order ${orderId}: nothing new`);
    expect(await mirrored(orderId)).toEqual({ status: 'OPEN', filled_quantity: 0 });
  });

  it("refuses an order Upstox does not know, and one that names another trader's account", async () => {
    const desk = await loggedIn();
    const other = await loggedIn();
    const orderId = await resting(desk);
    const open = await webhookOf(orderId, 'open');
    stack.upstox.control.setQuote('NSE_FO|43919', { last: 89 });

    const unknown = await post({ ...open, order_id: '260115999999999' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('postback_refused');
    const misdirected = await post({ ...(await webhookOf(orderId, 'complete')), user_id: other.ucc, userId: other.ucc });
    expect(misdirected.status).toBe(400);
    expect(misdirected.body.code).toBe('postback_refused');
    const nobody = await post({ ...open, user_id: 'ZZ0000' });
    expect(nobody.status).toBe(400);
    expect(await mirrored(orderId)).toEqual({ status: 'OPEN', filled_quantity: 0 });
    const rows = await stack.server.db.query('SELECT 1 FROM kite_orders WHERE broker_account_id = $1', [other.account.id]);
    expect(rows.rows).toHaveLength(0);
  });

  it('refuses a body that is no order update, and acknowledges a GTT update without reading it', async () => {
    const bad = await post({ update_type: 'order', order_id: 7 });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('postback_refused');
    const gtt = await post({ update_type: 'gtt_order', gtt_order_id: 'GTT-1' });
    expect(gtt.status).toBe(200);
    expect(gtt.body.message).toBe('Not an order update (gtt_order): not read');
  });
});
