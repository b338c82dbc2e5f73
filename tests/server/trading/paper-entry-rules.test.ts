// Placing a paper order (order-entry.ts, order-rows.ts, paper-trading.ts; issue 26, from the mutation run):
// an expired contract and a contract without a price are rejected saying so; only entries are checked for
// funds, so a stop-loss protecting a long is taken on an account whose cash the long used up; an after-market
// stop-loss waits as TRIGGER PENDING; after the MIS cut-off an exit of the whole position is taken and one
// that would turn it short is not; a regular order reads as `regular`; and a pass that does not fill (an
// instance that did not lead the tick) fills nothing.
import { describe, expect, it } from 'vitest';
import type { ContractCall } from '../support/contract-client.ts';
import { atInstant, openDesk, quotedDeskPerTest, type Desk, type ScriptedMarket } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';

describe.each(testBackends)('placing a paper order on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let desk: Desk;
  let symbol: string;

  quotedDeskPerTest(backend, (started) => ({ server, market, call, desk, atmCall: symbol } = started));

  const at = (instant: string, during: () => Promise<void>) => atInstant({ server, market }, instant, during);
  const closedFriday = { nextOpen: new Date('2026-11-23T03:45:00Z'), closedAt: new Date('2026-11-20T10:00:00Z') };

  it('rejects an order on a contract past its expiry, and one on a contract with no price now, saying which', async () => {
    // The close of the expiry day: 15:40 IST since 3 August 2026.
    await at('2026-11-23T15:40:00+05:30', async () => {
      await desk.logIn();
      const expired = await desk.place(symbol, 'BUY', 65);
      expect(expired).toMatchObject({
        status: 'REJECTED',
        status_message: `${symbol} expired on ${desk.expiry}. Pick a current expiry.`,
        status_message_i18n: { code: 'order.expired', params: { tradingsymbol: symbol, expiry: desk.expiry } },
      });
    });
    await desk.logIn();
    market.unset(symbol);
    const unpriced = await desk.place(symbol, 'BUY', 65);
    expect(unpriced).toMatchObject({
      status: 'REJECTED',
      status_message: `No price for ${symbol} right now. Try again in a moment.`,
      status_message_i18n: { code: 'order.no_price', params: { tradingsymbol: symbol } },
    });
  });

  it("checks only entries for funds: a stop-loss protecting a long is taken when the long used up the account's cash", async () => {
    const small = await openDesk(server, call, 10_000);
    // 65 at ₹120.50 is ₹7,832.50 with its charges: about ₹2,150 left, far below a short's margin.
    expect((await small.place(symbol, 'BUY', 65)).status).toBe('COMPLETE');
    const stop = await small.trade('placeStopLossOrder', { tradingsymbol: symbol, exchange: 'NFO', product: 'NRML', transaction_type: 'SELL', quantity: 65, order_type: 'SL', trigger_price: 100, price: 99 });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body.orders[0]).toMatchObject({ status: 'TRIGGER PENDING', variety: 'regular' });
    const naked = await small.place(symbol, 'SELL', 130);
    expect(naked.status).toBe('REJECTED');
    expect(naked.status_message_i18n?.code).toBe('order.insufficient_funds');
  });

  it('squares off a short whose buy-back costs more than the funds available: an exit is never refused for funds', async () => {
    const short = await openDesk(server, call, 250_000);
    expect((await short.place(symbol, 'SELL', 65)).status).toBe('COMPLETE');
    market.set(symbol, { bid: 1999, ask: 2000, last: 1999.5 });
    // Buying 65 back costs ₹1,30,000 of premium, more than the account has available.
    expect((await short.positionBook()).margins.available).toBeLessThan(65 * 2000);
    const exit = await short.trade('squareoffTrades', { positions: [{ tradingsymbol: symbol, exchange: 'NFO', product: 'NRML' }] });
    expect(exit.status, JSON.stringify(exit.body)).toBe(200);
    expect(exit.body.orders).toMatchObject([{ transaction_type: 'BUY', quantity: 65, status: 'COMPLETE', average_price: 2000 }]);
    expect((await short.positionBook()).net[0]!.quantity).toBe(0);
  });

  it('holds an after-market stop-loss as TRIGGER PENDING until the open', async () => {
    await desk.place(symbol, 'BUY', 65);
    await at('2026-11-20T18:00:00+05:30', async () => {
      market.open(false, closedFriday);
      const stop = await desk.trade('placeStopLossOrder', { tradingsymbol: symbol, exchange: 'NFO', product: 'NRML', transaction_type: 'SELL', quantity: 65, order_type: 'SL', trigger_price: 100, price: 99 });
      expect(stop.status, JSON.stringify(stop.body)).toBe(200);
      expect(stop.body.orders[0]).toMatchObject({ status: 'TRIGGER PENDING', variety: 'amo', trigger_price: 100, price: 99 });
    });
  });

  it('after the MIS cut-off takes an exit of the whole position, and refuses one that would turn it short', async () => {
    // Exchange hours (MARKET_DEMO=off): the demo market takes MIS at any hour (demo-mis.test.ts).
    market.demo(false);
    await desk.place(symbol, 'BUY', 130, { product: 'MIS' });
    await at('2026-11-20T15:25:00+05:30', async () => {
      const flip = await desk.place(symbol, 'SELL', 195, { product: 'MIS' });
      expect(flip.status).toBe('REJECTED');
      expect(flip.status_message).toContain('Intraday (MIS) orders are closed for today');
      const whole = await desk.place(symbol, 'SELL', 130, { product: 'MIS' });
      expect(whole.status).toBe('COMPLETE');
    });
  });

  it('fills nothing on a pass that does not fill (an instance that did not lead the tick), and fills on the next that does', async () => {
    const resting = await desk.place(symbol, 'BUY', 65, { order_type: 'LIMIT', price: 118 });
    expect(resting).toMatchObject({ status: 'OPEN', variety: 'regular' });
    market.set(symbol, { bid: 117, ask: 117.5, last: 117.25 });
    await desk.services.paperTrading.onTick(server.clock.now(), { fills: false });
    expect((await desk.orderBook()).order_book.find((order) => order.order_id === resting.order_id)?.status).toBe('OPEN');
    await desk.tick();
    expect((await desk.orderBook()).order_book.find((order) => order.order_id === resting.order_id)).toMatchObject({ status: 'COMPLETE', average_price: 117.5 });
  });
});
