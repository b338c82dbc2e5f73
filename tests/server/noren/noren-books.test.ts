// A Shoonya or Flattrade account's books are the broker's own: positions placed outside StrikeDesk (carried from an
// earlier session, sold in the broker's own app) show with their quantities, averages, products and last prices
// under StrikeDesk's symbols, the funds are the broker's limits and the ticket's margin its GetOrderMargin. When
// the broker ends the session ("Session Expired :  Invalid Session Key"), the call that meets it answers "log in
// again", the account is logged out, its books read UNKNOWN with what StrikeDesk placed (never empty), its active
// bots are paused with the reason, and one alert tells the trader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main';
import { testBackends } from '../support/test-database.ts';
import { createPortfolio, liveDailyBot } from '../support/trading.ts';
import { randomUUID } from 'node:crypto';
import { flavors, openNorenDesk, placeOn, startNorenStack, type NorenStack } from './noren-desk.ts';

type Schemas = components['schemas'];
const names = { shoonya: 'Shoonya', flattrade: 'Flattrade' } as const;

describe.each(testBackends.flatMap((backend) => flavors.map((flavor) => [backend, flavor] as const)))('Noren books on %s, %s', (backend, flavor) => {
  let stack: NorenStack;

  beforeAll(async () => {
    stack = await startNorenStack(backend, flavor);
  });

  afterAll(async () => {
    await stack.close();
  });

  it("shows the broker's positions whoever placed them, its funds and its margin", async () => {
    const desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    stack.noren.control.setLast('43919', 104);
    stack.noren.control.setLast('43920', 80);
    // Two lots of the 26000 call carried from an earlier day at 95.50, one lot of the put sold this morning in the broker's app.
    stack.noren.control.carry(desk.userId, [{ token: '43919', prd: 'M', quantity: 130, averagePrice: 95.5 }]);
    stack.noren.control.placeFromApp(desk.userId, { tsym: 'NIFTY27JAN26P26000', trantype: 'S', prctyp: 'MKT', prd: 'I', qty: '65' });

    const book = await stack.call<Schemas['PositionBookResponse']>('getPositionBook', { token: desk.token, params: { accountNumber: desk.account.account_number } });
    expect(book.status, JSON.stringify(book.body)).toBe(200);
    const net = book.body.position_book.net.map((p) => ({ tradingsymbol: p.tradingsymbol, product: p.product, quantity: p.quantity, overnight_quantity: p.overnight_quantity, average_price: p.average_price, last_price: p.last_price }));
    expect(net).toEqual(expect.arrayContaining([
      { tradingsymbol: 'NIFTY26JAN26000CE', product: 'NRML', quantity: 130, overnight_quantity: 130, average_price: 95.5, last_price: 104 },
      { tradingsymbol: 'NIFTY26JAN26000PE', product: 'MIS', quantity: -65, overnight_quantity: 0, average_price: 80, last_price: 80 },
    ]));
    expect(net).toHaveLength(2);
    expect(book.body.position_book.status).toBe('OK');
    // Neither was placed through StrikeDesk, so no fill of theirs is priced: ₹0 that says it is not a figure.
    for (const position of book.body.position_book.net) expect(position).toMatchObject({ charges: 0, charges_status: 'not_priced' });

    // The order from the broker's app is in the day's book under StrikeDesk's symbol, without a tag.
    const orders = await stack.call<Schemas['OrderBookResponse']>('getOrderBook', { token: desk.token, params: { accountNumber: desk.account.account_number } });
    expect(orders.body.order_book.map((o) => [o.tradingsymbol, o.status, o.tag ?? null])).toEqual([['NIFTY26JAN26000PE', 'COMPLETE', null]]);

    // The ticket's margin is the broker's GetOrderMargin, one order a call; available is its limits' cash less the margin used.
    const sale = { tradingsymbol: 'NIFTY26JAN26000PE', exchange: 'NFO', transaction_type: 'SELL', order_type: 'LIMIT', product: 'NRML', quantity: 65, price: 80 };
    const margins = await stack.call<Schemas['OrderMarginsResponse']>('getOrderMargins', { token: desk.token, body: { account_number: desk.account.account_number, orders: [sale] } });
    expect(margins.status, JSON.stringify(margins.body)).toBe(200);
    // The test server's stand-in: a sale 11% of its strike's value (26,000 × 65 × 0.11 = 185,900); used = |qty| × last (130 × 104 + 65 × 80).
    // Its charges (noren-charges.test.ts): STT 5.20, NSE 1.82, SEBI 0.01, GST 0.33 on both; Shoonya's brokerage is ₹0 by its
    // tariff on this day, Flattrade's is not priced (no dated tariff), so its total leaves brokerage out and says so.
    expect(margins.body.margins).toMatchObject({ available: 500_000 - 130 * 104 - 65 * 80, margin: 185900, charges: 7.36, standalone: { hedge_benefit: 0 } });
    expect(margins.body.margins.charge_breakdown?.brokerage_status).toBe(stack.flavor === 'shoonya' ? 'priced' : 'not_priced');
  });

  it('charges a filled order at the tariff in the trade book and the position, the brokerage said not priced where no tariff is dated', async () => {
    const desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    stack.noren.control.setLast('43920', 100);
    stack.clock.advance(2000);
    const portfolio = await createPortfolio(stack.call, desk.token, desk.account.id);
    const placed = await stack.call<Schemas['OrdersResponse']>('placeTrades', {
      token: desk.token,
      body: { account_number: desk.account.account_number, portfolio_id: portfolio.id, orders: [{ exchange: 'NFO', tradingsymbol: 'NIFTY26JAN26000PE', transaction_type: 'SELL', order_type: 'MARKET', product: 'NRML', quantity: 65 }] },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.orders[0]!.status).toBe('COMPLETE');
    const notPriced = flavor === 'flattrade' ? { brokerage_status: 'not_priced' } : {};
    const trades = await stack.call<Schemas['OrderBookResponse']>('getOrderBook', { token: desk.token, params: { accountNumber: desk.account.account_number } });
    const trade = trades.body.trades.find((row) => row.order_id === placed.body.orders[0]!.order_id)!;
    // A sale of 65 at 100 on 16 Jan 2026: STT 6.50, NSE 2.28, SEBI 0.01, GST 0.41, no stamp duty on a sale;
    // Shoonya's brokerage ₹0 (its 2024 tariff), Flattrade's not priced (no tariff): the same statutory figure.
    expect(trade).toMatchObject({ charges: 9.2, ...notPriced });
    if (flavor === 'shoonya') expect(trade).not.toHaveProperty('brokerage_status');
    // The portfolio's positions are StrikeDesk's own fills (the account's book is the broker's positions, which carry no charges).
    const positions = await stack.call<Schemas['PositionsResponse']>('getPositions', { token: desk.token, params: { portfolioId: portfolio.id } });
    expect(positions.status, JSON.stringify(positions.body)).toBe(200);
    const position = positions.body.data.positions.find((row) => row.tradingsymbol === 'NIFTY26JAN26000PE')!;
    expect(position).toMatchObject({ charges: 9.2, charges_status: 'priced', ...notPriced });
    // The account's book is the broker's positions: this one is all StrikeDesk's fills, so it carries their charges.
    const book = await stack.call<Schemas['PositionBookResponse']>('getPositionBook', { token: desk.token, params: { accountNumber: desk.account.account_number } });
    const held = book.body.position_book.net.find((row) => row.tradingsymbol === 'NIFTY26JAN26000PE')!;
    expect(held).toMatchObject({ quantity: -65, charges: 9.2, charges_status: 'priced', ...notPriced });
    // The summary's total says whether it is whole: Flattrade's leaves its brokerage out.
    const summary = await stack.call<Schemas['PositionSummaryResponse']>('getPositionSummary', { token: desk.token, params: { id: portfolio.id } });
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body.data).toMatchObject({ charges: 9.2, charges_status: flavor === 'flattrade' ? 'not_priced' : 'priced' });
  });

  it('prices its holdings at their NSE last price from GetQuotes, a stock Noren does not quote left unpriced', async () => {
    const desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    stack.noren.control.setHoldings(desk.userId, [
      { tsym: 'RELIANCE-EQ', token: '2885', bseToken: '500325', isin: 'INE002A01018', holdqty: 450, btstqty: 50, upldprc: 1520, last: 1600 },
      { tsym: 'SAIL-EQ', token: '2963', isin: 'INE114A01011', holdqty: 5, upldprc: 97.35, last: 121.55 },
    ]);
    stack.noren.control.refuseQuote('2963');
    const before = stack.noren.control.quoteCalls().length;
    const book = await stack.call<Schemas['PositionBookResponse']>('getPositionBook', { token: desk.token, params: { accountNumber: desk.account.account_number } });
    expect(book.status, JSON.stringify(book.body)).toBe(200);
    const held = book.body.position_book.broker_holdings!;
    expect(held.status).toBe('OK');
    expect(held.holdings?.map((h) => [h.tradingsymbol, h.last_price, h.value, h.pnl])).toEqual([
      ['RELIANCE', 1600, 800_000, 40_000],
      ['SAIL', null, null, null],
    ]);
    // Asked on the NSE listing (BSE is listed first) by its token, in the session's user's name.
    const asked = stack.noren.control.quoteCalls().slice(before);
    expect(asked).toEqual(expect.arrayContaining([{ uid: desk.userId, exch: 'NSE', token: '2885' }, { uid: desk.userId, exch: 'NSE', token: '2963' }]));
    expect(asked.every((quote) => quote.exch === 'NSE')).toBe(true);
  });

  it('reads the end of the session as logged out: books UNKNOWN (not empty), the bot paused, one alert', async () => {
    const desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    const botId = await liveDailyBot(stack.call, desk.token, desk.account);
    stack.noren.control.setLast('43919', 100);
    stack.clock.advance(2000);
    const placed = await placeOn(stack, desk, [{ tradingsymbol: 'NIFTY26JAN26000CE', transaction_type: 'SELL', order_type: 'MARKET', product: 'NRML', quantity: 65 }]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.orders[0]!.status).toBe('COMPLETE');

    stack.clock.advance(60_000);
    const endedAt = stack.clock.now();
    stack.noren.control.endSessions(desk.userId);
    const orderBook = () => stack.call<Schemas['OrderBookResponse']>('getOrderBook', { token: desk.token, params: { accountNumber: desk.account.account_number } });
    const first = await orderBook();
    expect(first.status).toBe(403);
    expect(first.body).toMatchObject({ code: 'broker_session_expired' });
    expect((first.body as unknown as { message: string }).message).toBe(`Your ${names[flavor]} session has ended (${names[flavor]}: Session Expired :  Invalid Session Key). Log in to the broker again to trade and to see live positions.`);

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
    expect(told.rows).toEqual([{ event: 'broker_session_expired', title: `Log in to ${names[flavor]} again: ${desk.account.account_number}` }]);
  });
});
