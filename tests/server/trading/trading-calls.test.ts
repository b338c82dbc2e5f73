// A trader's calls through the trading service (trading-accounts.ts, trading-books.ts, paced-intent.ts; issue 26,
// from the mutation run): the broker session ends at its very instant (orders refused naming the account and
// claiming no key, the books UNKNOWN as of that instant); a position carried from an earlier day is in the net
// book, not the day's; the summary counts open positions only; a refused plan frees its Idempotency-Key; a key used again after it
// expired, or two keys' intents under the trader's same tag, answer their own orders only; a position the
// market has no quote for says so (priced: false) in every positions read, and the summary with it.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { atInstant, quotedDeskPerTest, type Desk, type ScriptedMarket } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { createPortfolio } from '../support/trading.ts';
import type { TestServer } from '../support/test-server.ts';

describe.each(testBackends)("a trader's trading calls on %s", (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let desk: Desk;
  let symbol: string;

  quotedDeskPerTest(backend, (started) => ({ server, market, call, desk, atmCall: symbol } = started));

  it('ends the broker session at its very instant: orders refused naming the account and claiming no key, the books unknown as of then', async () => {
    // Logged in on Friday: the session ends at 06:00 IST on Saturday, as Kite's.
    const end = '2026-11-21T06:00:00+05:30';
    await atInstant({ server, market }, '2026-11-21T05:59:59.999+05:30', async () => {
      expect((await desk.orderBook()).status).toBe('OK');
    });
    const key = 'after-the-session';
    await atInstant({ server, market }, end, async () => {
      const refused = await desk.trade('placeTrades', { orders: [desk.order(symbol, 'BUY', 65)] }, key);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'broker_session_expired', field: 'account_number' });
      expect(await desk.orderBook()).toMatchObject({ status: 'UNKNOWN', as_of: new Date(end).toISOString() });
    });
    // The refusal claimed nothing (the key is claimed in the statement that reads the account, only for an
    // account that can trade): sent again within the session, the same key places the order.
    const placed = await desk.trade('placeTrades', { orders: [desk.order(symbol, 'BUY', 65)] }, key);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.orders).toMatchObject([{ status: 'COMPLETE', tag: key }]);
    const unknown = await call('getOrderBook', { token: desk.token, params: { accountNumber: 'PA9999' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'not_found', field: 'account_number' });
  });

  it("keeps a position carried from an earlier day in the net book and out of the day's, and counts only open positions in the summary", async () => {
    const portfolio = await createPortfolio(call, desk.token, desk.account.id, 200000, 'Carried');
    const put = desk.contract(desk.atm, 'PE').tradingsymbol;
    market.set(put, { bid: 130, ask: 130.5, last: 130.25 });
    await desk.trade('placeTrades', { portfolio_id: portfolio.id, orders: [desk.order(symbol, 'BUY', 65), desk.order(put, 'BUY', 65)] });
    await desk.trade('placeTrades', { portfolio_id: portfolio.id, orders: [desk.order(put, 'SELL', 65)] });
    const summary = await call<{ data: { open_positions: number } }>('getPositionSummary', { token: desk.token, params: { id: portfolio.id } });
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body.data.open_positions).toBe(1);
    await atInstant({ server, market }, '2026-11-23T10:00:00+05:30', async () => {
      await desk.logIn();
      market.set(symbol, { bid: 125, ask: 125.5, last: 125.25 });
      const book = await desk.positionBook();
      expect(book.net.map((position) => [position.tradingsymbol, position.quantity])).toEqual([[symbol, 65]]);
      expect(book.day).toEqual([]);
      await desk.place(symbol, 'SELL', 65);
      const after = await desk.positionBook();
      expect(after.day.map((position) => [position.tradingsymbol, position.quantity, position.day_sell_quantity])).toEqual([[symbol, -65, 65]]);
    });
  });

  it('says which positions are marked at a current quote and which at their last trade, in every positions read and the summary', async () => {
    type Schemas = components['schemas'];
    const portfolio = await createPortfolio(call, desk.token, desk.account.id, 200000, 'Unquoted');
    const put = desk.contract(desk.atm, 'PE').tradingsymbol;
    market.set(put, { bid: 130, ask: 130.5, last: 130.25 });
    await desk.trade('placeTrades', { portfolio_id: portfolio.id, orders: [desk.order(symbol, 'BUY', 65), desk.order(put, 'BUY', 65)] });
    const params = { portfolioId: portfolio.id };
    const reads = async () => {
      const positions = await call<Schemas['PositionsResponse']>('getPositions', { token: desk.token, params });
      const byBot = await call<Schemas['PositionsByBotResponse']>('getPositionsByBot', { token: desk.token, params });
      const summary = await call<Schemas['PositionSummaryResponse']>('getPositionSummary', { token: desk.token, params: { id: portfolio.id } });
      for (const res of [positions, byBot, summary]) expect(res.status, JSON.stringify(res.body)).toBe(200);
      const pricedOf = (list: readonly Schemas['Position'][]) => Object.fromEntries(list.map((position) => [position.tradingsymbol, [position.priced, position.last_price]]));
      return {
        positions: pricedOf(positions.body.data.positions),
        byBot: pricedOf(byBot.body.data.groups.flatMap((group) => group.positions)),
        book: pricedOf((await desk.positionBook()).net),
        summary: summary.body.data.priced,
      };
    };
    // Quoted: both at the market's last price.
    const live = { [symbol]: [true, 120.25], [put]: [true, 130.25] };
    expect(await reads()).toEqual({ positions: live, byBot: live, book: live, summary: true });
    // The put's quote gone: it is marked at its own last trade (bought at the ask, 130.50), and says so.
    market.unset(put);
    const stale = { [symbol]: [true, 120.25], [put]: [false, 130.5] };
    expect(await reads()).toEqual({ positions: stale, byBot: stale, book: stale, summary: false });
    // Closed, its P&L needs no price: the row still says it has none, the summary's totals are live again.
    market.set(put, { bid: 131, ask: 131.5, last: 131.25 });
    await desk.trade('placeTrades', { portfolio_id: portfolio.id, orders: [desk.order(put, 'SELL', 65)] });
    market.unset(put);
    const closed = await reads();
    expect(closed.positions[put]).toEqual([false, 131]);
    expect(closed.summary).toBe(true);
  });

  // Issue 62: "Max drawdown ₹61.72" stood beside "Net P&L −₹321.72": the drawdown counted realised P&L only.
  it("counts an open position's loss in the summary's drawdown, on one curve with its net P&L", async () => {
    const portfolio = await createPortfolio(call, desk.token, desk.account.id, 200000, 'Drawdown');
    const put = desk.contract(desk.atm, 'PE').tradingsymbol;
    market.set(put, { bid: 130, ask: 130.5, last: 130.25 });
    // A round trip that loses (bought at the ask, sold at the bid), then a long left open that falls.
    await desk.trade('placeTrades', { portfolio_id: portfolio.id, orders: [desk.order(put, 'BUY', 65)] });
    await desk.trade('placeTrades', { portfolio_id: portfolio.id, orders: [desk.order(put, 'SELL', 65)] });
    await desk.trade('placeTrades', { portfolio_id: portfolio.id, orders: [desk.order(symbol, 'BUY', 65)] });
    market.set(symbol, { bid: 100, ask: 100.5, last: 100.25 });
    const read = await call<components['schemas']['PositionSummaryResponse']>('getPositionSummary', { token: desk.token, params: { id: portfolio.id } });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const summary = read.body.data;
    expect(summary.unrealised).toBeLessThan(0);
    expect(summary.net_pnl).toBeLessThan(summary.days.at(-1)!.cumulative);
    // Never fell above zero: the drawdown is the whole net loss, the open one included.
    expect(summary.max_drawdown).toBe(-summary.net_pnl);
  });

  // Issue 62: the ticket's "Available" was the account's cash, not the capital the trader set aside for the portfolio.
  it("says what is available within a portfolio as its capital left, never more than the account's", async () => {
    type Margins = components['schemas']['OrderMarginsResponse']['margins'];
    const portfolio = await createPortfolio(call, desk.token, desk.account.id, 50000, 'Set aside');
    const margins = async (portfolioId?: number) => {
      const res = await call<{ margins: Margins }>('getOrderMargins', {
        token: desk.token,
        body: { account_number: desk.accountNumber, ...(portfolioId === undefined ? {} : { portfolio_id: portfolioId }), orders: [desk.order(symbol, 'BUY', 65)] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.margins;
    };
    const account = (await margins()).available;
    expect(account).toBeGreaterThan(50000);
    expect((await margins(portfolio.id)).available).toBe(50000);
    // A long bought within it: the capital left is less what the portfolio's position uses (the summary's margin_used).
    await desk.trade('placeTrades', { portfolio_id: portfolio.id, orders: [desk.order(symbol, 'BUY', 65)] });
    const summary = await call<components['schemas']['PositionSummaryResponse']>('getPositionSummary', { token: desk.token, params: { id: portfolio.id } });
    expect(summary.body.data.margin_used).toBeGreaterThan(0);
    expect((await margins(portfolio.id)).available).toBeCloseTo(50000 - summary.body.data.margin_used, 2);
  });

  it('frees the key of an intent its plan refused: the corrected intent goes out under the same key', async () => {
    const key = 'refused-plan-1';
    const unlisted = await desk.trade('placeTrades', { orders: [desk.order('NIFTY26NOV99000CE', 'BUY', 65)] }, key);
    expect(unlisted.status).toBe(422);
    const placed = await desk.trade('placeTrades', { orders: [desk.order(symbol, 'BUY', 65)] }, key);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.orders).toMatchObject([{ status: 'COMPLETE', tag: key }]);
  });

  it('answers a key used again after it expired with its new orders only, though they carry the same tag', async () => {
    const key = 'reused-after-a-day';
    const first = await desk.trade('placeTrades', { orders: [desk.order(symbol, 'BUY', 65)] }, key);
    expect(first.body.orders).toHaveLength(1);
    server.clock.advance(24 * 60 * 60 * 1000);
    await desk.logIn();
    const again = await desk.trade('placeTrades', { orders: [desk.order(symbol, 'SELL', 65)] }, key);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.orders.map((order) => [order.transaction_type, order.tag])).toEqual([['SELL', key]]);
  });

  it("answers each intent with its own orders when two keys' intents carry the trader's same tag in the same instant", async () => {
    const tagged = (side: 'BUY' | 'SELL') => ({ orders: [desk.order(symbol, side, 65, { tag: 'straddle' })] });
    const first = await desk.trade('placeTrades', tagged('BUY'), 'tagged-intent-1');
    const second = await desk.trade('placeTrades', tagged('SELL'), 'tagged-intent-2');
    expect(first.body.orders.map((order) => [order.transaction_type, order.tag])).toEqual([['BUY', 'straddle']]);
    expect(second.body.orders.map((order) => [order.transaction_type, order.tag])).toEqual([['SELL', 'straddle']]);
  });
});
