// Kite's postbacks at POST /api/brokers/kite/postback/: accepted only with checksum = SHA-256(order_id +
// order_timestamp + api_secret) of the account that placed the order; a forged, unsigned, malformed or
// another account's postback is refused and changes nothing. A verified one moves the order forward (never
// back: a late transient status after a fill is ignored), tells the trader a final state, adopts an order
// found only by a tag StrikeDesk sent (its answer was lost), and shows a transient state honestly.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { KiteOrder } from '../../../server/services/brokers/kite/kite-order-types.ts';
import { postbackChecksum } from '../../../server/services/brokers/kite/postback.ts';
import { testBackends } from '../support/test-database.ts';
import { createPortfolio } from '../support/trading.ts';
import { openKiteDesk, startKiteStack, type KiteDesk, type KiteStack } from './kite-desk.ts';

describe.each(testBackends)('Kite postbacks on %s', (backend) => {
  let stack: KiteStack;
  let desk: KiteDesk;

  beforeAll(async () => {
    stack = await startKiteStack(backend);
    desk = await openKiteDesk(stack);
  });

  afterAll(async () => {
    await stack.close();
  });

  beforeEach(() => {
    stack.server.clock.advance(1000);
  });

  /** What Kite would post for its order now (its status, or another), signed with `secret`. */
  function postbackOf(order: KiteOrder, secret: string, status = order.status, userId = desk.accountNumber) {
    return {
      user_id: userId,
      unfilled_quantity: order.pending_quantity,
      app_id: 1,
      ...order,
      status,
      checksum: postbackChecksum(order.order_id, order.order_timestamp ?? '', secret),
    };
  }
  const post = (body: unknown) => stack.call<{ message: string; code?: string }>('receiveKitePostback', { body });
  const mirrored = async (orderId: string) =>
    (await stack.server.db.query<{ status: string; filled_quantity: number; portfolio_id: number | null }>(
      'SELECT status, filled_quantity, portfolio_id FROM kite_orders WHERE order_id = $1',
      [orderId],
    )).rows[0];
  const orderAlerts = async (orderId: string) =>
    (await stack.server.db.query<{ event: string }>("SELECT event FROM alerts WHERE dedupe_key LIKE $1 ORDER BY id", [`order:${orderId}:%`])).rows.map((row) => row.event);

  async function restingOrder(strike: number): Promise<string> {
    const call = desk.symbol(strike, 'CE');
    stack.kite.control.setPrice(`NFO:${call}`, 100);
    const placed = await desk.place([desk.order(call, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 90 })]);
    expect(placed.body.orders[0]!.status).toBe('OPEN');
    return placed.body.orders[0]!.order_id;
  }

  it('applies a signed postback: the fill reaches the mirror and the trader, a late older one changes nothing', async () => {
    const orderId = await restingOrder(desk.atm);
    stack.kite.control.fillOrder(orderId);
    const filled = desk.atKite(orderId)!;
    const res = await post(postbackOf(filled, desk.input.api_secret));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(`Order ${orderId} of ${desk.accountNumber}: COMPLETE`);
    expect(await mirrored(orderId)).toMatchObject({ status: 'COMPLETE', filled_quantity: desk.lotSize });
    expect(await orderAlerts(orderId)).toEqual(['order_filled']);
    // Its fill was read for the portfolio and bot books.
    const trades = await stack.server.db.query('SELECT 1 FROM kite_trades WHERE order_id = $1', [orderId]);
    expect(trades.rows).toHaveLength(1);

    const stale = await post(postbackOf({ ...filled, filled_quantity: 0, pending_quantity: desk.lotSize }, desk.input.api_secret, 'OPEN'));
    expect(stale.status).toBe(200);
    expect(stale.body.message).toBe(`Order ${orderId}: nothing new`);
    expect(await mirrored(orderId)).toMatchObject({ status: 'COMPLETE', filled_quantity: desk.lotSize });
    expect(await post(postbackOf(filled, desk.input.api_secret))).toMatchObject({ status: 200 });
    expect(await orderAlerts(orderId)).toEqual(['order_filled']);
  });

  it('refuses a forged, an unsigned, a malformed and another account\'s postback, changing nothing', async () => {
    const orderId = await restingOrder(desk.atm + 50);
    stack.kite.control.fillOrder(orderId);
    const filled = desk.atKite(orderId)!;
    const other = await openKiteDesk(stack);
    const forged = await post(postbackOf(filled, 'not-the-secret'));
    const unsigned = await post({ ...postbackOf(filled, desk.input.api_secret), checksum: undefined });
    const malformed = await post({ ...postbackOf(filled, desk.input.api_secret), transaction_type: 'HOLD' });
    const othersSecret = await post(postbackOf(filled, other.input.api_secret, 'COMPLETE', other.accountNumber));
    for (const res of [forged, unsigned, malformed, othersSecret]) {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('postback_refused');
    }
    expect(forged.body.message).toBe('The postback checksum matches no linked Kite account');
    expect(unsigned.body.message).toBe('A postback carries order_id, order_timestamp and checksum');
    expect(malformed.body.message).toBe('The postback is not a Kite order: Unexpected answer from Kite: transaction_type "HOLD" is neither BUY nor SELL');
    expect(othersSecret.body.message).toBe('The postback checksum matches no linked Kite account');
    expect(await mirrored(orderId)).toMatchObject({ status: 'OPEN', filled_quantity: 0 });
    expect(await orderAlerts(orderId)).toEqual([]);
  });

  it('adopts an order found only by the tag StrikeDesk sent, with its portfolio', async () => {
    const portfolio = await createPortfolio(stack.call, desk.token, desk.account.id);
    const put = desk.symbol(desk.atm, 'PE');
    stack.kite.control.setPrice(`NFO:${put}`, 60);
    // Placed at Kite, its answer lost, and the book unreadable just then: the outcome stays unknown here.
    stack.kite.control.dropNextPlaceAnswer();
    stack.network.failNext('GET', '/orders');
    const lost = await desk.place([desk.order(put, 'BUY', desk.lotSize)], { portfolio_id: portfolio.id }, 'adopt-by-tag-1');
    expect(lost.status).toBe(503);
    const atKite = stack.kite.control.orders().find((order) => order!.tag === 'adopt-by-tag-1')!;
    expect(await mirrored(atKite.order_id)).toBeUndefined();
    expect((await post(postbackOf(atKite, desk.input.api_secret))).status).toBe(200);
    expect(await mirrored(atKite.order_id)).toMatchObject({ status: 'COMPLETE', portfolio_id: portfolio.id });
  });

  it('shows a transient state Kite reported as still working, in Kite\'s words, never as final', async () => {
    const orderId = await restingOrder(desk.atm - 50);
    const pending = await post(postbackOf(desk.atKite(orderId)!, desk.input.api_secret, 'CANCEL PENDING'));
    expect(pending.status).toBe(200);
    expect(await mirrored(orderId)).toMatchObject({ status: 'CANCEL PENDING' });
    // Logged out, the book is the mirror's: the order is still working as far as anyone knows.
    await stack.call('logoutBrokerAccount', { token: desk.token, params: { accountId: desk.account.id } });
    const book = await desk.orderBook();
    expect(book.body.status).toBe('UNKNOWN');
    expect(book.body.order_book.find((order) => order.order_id === orderId)).toMatchObject({ status: 'OPEN', broker_status: 'CANCEL PENDING', pending_quantity: desk.lotSize });
    expect((await desk.logIn()).status).toBe(200);
  });
});
