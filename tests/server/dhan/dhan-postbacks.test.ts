// Dhan's postbacks at POST /api/brokers/dhan/postback/: unsigned, so a hint only, as an alert on Dhan's order
// socket is. The order a postback names is read from Dhan (GET /v2/orders/{id}) with the session of the
// logged-in account whose client ID is its dhanClientId, and only Dhan's answer moves the mirror and reaches the
// account's stream. A made-up status, an order Dhan's book does not show for that client, a client nobody holds
// and a body that is no order update change nothing; a flood naming one client is cut off before it spends the
// trader's reads. The bodies posted are those the Dhan test server kept as Dhan's postbacks. No order socket is
// opened and no periodic book read runs here: only the postback can bring a change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrokerOrder } from '../../../server/services/brokers/broker-trading.ts';
import { testBackends } from '../support/test-database.ts';
import { openDhanDesk, placeOn, startDhanStack, type DhanDesk, type DhanStack } from './dhan-desk.ts';

const securityId = '43919';

describe.each(testBackends)("Dhan's postbacks on %s", (backend) => {
  let stack: DhanStack;

  beforeAll(async () => {
    stack = await startDhanStack(backend);
  });
  afterAll(async () => stack.close());

  const post = (body: unknown) => stack.call<{ message: string; code?: string }>('receiveDhanPostback', { body });
  const control = () => stack.dhan.control;
  const orderReads = () => control().requests().filter((request) => request.startsWith('GET /v2/orders/')).length;
  const mirrored = async (orderId: string) =>
    (await stack.server.db.query<{ status: string; filled_quantity: number }>('SELECT status, filled_quantity FROM kite_orders WHERE order_id = $1', [orderId])).rows[0];
  const alertsOf = async (orderId: string) =>
    (await stack.server.db.query<{ event: string }>('SELECT event FROM alerts WHERE dedupe_key LIKE $1', [`order:${orderId}:%`])).rows.map((row) => row.event);

  async function loggedIn(): Promise<DhanDesk> {
    const desk = await openDhanDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    return desk;
  }

  /** A LIMIT buy at 90 with the market at 100: it rests at Dhan. */
  async function resting(desk: DhanDesk): Promise<string> {
    stack.clock.advance(2000);
    control().setLast(securityId, 100);
    const placed = await placeOn(stack, desk, [{ tradingsymbol: 'NIFTY26JAN26000CE', transaction_type: 'BUY', order_type: 'LIMIT', product: 'NRML', quantity: 65, price: 90 }]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return placed.body.orders[0]!.order_id;
  }

  /** The body Dhan posted for the order in the state `status`. */
  function postbackOf(orderId: string, status: string): Record<string, unknown> {
    const body = control().postbacks().find((sent) => sent.orderId === orderId && sent.orderStatus === status);
    if (body === undefined) throw new Error(`Dhan posted no ${status} postback of ${orderId}`);
    return body;
  }

  it("brings the order's final state, read from Dhan, to the mirror, the trader's alert and the account's stream", async () => {
    const desk = await loggedIn();
    const orderId = await resting(desk);
    const heard: BrokerOrder[] = [];
    const stream = await stack.services.dhan.trading.subscribe({ id: desk.account.id, accountNumber: desk.account.account_number, capitalPaise: 0 }, { onOrder: (order) => heard.push(order) });
    try {
      control().setLast(securityId, 89);
      // Filled at Dhan; nothing has told StrikeDesk yet.
      expect(await mirrored(orderId)).toEqual({ status: 'OPEN', filled_quantity: 0 });
      const readsBefore = orderReads();
      const res = await post(postbackOf(orderId, 'TRADED'));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.message).toBe(`Order ${orderId} of ${desk.account.account_number}: TRADED`);
      expect(orderReads() - readsBefore).toBe(1);
      expect(await mirrored(orderId)).toEqual({ status: 'COMPLETE', filled_quantity: 65 });
      expect(heard.map((order) => [order.order_id, order.status])).toEqual([[orderId, 'COMPLETE']]);
      expect(await alertsOf(orderId)).toEqual(['order_filled']);
      // The same postback again (Dhan retrying, or the socket's alert first) is nothing new.
      expect((await post(postbackOf(orderId, 'TRADED'))).body.message).toBe(`Order ${orderId}: nothing new`);
      expect(await alertsOf(orderId)).toEqual(['order_filled']);
    } finally {
      stream.close();
    }
  });

  it('believes Dhan, not the body: a forged fill of an order resting at Dhan changes nothing', async () => {
    const desk = await loggedIn();
    const orderId = await resting(desk);
    const pending = postbackOf(orderId, 'PENDING');
    const res = await post({ ...pending, orderStatus: 'TRADED', filledQty: 65, remainingQuantity: 0, averageTradedPrice: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(`Order ${orderId}: nothing new`);
    expect(await mirrored(orderId)).toEqual({ status: 'OPEN', filled_quantity: 0 });
    expect(await alertsOf(orderId)).toEqual([]);
  });

  it("refuses an order Dhan's book does not show, another trader's order, and a client StrikeDesk does not hold", async () => {
    const desk = await loggedIn();
    const other = await loggedIn();
    const orderId = await resting(desk);
    control().setLast(securityId, 89);
    const traded = postbackOf(orderId, 'TRADED');

    const unknown = await post({ ...traded, orderId: '52999999' });
    expect([unknown.status, unknown.body.code]).toEqual([400, 'postback_refused']);
    expect(unknown.body.message).toBe('Dhan does not confirm this order for a logged-in Dhan account');
    // The order is the desk's: Dhan does not show it in the other client's book.
    const misdirected = await post({ ...traded, dhanClientId: other.clientId });
    expect([misdirected.status, misdirected.body.code]).toEqual([400, 'postback_refused']);
    const readsBefore = orderReads();
    const nobody = await post({ ...traded, dhanClientId: '1999999999' });
    expect([nobody.status, nobody.body.code]).toEqual([400, 'postback_refused']);
    // A client nobody holds costs the trader no read at Dhan.
    expect(orderReads()).toBe(readsBefore);

    expect(await mirrored(orderId)).toEqual({ status: 'OPEN', filled_quantity: 0 });
    expect(await alertsOf(orderId)).toEqual([]);
    const rows = await stack.server.db.query('SELECT 1 FROM kite_orders WHERE broker_account_id = $1', [other.account.id]);
    expect(rows.rows).toHaveLength(0);
  });

  it('refuses a body that is no Dhan order update, reading nothing, and never answers 5xx', async () => {
    const desk = await loggedIn();
    const orderId = await resting(desk);
    const pending = postbackOf(orderId, 'PENDING');
    const readsBefore = orderReads();
    const junk: unknown[] = [
      {},
      { update_type: 'order', order_id: orderId },
      { ...pending, orderStatus: undefined },
      { ...pending, orderId: 7.5 },
      { ...pending, orderId: '../v2/positions' },
      { ...pending, dhanClientId: { id: desk.clientId } },
      { ...pending, orderId: 'x'.repeat(41) },
    ];
    for (const body of junk) {
      const res = await post(body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, 'postback_refused']);
      expect(res.body.message).toBe('The postback is not a Dhan order update');
    }
    // Not even a JSON object: the contract refuses it before the service.
    for (const body of [[pending], 'TRADED', 52000000]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(orderReads()).toBe(readsBefore);
    expect(await mirrored(orderId)).toEqual({ status: 'OPEN', filled_quantity: 0 });
  });

  it('cuts off a flood naming one client at 10 reads a second, then reads again the next second', async () => {
    const desk = await loggedIn();
    const other = await loggedIn();
    const mine = postbackOf(await resting(desk), 'PENDING');
    const theirs = postbackOf(await resting(other), 'PENDING');
    stack.clock.advance(1000);
    const readsBefore = orderReads();
    for (let sent = 0; sent < 10; sent += 1) expect((await post(mine)).status).toBe(200);
    const refused = await post(mine);
    expect([refused.status, refused.body.code]).toEqual([429, 'too_many_attempts']);
    expect(refused.headers['retry-after']).toBe('1');
    expect(orderReads() - readsBefore).toBe(10);
    // Another client's postbacks are counted on their own.
    expect((await post(theirs)).status).toBe(200);
    stack.clock.advance(1000);
    expect((await post(mine)).status).toBe(200);
    expect(orderReads() - readsBefore).toBe(12);
  });
});
