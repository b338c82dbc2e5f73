// The paper broker's guards on money, each one a bug that once went unnoticed (issue 26): the funds check
// counts the charges, not the premium alone; a market order never fills against an empty side of the book;
// the same intent sent again with its JSON fields in another order is the same request.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, type Desk, type ScriptedMarket, scriptedServerPerFile } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { createPortfolio } from '../support/trading.ts';
import type { TestServer } from '../support/test-server.ts';

describe.each(testBackends)('the paper broker\'s money guards on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let desk: Desk;
  let atmCall: string;

  scriptedServerPerFile(backend, (started) => ({ server, market, call } = started));

  beforeEach(async () => {
    server.clock.advance(60_000);
    market.spot(26050);
    desk = await openDesk(server, call);
    atmCall = desk.contract(desk.atm, 'CE').tradingsymbol;
    market.set(atmCall, { bid: 120, ask: 120.5, last: 120.25, close: 110 });
  });

  it('refuses a buy the capital covers for its premium but not for its premium and charges, and fills it when the capital covers both to the paisa', async () => {
    const quote = await call<{ margins: { premium: number; charges: number } }>('getOrderMargins', {
      token: desk.token,
      body: { account_number: desk.accountNumber, orders: [desk.order(atmCall, 'BUY', desk.lotSize)] },
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    const { premium, charges } = quote.body.margins;
    expect(premium).toBe(7832.5);
    expect(charges).toBeGreaterThan(20);
    const needed = Math.round((premium + charges) * 100);

    const short = await openDesk(server, call, (needed - 1) / 100);
    const refused = await short.place(atmCall, 'BUY', desk.lotSize);
    expect(refused.status).toBe('REJECTED');
    expect(refused.status_message).toContain('Insufficient funds');

    const exact = await openDesk(server, call, needed / 100);
    expect((await exact.place(atmCall, 'BUY', desk.lotSize)).status).toBe('COMPLETE');
  });

  it('counts a working limit buy\'s premium against the next order: two that fit the capital one at a time are not both taken', async () => {
    // ₹10,000 of capital; a limit buy of one lot at ₹100, under the ₹120.50 offer, waits and holds ₹6,500 of
    // premium, so a second one (₹6,500 more) no longer fits the ₹3,500 left.
    const small = await openDesk(server, call, 10_000);
    const limit = { order_type: 'LIMIT', price: 100 };
    const working = await small.place(atmCall, 'BUY', small.lotSize, limit);
    expect(working.status).toBe('OPEN');
    const second = await small.place(atmCall, 'BUY', small.lotSize, limit);
    expect(second.status).toBe('REJECTED');
    expect(second.status_message).toContain('Insufficient funds');
  });

  it('answers a margin request for a listed contract with no price right now with a 422 naming the field, not a 500', async () => {
    const unpriced = desk.contract(desk.atm, 'PE').tradingsymbol;
    const res = await call('getOrderMargins', { token: desk.token, body: { account_number: desk.accountNumber, orders: [desk.order(unpriced, 'BUY', desk.lotSize)] } });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body).toMatchObject({ code: 'unknown_instrument', field: 'tradingsymbol' });
  });

  it('counts in a portfolio\'s margin used its own long call at its last price, and not a put the account bought outside it', async () => {
    // A long option needs no SPAN nor exposure: what it blocks is its value, 65 × ₹120.25 = ₹7,816.25.
    const portfolio = await createPortfolio(call, desk.token, desk.account.id);
    const atmPut = desk.contract(desk.atm, 'PE').tradingsymbol;
    market.set(atmPut, { bid: 90, ask: 90.5, last: 90.25 });
    const inside = await desk.trade('placeTrades', { orders: [desk.order(atmCall, 'BUY', desk.lotSize)], portfolio_id: portfolio.id });
    expect(inside.body.orders[0]?.status).toBe('COMPLETE');
    expect((await desk.place(atmPut, 'BUY', desk.lotSize)).status).toBe('COMPLETE');
    const summary = await call<{ data: { margin_used: number } }>('getPositionSummary', { token: desk.token, params: { id: portfolio.id } });
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body.data.margin_used).toBe(7816.25);
  });

  it("marks the account's equity to its long option's last price and holds that value as used, so what is available stays the cash left", async () => {
    await desk.place(atmCall, 'BUY', desk.lotSize);
    market.set(atmCall, { bid: 129.75, ask: 130.25, last: 130, close: 110 });
    const book = await desk.positionBook();
    const [position] = book.net;
    const paid = position!.buy_value + position!.charges;
    expect(book.margins.equity).toBeCloseTo(500000 - paid + desk.lotSize * 130, 2);
    expect(book.margins.used).toBeCloseTo(desk.lotSize * 130, 2);
    expect(book.margins.available).toBeCloseTo(500000 - paid, 2);
  });

  it('cancels a market sell into an empty bid instead of selling at ₹0', async () => {
    market.set(atmCall, { bid: 0, ask: 0.1, last: 0.05, close: 0.05 });
    const order = await desk.place(atmCall, 'SELL', desk.lotSize);
    expect(order.status).toBe('CANCELLED');
    expect(order.status_message).toContain('there is no bid');
    expect(order.filled_quantity).toBe(0);
    expect((await desk.orderBook()).trades).toEqual([]);
  });

  it('cancels a market buy into an empty offer instead of buying at ₹0', async () => {
    market.set(atmCall, { bid: 0.05, ask: 0, last: 0.1, close: 0.1 });
    const order = await desk.place(atmCall, 'BUY', desk.lotSize);
    expect(order.status).toBe('CANCELLED');
    expect(order.status_message).toContain('there is no offer');
    expect(order.filled_quantity).toBe(0);
  });

  it('takes the same intent with its JSON fields in another order as the same request: one order, the first answer replayed', async () => {
    const key = randomUUID();
    const first = await call('placeTrades', {
      token: desk.token,
      headers: { 'idempotency-key': key },
      body: {
        account_number: desk.accountNumber,
        orders: [{ tradingsymbol: atmCall, exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: desk.lotSize }],
      },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const reordered = await call('placeTrades', {
      token: desk.token,
      headers: { 'idempotency-key': key },
      body: {
        orders: [{ quantity: desk.lotSize, product: 'NRML', order_type: 'MARKET', transaction_type: 'BUY', exchange: 'NFO', tradingsymbol: atmCall }],
        account_number: desk.accountNumber,
      },
    });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.headers['idempotent-replayed']).toBe('true');
    expect(reordered.body).toEqual(first.body);
    expect((await desk.orderBook()).order_book).toHaveLength(1);
  });
});
