// The Kite adapter's side of the broker-neutral interface that the order routes do not show, against the
// Kite test server: an order's history (Kite's GET /orders/:order_id, every state with StrikeDesk's
// attribution), the contracts of the day's instruments dump, and the stream: the order updates Kite sends on
// the account's ticker applied as postbacks are (mirror, alert) and told to subscribers, and the ticker's ticks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrokerOrder, BrokerTick, TradingAccount } from '../../../server/services/brokers/broker-trading.ts';
import { createMirror } from '../../../server/services/brokers/live/mirror.ts';
import { markSent } from '../../../server/services/brokers/live/sends.ts';
import { wireOrderOfKite } from '../../../server/services/brokers/kite-broker/kite-wire.ts';
import type { KiteOrder } from '../../../server/services/brokers/kite/kite-order-types.ts';
import { manualScheduler } from '../kite/kite-support.ts';
import { testBackends } from '../support/test-database.ts';
import { openKiteDesk, startKiteStack, type KiteDesk, type KiteStack } from './kite-desk.ts';
import { settle } from './price-stream-client.ts';

describe.each(testBackends)('the Kite adapter behind BrokerTrading on %s', (backend) => {
  const warnings: string[] = [];
  const warn = (_details: Record<string, unknown>, message: string) => void warnings.push(message);
  let stack: KiteStack;
  let desk: KiteDesk;
  let account: TradingAccount;

  beforeAll(async () => {
    stack = await startKiteStack(backend, { ticker: { scheduler: manualScheduler(), staleAfterMs: 60_000, backoff: { initialMs: 1000, maxMs: 4000 } } });
    desk = await openKiteDesk(stack);
    account = { id: desk.account.id, accountNumber: desk.accountNumber, capitalPaise: 0 };
    // The pass loads the day's dump (the desk's NIFTY contracts) and starts the account's ticker.
    await stack.services.kite.prices.pass(warn);
    await settle(() => stack.services.kite.prices.status(desk.account.id)?.state === 'open');
  });

  afterAll(async () => {
    await stack.close();
  });

  const trading = () => stack.services.kite.trading;

  it("answers an order's history from Kite, oldest first, Kite's transient words kept beside the contract's status", async () => {
    stack.server.clock.advance(1000);
    const symbol = desk.symbol(desk.atm, 'CE');
    stack.kite.control.setPrice(`NFO:${symbol}`, 100);
    const placed = await desk.place([desk.order(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 90 })]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.orders, JSON.stringify(placed.body)).toHaveLength(1);
    const orderId = placed.body.orders[0]!.order_id;
    stack.server.clock.advance(1000);
    const modified = await desk.trade('modifyOrder', { order_id: orderId, price: 95 });
    expect(modified.status, JSON.stringify(modified.body)).toBe(200);
    stack.kite.control.setPrice(`NFO:${symbol}`, 94);

    const history = await trading().orderHistory(account, orderId);
    expect(history.map((state) => [state.status, state.broker_status, state.modifications])).toEqual([
      ['OPEN', 'PUT ORDER REQ RECEIVED', 0],
      ['OPEN', 'VALIDATION PENDING', 0],
      ['OPEN', 'OPEN PENDING', 0],
      ['OPEN', null, 0],
      ['OPEN', 'MODIFY VALIDATION PENDING', 0],
      ['OPEN', 'MODIFY PENDING', 0],
      ['OPEN', 'MODIFIED', 1],
      ['OPEN', null, 1],
      ['COMPLETE', null, 1],
    ]);
    expect(history.map((state) => state.price_paise)).toEqual([...Array(4).fill('9000'), ...Array(5).fill('9500')]);
    expect(history.at(-1)).toMatchObject({ filled_quantity: desk.lotSize, purpose: 'entry', tradingsymbol: symbol });
    // StrikeDesk's attribution from the mirror on every state: the intent's tag.
    const tag = history[0]!.tag;
    expect(tag).toEqual(expect.any(String));
    expect(tag!.length).toBeLessThanOrEqual(20);
    expect(history.every((state) => state.tag === tag && state.intent_slice === 0)).toBe(true);
    expect(stack.network.calls()).toContain(`GET /orders/${orderId}`);

    await expect(trading().orderHistory(account, '999999999999999')).rejects.toMatchObject({ code: 'not_found' });
  });

  it("lists the NIFTY option contracts of Kite's dump, one expiry's when asked", async () => {
    const listed = await trading().instruments(account, 'NIFTY', desk.expiry);
    expect(listed.length).toBe(desk.strikes.length * 2);
    expect(listed.find((contract) => contract.tradingsymbol === desk.symbol(desk.atm, 'PE'))).toMatchObject({
      index: 'NIFTY', exchange: 'NFO', expiry: desk.expiry, strike: desk.atm, kind: 'PE', lotSize: desk.lotSize,
    });
    expect(await trading().instruments(account, 'SENSEX')).toEqual([]);
  });

  it("tells a subscriber the order updates Kite sends on the account's ticker (applied as postbacks are) and the ticker's ticks", async () => {
    stack.server.clock.advance(1000);
    const symbol = desk.symbol(desk.atm + desk.strikes[1]! - desk.strikes[0]!, 'CE');
    const key = `NFO:${symbol}`;
    stack.kite.control.setPrice(key, 50);
    const orders: BrokerOrder[] = [];
    const ticks: BrokerTick[] = [];
    const stream = await trading().subscribe(account, { onOrder: (order) => orders.push(order), onTick: (moved) => ticks.push(...moved), warn }, [key]);
    const placed = await desk.place([desk.order(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 45 })]);
    const orderId = placed.body.orders[0]!.order_id;
    await settle(() => orders.some((order) => order.order_id === orderId && order.status === 'OPEN'));

    // Kite fills it: no postback (none registered), no book read; the ticker's order update brings it.
    const reads = stack.network.calls().filter((line) => line === 'GET /orders').length;
    stack.kite.control.setPrice(key, 44);
    await settle(() => orders.some((order) => order.order_id === orderId && order.status === 'COMPLETE'));
    expect(stack.network.calls().filter((line) => line === 'GET /orders').length).toBe(reads);
    await settle(async () => (await stack.server.db.query('SELECT 1 FROM alerts WHERE dedupe_key = $1', [`order:${orderId}:COMPLETE`])).rows.length === 1);
    const { rows } = await stack.server.db.query<{ status: string }>('SELECT status FROM kite_orders WHERE order_id = $1', [orderId]);
    expect(rows[0]!.status).toBe('COMPLETE');

    await settle(() => ticks.some((tick) => tick.instrument === key && tick.quote.last_price === 44));
    expect((await stream.quotes())[key]).toMatchObject({ last_price: 44 });
    expect(stream.feedAlive()).toBe(true);

    stream.close();
    const told = orders.length;
    const heard = ticks.length;
    stack.kite.control.setPrice(key, 43);
    const again = await desk.place([desk.order(symbol, 'SELL', desk.lotSize)]);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.orders, JSON.stringify(again.body)).toHaveLength(1);
    await settle(async () => (await stack.server.db.query("SELECT 1 FROM kite_orders WHERE order_id = $1 AND status = 'COMPLETE'", [again.body.orders[0]!.order_id])).rows.length === 1);
    expect(orders).toHaveLength(told);
    expect(ticks).toHaveLength(heard);
  });

  it("keeps an order's place in its intent when the ticker adopted it by its tag between Kite's answer and the mirror's write", async () => {
    stack.server.clock.advance(1000);
    const symbol = desk.symbol(desk.atm, 'PE');
    stack.kite.control.setPrice(`NFO:${symbol}`, 80);
    const placed = await desk.place([desk.order(symbol, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 70 })]);
    expect(placed.body.orders, JSON.stringify(placed.body)).toHaveLength(1);
    const orderId = placed.body.orders[0]!.order_id;
    const db = stack.server.db;
    const { rows } = await db.query<{ tag: string; intent_ref: string; portfolio_id: number | null; instrument_token: number }>(
      'SELECT tag, intent_ref, portfolio_id, instrument_token FROM kite_orders WHERE order_id = $1',
      [orderId],
    );
    const { tag, intent_ref: ref, portfolio_id: portfolioId, instrument_token: instrumentToken } = rows[0]!;
    // Back to the moment Kite's answer came: the send marked with the order's id, the order not yet mirrored.
    await db.query('DELETE FROM kite_orders WHERE order_id = $1', [orderId]);
    const number = { ref, slice: 0 };
    const mirror = createMirror({ db, clock: stack.server.clock.now });
    await markSent(db, account.id, number, orderId);
    // The ticker's update lands now: the send is taken, so the order is adopted under its tag alone.
    await mirror.sync(account.id, [wireOrderOfKite(stack.kite.control.orders(orderId)[0] as KiteOrder)]);
    expect((await mirror.byIntent(account.id, ref)).size).toBe(0);

    const intent = { exchange: 'NFO', tradingsymbol: symbol, side: 'BUY' as const, orderType: 'LIMIT' as const, product: 'NRML' as const, quantity: desk.lotSize, pricePaise: 7000, triggerPaise: 0 };
    const who = { portfolioId: portfolioId === null ? null : Number(portfolioId), bot: null, purpose: 'entry' as const, ocoGroup: null };
    await mirror.recordPlaced(account.id, { orderId, parentOrderId: null, tag, intent, marketProtection: null, status: 'PUT ORDER REQ RECEIVED', statusMessage: null, instrumentToken: Number(instrumentToken), number }, who);
    expect((await mirror.byIntent(account.id, ref)).get(0)).toMatchObject({ order_id: orderId, status: 'OPEN', portfolio_id: who.portfolioId });
  });
});
