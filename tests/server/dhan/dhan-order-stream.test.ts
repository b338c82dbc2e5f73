// Dhan's live order update socket: a logged-in Dhan account's alerts arrive on the socket its instance holds
// (logged in with Dhan's LoginReq message), each a hint: the order it names is read back from Dhan (GET
// /v2/orders/{id}) and only that read is applied. A fill alert reaches the mirror, the account's stream and the
// alert with no book read; a made-up fill alert Dhan's read does not confirm changes nothing; a dropped socket
// reconnects and reads the book once. The socket's timers are stepped by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrokerOrder, BrokerStream } from '../../../server/services/brokers/broker-trading.ts';
import { manualScheduler } from '../kite/kite-support.ts';
import { settle } from '../support/settle.ts';
import { testBackends } from '../support/test-database.ts';
import { openDhanDesk, placeOn, startDhanStack, type DhanDesk, type DhanStack } from './dhan-desk.ts';

const securityId = '43919';

describe.each(testBackends)("Dhan's order update socket on %s", (backend) => {
  const scheduler = manualScheduler();
  const warn = () => undefined;
  let stack: DhanStack;

  beforeAll(async () => {
    stack = await startDhanStack(backend, { orderUpdates: { scheduler, staleAfterMs: 60_000, pingEveryMs: 30_000, backoff: { initialMs: 1000, maxMs: 4000 } } });
  });
  afterAll(async () => stack.close());

  const streams = () => stack.services.dhan.orderStreams;
  const control = () => stack.dhan.control;
  const bookReads = () => control().requests().filter((request) => request === 'GET /v2/orders').length;
  const orderReads = (orderId: string) => control().requests().filter((request) => request === `GET /v2/orders/${orderId}`).length;
  const mirrored = async (orderId: string) =>
    (await stack.server.db.query<{ status: string; filled_quantity: number }>('SELECT status, filled_quantity FROM kite_orders WHERE order_id = $1', [orderId])).rows[0];

  async function loggedIn(): Promise<{ desk: DhanDesk; heard: BrokerOrder[]; done: () => Promise<void> }> {
    const desk = await openDhanDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    await streams().pass(warn);
    await settle(() => streams().status(desk.account.id)?.state === 'open' && control().orderUpdateConnections() > 0);
    await streams().settle();
    const heard: BrokerOrder[] = [];
    const stream: BrokerStream = await stack.services.dhan.trading.subscribe(
      { id: desk.account.id, accountNumber: desk.account.account_number, capitalPaise: 0 },
      { onOrder: (order) => heard.push(order) },
    );
    const done = async () => {
      stream.close();
      await stack.call('logoutBrokerAccount', { token: desk.token, params: { accountId: desk.account.id } });
      await streams().pass(warn);
    };
    return { desk, heard, done };
  }

  /** A LIMIT buy at 90 with the market at 100: it rests at Dhan. */
  async function resting(desk: DhanDesk): Promise<string> {
    stack.clock.advance(2000);
    control().setLast(securityId, 100);
    const placed = await placeOn(stack, desk, [{ tradingsymbol: 'NIFTY26JAN26000CE', transaction_type: 'BUY', order_type: 'LIMIT', product: 'NRML', quantity: 65, price: 90 }]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await streams().settle();
    return placed.body.orders[0]!.order_id;
  }

  it("logs in with Dhan's LoginReq message (MsgCode 42, the client id and token, UserType SELF)", async () => {
    const { desk, done } = await loggedIn();
    try {
      const token = stack.dhan.control.sessions().filter((session) => session.clientId === desk.clientId).at(-1)!.token;
      expect(control().orderUpdateLogins()).toContainEqual({ LoginReq: { MsgCode: 42, ClientId: desk.clientId, Token: token }, UserType: 'SELF' });
    } finally {
      await done();
    }
  });

  it('brings a fill to the order book, the account stream and the alert, read by its order, with no book read', async () => {
    const { desk, heard, done } = await loggedIn();
    try {
      const orderId = await resting(desk);
      const readsBefore = bookReads();
      control().setLast(securityId, 89);
      await settle(async () => (await mirrored(orderId))?.status === 'COMPLETE');
      await streams().settle();
      expect(await mirrored(orderId)).toEqual({ status: 'COMPLETE', filled_quantity: 65 });
      expect(orderReads(orderId)).toBeGreaterThan(0);
      expect(bookReads()).toBe(readsBefore);
      expect(heard.filter((order) => order.status === 'COMPLETE').map((order) => order.order_id)).toEqual([orderId]);
      const alerts = await stack.server.db.query<{ event: string }>('SELECT event FROM alerts WHERE dedupe_key LIKE $1', [`order:${orderId}:%`]);
      expect(alerts.rows.map((row) => row.event)).toEqual(['order_filled']);
    } finally {
      await done();
    }
  });

  it("reports a fill seen on the socket only once Dhan's order read confirms it", async () => {
    const { desk, heard, done } = await loggedIn();
    try {
      const orderId = await resting(desk);
      const alertsBefore = streams().status(desk.account.id)!.updates;
      // A fill alert ahead of the book (or made up): Dhan's read says the order still rests.
      control().announceOrder(desk.clientId, { Type: 'order_alert', Data: { OrderNo: orderId, Status: 'Traded', TradedQty: 65, AvgTradedPrice: 1 } });
      await settle(() => streams().status(desk.account.id)!.updates > alertsBefore);
      await streams().settle();
      expect(await mirrored(orderId)).toEqual({ status: 'OPEN', filled_quantity: 0 });
      expect(heard.filter((order) => order.status === 'COMPLETE')).toEqual([]);
      expect((await stack.server.db.query('SELECT 1 FROM alerts WHERE dedupe_key LIKE $1', [`order:${orderId}:%`])).rows).toHaveLength(0);
      // The fill happens: its alert is read back and reported, once.
      control().setLast(securityId, 89);
      await settle(async () => (await mirrored(orderId))?.status === 'COMPLETE');
      await streams().settle();
      expect(heard.filter((order) => order.status === 'COMPLETE').map((order) => order.order_id)).toEqual([orderId]);
    } finally {
      await done();
    }
  });

  it('reconnects a dropped socket and reads the book once, finding the fill sent while it was down', async () => {
    const { desk, heard, done } = await loggedIn();
    try {
      const orderId = await resting(desk);
      control().dropOrderUpdates();
      await settle(() => streams().status(desk.account.id)?.state === 'waiting');
      // The order fills while no socket listens: Dhan's alert is lost.
      control().setLast(securityId, 89);
      expect(await mirrored(orderId)).toEqual({ status: 'OPEN', filled_quantity: 0 });
      const readsBefore = bookReads();
      scheduler.advance(1000);
      await settle(() => streams().status(desk.account.id)?.state === 'open');
      await settle(async () => (await mirrored(orderId))?.status === 'COMPLETE');
      await streams().settle();
      expect(bookReads() - readsBefore).toBe(1);
      expect(heard.filter((order) => order.status === 'COMPLETE').map((order) => order.order_id)).toEqual([orderId]);
    } finally {
      await done();
    }
  });
});
