// Upstox's webhook, as the test server sends it: every state of an order POSTed, unsigned, to the app's URL.
// The wire layer reads it as a hint; the order itself comes from Upstox's order details.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOrderDetails, placeOrder } from '../../../server/services/brokers/upstox/upstox-orders.ts';
import { readWebhook } from '../../../server/services/brokers/upstox/upstox-webhook.ts';
import { type LoggedIn, startLoggedIn, testApp } from './upstox-support.ts';

const received: unknown[] = [];
let receiver: Server;
let upstox: LoggedIn;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/brokers/upstox/postback/`;
  upstox = await startLoggedIn();
  upstox.server.control.registerApp({ ...testApp, webhookUrl });
});

afterAll(async () => {
  await upstox.server.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('Upstox webhooks', () => {
  it('posts every state of an order; each reads as an order update, the last as the order Upstox holds', async () => {
    upstox.server.control.setQuote('NSE_FO|43919', { last: 101.2 });
    const [orderId = ''] = (await placeOrder(upstox.http, { instrument_token: 'NSE_FO|43919', transaction_type: 'BUY', order_type: 'MARKET', product: 'I', validity: 'DAY', quantity: 65, price: 0, trigger_price: 0, disclosed_quantity: 0, is_amo: false, slice: false, tag: 'sd-hook' })).order_ids;
    await upstox.server.control.settleWebhooks();
    expect(upstox.server.control.webhookDeliveries().every((delivery) => delivery.status === 200)).toBe(true);
    const updates = received.map(readWebhook);
    expect(updates.every((update) => update.kind === 'order' && update.userId === 'AB1234' && update.order.order_id === orderId)).toBe(true);
    const statuses = updates.flatMap((update) => (update.kind === 'order' ? [update.order.status] : []));
    expect([...statuses].sort()).toEqual(['complete', 'open', 'open pending', 'put order req received', 'validation pending']);
    const final = updates.find((update) => update.kind === 'order' && update.order.status === 'complete');
    expect(final?.kind === 'order' ? final.order : null).toEqual(await getOrderDetails(upstox.http, orderId));
  });

  it('reads other updates (GTT) as not an order, and refuses an order update that is not one', () => {
    expect(readWebhook({ update_type: 'gtt_order', gtt_order_id: 'GTT-1' })).toEqual({ kind: 'other', updateType: 'gtt_order' });
    expect(() => readWebhook({ update_type: 'order', order_id: 7 })).toThrow(/Unexpected answer from Upstox/);
  });
});
