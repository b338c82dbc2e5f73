// One margin figure on every route that reports it (issue 36: the same positions in the same minute read
// "used ₹39,634" on the Position book and "₹46,480" on Positions, which had summed a portfolio's margin its
// own way). The position book's funds, a portfolio's summary and the order ticket's margins quote are read
// at one instant of a stopped clock and scripted prices, so any difference is a second computation. The
// strategy builder's required margin is the margins quote of its basket: the broker then takes that from
// what is available, and refuses the basket a rupee short of it.
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, quotedDeskPerTest, type Desk, type ScriptedMarket } from '../support/paper-desk.ts';
import type { TestServer } from '../support/test-server.ts';
import { testBackends } from '../support/test-database.ts';
import { createPortfolio } from '../support/trading.ts';

type Portfolio = Awaited<ReturnType<typeof createPortfolio>>;

describe.each(testBackends)('margin used and available on every route on %s', (backend) => {
  let server: TestServer;
  let market: ScriptedMarket;
  let call: ContractCall;
  let desk: Desk;
  let atmCall: string;
  let hedge: string;

  quotedDeskPerTest(backend, (started) => ({ server, market, call, desk, atmCall } = started));

  beforeEach(() => {
    hedge = desk.contract(desk.atm + 300, 'CE').tradingsymbol;
    market.set(hedge, { bid: 40, ask: 40.5, last: 40.25, close: 38 });
  });

  const placeIn = async (portfolio: Portfolio, orders: Array<Record<string, unknown>>) => {
    const res = await desk.trade('placeTrades', { orders, portfolio_id: portfolio.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.orders;
  };

  /** What each route says at this instant: the position book's margins, the portfolio's summary, the ticket's quote. */
  const figures = async (portfolio: Portfolio) => {
    const book = (await desk.positionBook()).margins;
    const summary = await call<components['schemas']['PositionSummaryResponse']>('getPositionSummary', { token: desk.token, params: { id: portfolio.id } });
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    const quote = await call<components['schemas']['OrderMarginsResponse']>('getOrderMargins', {
      token: desk.token,
      body: { account_number: desk.accountNumber, portfolio_id: portfolio.id, orders: [desk.order(hedge, 'BUY', desk.lotSize)] },
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    return { book, portfolioUsed: summary.body.data.margin_used, ticketAvailable: quote.body.margins.available };
  };

  it('reads the same used on the position book and on Positions for the same positions and working orders, and the ticket the portfolio\'s capital left', async () => {
    const portfolio = await createPortfolio(call, desk.token, desk.account.id);
    // A bear call spread and a working limit buy, all in one portfolio: short and long legs, a working entry.
    await placeIn(portfolio, [desk.order(atmCall, 'SELL', desk.lotSize), desk.order(hedge, 'BUY', desk.lotSize)]);
    const [working] = await placeIn(portfolio, [desk.order(hedge, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 35 })]);
    expect(working?.status).toBe('OPEN');
    const { book, portfolioUsed, ticketAvailable } = await figures(portfolio);
    expect(book.used).toBeGreaterThan(0);
    expect(portfolioUsed).toBe(book.used);
    // Within a portfolio the ticket's available is the portfolio's capital (createPortfolio's ₹1,00,000) less the
    // margin its positions and orders use, never more than the account has (issue 62).
    expect(ticketAvailable).toBe(Math.min(Math.round((100000 - portfolioUsed) * 100) / 100, book.available));
    expect(book.available).toBeCloseTo(book.equity - book.used, 2);
  });

  it('gives a portfolio the margin the account would use holding only its positions, no hedge from another portfolio', async () => {
    const shorts = await createPortfolio(call, desk.token, desk.account.id, 100000, 'Shorts');
    const longs = await createPortfolio(call, desk.token, desk.account.id, 100000, 'Hedges');
    await placeIn(shorts, [desk.order(atmCall, 'SELL', desk.lotSize)]);
    const alone = await figures(shorts);
    expect(alone.portfolioUsed).toBe(alone.book.used);
    // The hedge, in another portfolio: the account's margin falls with it, the short's portfolio's does not.
    await placeIn(longs, [desk.order(hedge, 'BUY', desk.lotSize)]);
    const hedged = await figures(shorts);
    expect(hedged.portfolioUsed).toBe(alone.portfolioUsed);
    expect(hedged.book.used).toBeLessThan(alone.book.used);
    const hedges = await call<components['schemas']['PositionSummaryResponse']>('getPositionSummary', { token: desk.token, params: { id: longs.id } });
    // The long call alone uses its value: 65 × ₹40.25.
    expect(hedges.body.data.margin_used).toBe(desk.lotSize * 40.25);
  });

  describe("the strategy builder's basket", () => {
    // A bear call spread as the builder sends it (basket-orders.ts): market orders, the hedge first.
    const spread = (on: Desk) => [on.order(hedge, 'BUY', desk.lotSize), on.order(atmCall, 'SELL', desk.lotSize)];

    const quoteFor = async (on: Desk) => {
      const res = await call<components['schemas']['OrderMarginsResponse']>('getOrderMargins', { token: on.token, body: { account_number: on.accountNumber, orders: spread(on) } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.margins;
    };

    const trade = async (on: Desk) => {
      const res = await on.trade('placeTrades', { orders: spread(on) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.orders;
    };

    it('takes from what is available what its quote required, the sale\'s premium credited once it fills', async () => {
      // Something held already, so the quote is the basket's after the account's positions.
      await desk.place(atmCall, 'SELL', desk.lotSize);
      const quote = await quoteFor(desk);
      expect(quote.available).toBe((await desk.positionBook()).margins.available);
      const orders = await trade(desk);
      expect(orders.map((order) => order.status)).toEqual(['COMPLETE', 'COMPLETE']);
      const sale = orders[1]!;
      const after = (await desk.positionBook()).margins;
      expect(after.available).toBeCloseTo(quote.available - quote.required + sale.average_price * sale.filled_quantity, 2);
    });

    it('is placed with exactly its required available, and refused a rupee short', async () => {
      const { required } = await quoteFor(desk);
      const exact = await openDesk(server, call, required);
      expect((await quoteFor(exact)).required).toBe(required);
      expect((await trade(exact)).map((order) => order.status)).toEqual(['COMPLETE', 'COMPLETE']);
      const short = await openDesk(server, call, required - 1);
      const refused = await trade(short);
      expect(refused.map((order) => order.status)).toEqual(['COMPLETE', 'REJECTED']);
      expect(refused[1]!.status_message).toMatch(/^Insufficient funds/);
    });
  });
});
