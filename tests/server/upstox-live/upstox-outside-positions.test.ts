// An Upstox account's position book is Upstox's own, whoever placed the positions (issue 62), as Kite's is:
// an NRML long carried from an earlier session (Upstox's overnight_* fields, StrikeDesk never saw its orders)
// and an MIS short sold today in Upstox's own app both show, with their quantities, averages and products.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main';
import { testBackends } from '../support/test-database.ts';
import { openUpstoxDesk, startUpstoxStack, type UpstoxStack } from './upstox-desk.ts';

type Schemas = components['schemas'];

describe.each(testBackends)('Upstox positions placed outside StrikeDesk on %s', (backend) => {
  let stack: UpstoxStack;

  beforeAll(async () => {
    stack = await startUpstoxStack(backend);
  });

  afterAll(async () => {
    await stack.close();
  });

  it("shows Upstox's positions whoever placed them: an NRML long carried overnight and an MIS short from Upstox's app", async () => {
    const desk = await openUpstoxDesk(stack);
    const login = await desk.logIn();
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    stack.upstox.control.setQuote('NSE_FO|43919', { last: 104, close: 101 });
    stack.upstox.control.setQuote('NSE_FO|43920', { last: 80, close: 82 });
    // Two lots of the 26000 call bought on an earlier day at 95.50, and one lot of the put sold this morning in Upstox's app.
    stack.upstox.control.holdOvernight(desk.ucc, [{ instrument_key: 'NSE_FO|43919', product: 'D', quantity: 130, average_price: 95.5 }]);
    stack.upstox.control.placeFromApp(desk.ucc, { instrument_token: 'NSE_FO|43920', transaction_type: 'SELL', order_type: 'MARKET', product: 'I', quantity: 65 });

    const book = await stack.call<Schemas['PositionBookResponse']>('getPositionBook', { token: desk.token, params: { accountNumber: desk.account.account_number } });
    expect(book.status, JSON.stringify(book.body)).toBe(200);
    const net = book.body.position_book.net.map((position) => ({
      tradingsymbol: position.tradingsymbol,
      product: position.product,
      quantity: position.quantity,
      overnight_quantity: position.overnight_quantity,
      average_price: position.average_price,
      last_price: position.last_price,
    }));
    expect(net).toEqual(
      expect.arrayContaining([
        { tradingsymbol: 'NIFTY26JAN26000CE', product: 'NRML', quantity: 130, overnight_quantity: 130, average_price: 95.5, last_price: 104 },
        { tradingsymbol: 'NIFTY26JAN26000PE', product: 'MIS', quantity: -65, overnight_quantity: 0, average_price: 80, last_price: 80 },
      ]),
    );
    expect(net).toHaveLength(2);
    // Today's activity is the short alone: the long was carried.
    expect(book.body.position_book.day.map((position) => [position.tradingsymbol, position.quantity])).toEqual([['NIFTY26JAN26000PE', -65]]);
    expect(book.body.position_book.status).toBe('OK');
  });
});
