// A Dhan account's books are Dhan's own: positions placed outside StrikeDesk (carried from an earlier session,
// sold in Dhan's own app) show with their quantities, averages, products and last prices, and the funds are
// Dhan's fund limit and its margin calculator. When Dhan ends the session (DH-901: the token expired or was replaced), the call that meets it
// answers "log in again", the account is logged out, its books read UNKNOWN with what StrikeDesk placed (never
// empty), its active bots are paused with the reason, and one alert tells the trader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main';
import { testBackends } from '../support/test-database.ts';
import { liveDailyBot } from '../support/trading.ts';
import { openDhanDesk, placeOn, startDhanStack, type DhanStack } from './dhan-desk.ts';

type Schemas = components['schemas'];

describe.each(testBackends)('Dhan books on %s', (backend) => {
  let stack: DhanStack;

  beforeAll(async () => {
    stack = await startDhanStack(backend);
  });

  afterAll(async () => {
    await stack.close();
  });

  it("shows Dhan's positions whoever placed them, and Dhan's funds", async () => {
    const desk = await openDhanDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    stack.dhan.control.setLast('43919', 104);
    stack.dhan.control.setLast('43920', 80);
    // Two lots of the 26000 call carried from an earlier day at 95.50, one lot of the put sold this morning in Dhan's app.
    stack.dhan.control.carry(desk.clientId, [{ securityId: '43919', productType: 'MARGIN', quantity: 130, averagePrice: 95.5 }]);
    stack.dhan.control.placeFromApp(desk.clientId, { securityId: '43920', transactionType: 'SELL', orderType: 'MARKET', productType: 'INTRADAY', quantity: 65 });
    stack.dhan.control.setFunds(desk.clientId, { availabelBalance: 412_345.5, utilizedAmount: 87_654.5 });

    const book = await stack.call<Schemas['PositionBookResponse']>('getPositionBook', { token: desk.token, params: { accountNumber: desk.account.account_number } });
    expect(book.status, JSON.stringify(book.body)).toBe(200);
    const net = book.body.position_book.net.map((p) => ({ tradingsymbol: p.tradingsymbol, product: p.product, quantity: p.quantity, overnight_quantity: p.overnight_quantity, average_price: p.average_price, last_price: p.last_price }));
    expect(net).toEqual(expect.arrayContaining([
      { tradingsymbol: 'NIFTY26JAN26000CE', product: 'NRML', quantity: 130, overnight_quantity: 130, average_price: 95.5, last_price: 104 },
      { tradingsymbol: 'NIFTY26JAN26000PE', product: 'MIS', quantity: -65, overnight_quantity: 0, average_price: 80, last_price: 80 },
    ]));
    expect(net).toHaveLength(2);
    expect(book.body.position_book.day.map((p) => [p.tradingsymbol, p.quantity])).toEqual([['NIFTY26JAN26000PE', -65]]);
    expect(book.body.position_book.status).toBe('OK');

    // The ticket's margin is Dhan's calculator's, one order a call (no hedge between them), with Dhan's fund limit as available.
    const sale = { tradingsymbol: 'NIFTY26JAN26000PE', exchange: 'NFO', transaction_type: 'SELL', order_type: 'LIMIT', product: 'NRML', quantity: 65, price: 80 };
    const margins = await stack.call<Schemas['OrderMarginsResponse']>('getOrderMargins', { token: desk.token, body: { account_number: desk.account.account_number, orders: [sale] } });
    expect(margins.status, JSON.stringify(margins.body)).toBe(200);
    // The test server's stand-in: a sale 11% of its strike's value (26,000 × 65 × 0.11 = 185,900), ₹20 brokerage.
    expect(margins.body.margins).toMatchObject({ available: 412345.5, margin: 185900, charges: 20, required: 185920, standalone: { hedge_benefit: 0 } });
  });

  it('reads the end of the session as logged out: books UNKNOWN (not empty), the bot paused, one alert', async () => {
    const desk = await openDhanDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    const botId = await liveDailyBot(stack.call, desk.token, desk.account);
    stack.dhan.control.setLast('43919', 100);
    stack.clock.advance(2000);
    const placed = await placeOn(stack, desk, [{ tradingsymbol: 'NIFTY26JAN26000CE', transaction_type: 'SELL', order_type: 'MARKET', product: 'NRML', quantity: 65 }]);
    expect(placed.body.orders[0]!.status).toBe('COMPLETE');

    stack.clock.advance(60_000);
    const endedAt = stack.clock.now();
    stack.dhan.control.expireAllTokens(desk.clientId);
    const orderBook = () => stack.call<Schemas['OrderBookResponse']>('getOrderBook', { token: desk.token, params: { accountNumber: desk.account.account_number } });
    const first = await orderBook();
    expect(first.status).toBe(403);
    expect(first.body).toMatchObject({ code: 'broker_session_expired' });
    expect((first.body as unknown as { message: string }).message).toMatch(/^Your Dhan session has ended \(Dhan: .+\)\. Log in to the broker again/);

    const book = await orderBook();
    expect(book.status).toBe(200);
    expect(book.body).toMatchObject({ status: 'UNKNOWN', as_of: endedAt.toISOString() });
    expect(book.body.order_book.map((order) => order.order_id)).toEqual([placed.body.orders[0]!.order_id]);
    const positions = await stack.call<Schemas['PositionBookResponse']>('getPositionBook', { token: desk.token, params: { accountNumber: desk.account.account_number } });
    expect(positions.body.position_book).toMatchObject({ status: 'UNKNOWN' });
    expect(positions.body.position_book.net.map((p) => [p.tradingsymbol, p.quantity])).toEqual([['NIFTY26JAN26000CE', -65]]);

    const bots = await stack.server.db.query<{ status: string }>('SELECT status FROM daily_bots WHERE id = $1', [botId]);
    expect(bots.rows[0]!.status).toBe('paused');
    await stack.services.alerts.watchers.run(stack.clock.now());
    const told = await stack.server.db.query<{ event: string; title: string }>("SELECT event, title FROM alerts WHERE broker_account_id = $1 AND category = 'broker_session' ORDER BY id", [desk.account.id]);
    expect(told.rows).toEqual([{ event: 'broker_session_expired', title: `Log in to Dhan again: ${desk.account.account_number}` }]);
  });
});
