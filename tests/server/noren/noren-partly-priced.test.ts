// A live position partly placed through StrikeDesk (one lot sold here, one more in the broker's own app): the
// broker's book carries no charges, and StrikeDesk's own fill of it is priced, so the position counts that fill's
// charges, says `partial` (a lower bound) and its Net P&L subtracts those alone, rather than ₹0 not priced; a
// position of which StrikeDesk placed nothing stays not priced at ₹0. On Shoonya and Flattrade, both databases.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main';
import { testBackends } from '../support/test-database.ts';
import { createPortfolio } from '../support/trading.ts';
import { flavors, openNorenDesk, startNorenStack, type NorenStack } from './noren-desk.ts';

type Schemas = components['schemas'];

describe.each(testBackends.flatMap((backend) => flavors.map((flavor) => [backend, flavor] as const)))('A position partly placed outside StrikeDesk on %s, %s', (backend, flavor) => {
  let stack: NorenStack;

  beforeAll(async () => {
    stack = await startNorenStack(backend, flavor);
  });

  afterAll(async () => {
    await stack.close();
  });

  it("counts the charges of StrikeDesk's own fill, says the position is partly priced and nets those alone", async () => {
    const desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    stack.noren.control.setLast('43920', 100);
    stack.noren.control.setLast('43919', 104);
    stack.clock.advance(2000);
    const portfolio = await createPortfolio(stack.call, desk.token, desk.account.id);
    const placed = await stack.call<Schemas['OrdersResponse']>('placeTrades', {
      token: desk.token,
      body: { account_number: desk.account.account_number, portfolio_id: portfolio.id, orders: [{ exchange: 'NFO', tradingsymbol: 'NIFTY26JAN26000PE', transaction_type: 'SELL', order_type: 'MARKET', product: 'NRML', quantity: 65 }] },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.orders[0]!.status).toBe('COMPLETE');
    // One more lot of the same put, same product, sold in the broker's own app; and a call carried from an earlier day.
    stack.noren.control.placeFromApp(desk.userId, { tsym: 'NIFTY27JAN26P26000', trantype: 'S', prctyp: 'MKT', prd: 'M', qty: '65' });
    stack.noren.control.carry(desk.userId, [{ token: '43919', prd: 'M', quantity: 130, averagePrice: 95.5 }]);
    stack.noren.control.setLast('43920', 90);

    const book = await stack.call<Schemas['PositionBookResponse']>('getPositionBook', { token: desk.token, params: { accountNumber: desk.account.account_number } });
    expect(book.status, JSON.stringify(book.body)).toBe(200);
    // StrikeDesk's sale of 65 at 100 cost 9.20 (noren-books.test.ts: STT 6.50, NSE 2.28, SEBI 0.01, GST 0.41; Flattrade's
    // brokerage not priced): the charges known of the 130 sold, a lower bound. Sold 130 at 100, marked at 90: 1,300 gross.
    const notPriced = flavor === 'flattrade' ? { brokerage_status: 'not_priced' } : {};
    const partlyPriced = { quantity: -130, sell_quantity: 130, pnl: 1300, charges: 9.2, charges_status: 'partial', net_pnl: 1290.8, ...notPriced };
    expect(book.body.position_book.net.find((row) => row.tradingsymbol === 'NIFTY26JAN26000PE')).toMatchObject(partlyPriced);
    expect(book.body.position_book.day.find((row) => row.tradingsymbol === 'NIFTY26JAN26000PE')).toMatchObject(partlyPriced);
    // Of the carried call StrikeDesk placed nothing: ₹0 that says it is not a figure.
    const carried = book.body.position_book.net.find((row) => row.tradingsymbol === 'NIFTY26JAN26000CE')!;
    expect(carried).toMatchObject({ quantity: 130, charges: 0, charges_status: 'not_priced' });
    expect(carried).not.toHaveProperty('brokerage_status');

    // The portfolio's share is StrikeDesk's own fill alone, whole: the outside lot is none of the portfolio's.
    const positions = await stack.call<Schemas['PositionsResponse']>('getPositions', { token: desk.token, params: { portfolioId: portfolio.id } });
    expect(positions.status, JSON.stringify(positions.body)).toBe(200);
    expect(positions.body.data.positions.map((row) => [row.tradingsymbol, row.quantity, row.charges, row.charges_status])).toEqual([['NIFTY26JAN26000PE', -65, 9.2, 'priced']]);
  });
});
