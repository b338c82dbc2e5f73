// A Noren CNC sale of a holding under the account's `limit_reprice` execution policy (issue 64): Noren's Holdings carry
// no price, so the holding is priced by GetQuotes on its NSE listing (noren-wire.ts lastPaiseOf), and the MARKET sale
// the trader asks for reaches Noren as a LIMIT at the price the policy computes from it (the bid, here the last
// price, less the buffer of one tick), never as MARKET. Before session 80 the holding had no price and the sale went
// as MARKET, for the broker to take or refuse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { limitPolicy } from '../execution/execution-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { flavors, openNorenDesk, startNorenStack, type NorenDesk, type NorenStack } from './noren-desk.ts';

type Schemas = components['schemas'];

describe.each(testBackends.flatMap((backend) => flavors.map((flavor) => [backend, flavor] as const)))('a Noren CNC sale under a limit_reprice policy on %s, %s', (backend, flavor) => {
  let stack: NorenStack;
  let desk: NorenDesk;

  beforeAll(async () => {
    stack = await startNorenStack(backend, flavor);
    desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
  });
  afterAll(async () => stack.close());

  it("reaches Noren as a LIMIT one tick under the holding's GetQuotes price, not as MARKET", async () => {
    // RELIANCE held, ₹1,600 now at NSE (BSE listed first: the NSE quote is the one read).
    stack.noren.control.setHoldings(desk.userId, [{ tsym: 'RELIANCE-EQ', token: '2885', bseToken: '500325', isin: 'INE002A01018', holdqty: 450, btstqty: 50, upldprc: 1520, last: 1600 }]);
    const policy = await stack.call<Schemas['ExecutionPolicyResponse']>('updateExecutionPolicy', { token: desk.token, params: { accountId: desk.account.id }, body: limitPolicy });
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    const quotesBefore = stack.noren.control.quoteCalls().length;

    stack.clock.advance(1000);
    const sold = await stack.call<Schemas['OrdersResponse']>('placeHoldingOrder', {
      token: desk.token,
      params: { accountNumber: desk.account.account_number },
      body: { symbol: 'RELIANCE', side: 'SELL', quantity: 10, order_type: 'MARKET' },
      headers: { 'idempotency-key': 'cnc-reprice-1' },
    });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect(sold.body.orders[0]).toMatchObject({ tradingsymbol: 'RELIANCE', product: 'CNC', transaction_type: 'SELL', order_type: 'LIMIT', price: 1599.95, quantity: 10, tag: 'cnc-reprice-1' });

    // The holding's price came from GetQuotes on NSE, and the order Noren booked is a LIMIT at the policy's price.
    expect(stack.noren.control.quoteCalls().slice(quotesBefore)).toContainEqual(expect.objectContaining({ exch: 'NSE', token: '2885' }));
    const placed = stack.noren.control.orderWrites().filter((write) => write.name === 'PlaceOrder' && write.data.remarks === 'cnc-reprice-1');
    expect(placed.map((write) => ({ prd: write.data.prd, exch: write.data.exch, tsym: write.data.tsym, trantype: write.data.trantype, prctyp: write.data.prctyp, prc: write.data.prc, qty: write.data.qty }))).toEqual([
      { prd: 'C', exch: 'NSE', tsym: 'RELIANCE-EQ', trantype: 'S', prctyp: 'LMT', prc: '1599.95', qty: '10' },
    ]);
  });
});
