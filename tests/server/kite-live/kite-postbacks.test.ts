// Kite's postbacks at POST /api/brokers/kite/postback/: accepted only with checksum = SHA-256(order_id +
// order_timestamp + api_secret) of the account that placed the order; a forged, unsigned, malformed or
// another account's postback is refused and changes nothing. A verified one moves the order forward (never
// back: a late transient status after a fill is ignored), tells the trader a final state, adopts an order
// found only by a tag StrikeDesk sent (its answer was lost), and shows a transient state honestly.
import { describe, expect, it } from 'vitest';
import type { KiteOrder } from '../../../server/services/brokers/kite/kite-order-types.ts';
import { postbackChecksum } from '../../../server/services/brokers/kite/postback.ts';
import { testBackends } from '../support/test-database.ts';
import { createPortfolio } from '../support/trading.ts';
import { openKiteDesk, useKiteDesk } from './kite-desk.ts';

describe.each(testBackends)('Kite postbacks on %s', (backend) => {
  const live = useKiteDesk(backend);

  /** What Kite would post for its order now (its status, or another), signed with `secret`. */
  function postbackOf(order: KiteOrder, secret: string, status = order.status, userId = live.desk.accountNumber) {
    return {
      user_id: userId,
      unfilled_quantity: order.pending_quantity,
      app_id: 1,
      ...order,
      status,
      checksum: postbackChecksum(order.order_id, order.order_timestamp ?? '', secret),
    };
  }
  const post = (body: unknown) => live.stack.call<{ message: string; code?: string }>('receiveKitePostback', { body });
  const mirrored = async (orderId: string) =>
    (await live.stack.server.db.query<{ status: string; filled_quantity: number; portfolio_id: number | null }>(
      'SELECT status, filled_quantity, portfolio_id FROM kite_orders WHERE order_id = $1',
      [orderId],
    )).rows[0];
  const orderAlerts = async (orderId: string) =>
    (await live.stack.server.db.query<{ event: string }>("SELECT event FROM alerts WHERE dedupe_key LIKE $1 ORDER BY id", [`order:${orderId}:%`])).rows.map((row) => row.event);

  async function restingOrder(strike: number): Promise<string> {
    const call = live.desk.symbol(strike, 'CE');
    live.stack.kite.control.setPrice(`NFO:${call}`, 100);
    const placed = await live.desk.place([live.desk.order(call, 'BUY', live.desk.lotSize, { order_type: 'LIMIT', price: 90 })]);
    expect(placed.body.orders[0]!.status).toBe('OPEN');
    return placed.body.orders[0]!.order_id;
  }

  it('applies a signed postback: the fill reaches the mirror and the trader, a late older one changes nothing', async () => {
    const orderId = await restingOrder(live.desk.atm);
    live.stack.kite.control.fillOrder(orderId);
    const filled = live.desk.atKite(orderId)!;
    const res = await post(postbackOf(filled, live.desk.input.api_secret));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(`Order ${orderId} of ${live.desk.accountNumber}: COMPLETE`);
    expect(await mirrored(orderId)).toMatchObject({ status: 'COMPLETE', filled_quantity: live.desk.lotSize });
    expect(await orderAlerts(orderId)).toEqual(['order_filled']);
    // Its fill was read for the portfolio and bot books.
    const trades = await live.stack.server.db.query('SELECT 1 FROM kite_trades WHERE order_id = $1', [orderId]);
    expect(trades.rows).toHaveLength(1);

    const stale = await post(postbackOf({ ...filled, filled_quantity: 0, pending_quantity: live.desk.lotSize }, live.desk.input.api_secret, 'OPEN'));
    expect(stale.status).toBe(200);
    expect(stale.body.message).toBe(`Order ${orderId}: nothing new`);
    expect(await mirrored(orderId)).toMatchObject({ status: 'COMPLETE', filled_quantity: live.desk.lotSize });
    expect(await post(postbackOf(filled, live.desk.input.api_secret))).toMatchObject({ status: 200 });
    expect(await orderAlerts(orderId)).toEqual(['order_filled']);
  });

  it('refuses a forged, an unsigned, a malformed and another account\'s postback, changing nothing', async () => {
    const orderId = await restingOrder(live.desk.atm + 50);
    live.stack.kite.control.fillOrder(orderId);
    const filled = live.desk.atKite(orderId)!;
    const other = await openKiteDesk(live.stack);
    const forged = await post(postbackOf(filled, 'not-the-secret'));
    const unsigned = await post({ ...postbackOf(filled, live.desk.input.api_secret), checksum: undefined });
    const malformed = await post({ ...postbackOf(filled, live.desk.input.api_secret), transaction_type: 'HOLD' });
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
    const portfolio = await createPortfolio(live.stack.call, live.desk.token, live.desk.account.id);
    const put = live.desk.symbol(live.desk.atm, 'PE');
    live.stack.kite.control.setPrice(`NFO:${put}`, 60);
    // Placed at Kite, its answer lost, and the book unreadable just then: the outcome stays unknown here.
    live.stack.kite.control.dropNextPlaceAnswer();
    live.stack.network.failNext('GET', '/orders');
    const lost = await live.desk.place([live.desk.order(put, 'BUY', live.desk.lotSize)], { portfolio_id: portfolio.id }, 'adopt-by-tag-1');
    expect(lost.status).toBe(503);
    const atKite = live.stack.kite.control.orders().find((order) => order!.tag === 'adopt-by-tag-1')!;
    expect(await mirrored(atKite.order_id)).toBeUndefined();
    expect((await post(postbackOf(atKite, live.desk.input.api_secret))).status).toBe(200);
    expect(await mirrored(atKite.order_id)).toMatchObject({ status: 'COMPLETE', portfolio_id: portfolio.id });
  });

  it('shows a transient state Kite reported as still working, in Kite\'s words, never as final', async () => {
    const orderId = await restingOrder(live.desk.atm - 50);
    const pending = await post(postbackOf(live.desk.atKite(orderId)!, live.desk.input.api_secret, 'CANCEL PENDING'));
    expect(pending.status).toBe(200);
    expect(await mirrored(orderId)).toMatchObject({ status: 'CANCEL PENDING' });
    // Logged out, the book is the mirror's: the order is still working as far as anyone knows.
    await live.stack.call('logoutBrokerAccount', { token: live.desk.token, params: { accountId: live.desk.account.id } });
    const book = await live.desk.orderBook();
    expect(book.body.status).toBe('UNKNOWN');
    expect(book.body.order_book.find((order) => order.order_id === orderId)).toMatchObject({ status: 'OPEN', broker_status: 'CANCEL PENDING', pending_quantity: live.desk.lotSize });
    expect((await live.desk.logIn()).status).toBe(200);
  });
});
