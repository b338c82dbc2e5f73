// The paper account's funds as a trader reads them (equity, used, available) and the margins endpoint's quote
// of an order, for what the first tests left unchecked (issue 26, mutation run on funds.ts): a short marked
// to its last price, a working sell's premium, a limit order quoted at its limit, a market sell at the bid,
// held after-market orders, a portfolio's short, and a position whose contract has no price right now.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, scriptedMarket, type Desk, type ScriptedMarket, scriptedServerPerFile, openQuotedDesk } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { createPortfolio, guardedClient } from '../support/trading.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

type Margins = components['schemas']['OrderMarginsResponse']['margins'];

// Friday 20 November 2026, 10:00 IST.
const friday = new Date('2026-11-20T04:30:00Z');

describe.each(testBackends)('a paper account\'s funds on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let desk: Desk;
  let atmCall: string;

  scriptedServerPerFile(backend, (started) => ({ server, market, call } = started));

  beforeEach(async () => {
    ({ desk, atmCall } = await openQuotedDesk({ server, market, call }));
  });

  const marginsOf = async (on: Desk, orders: Array<Record<string, unknown>>): Promise<Margins> => {
    const res = await call<components['schemas']['OrderMarginsResponse']>('getOrderMargins', { token: on.token, body: { account_number: on.accountNumber, orders } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.margins;
  };

  it('marks a short call to its last price: equity owes what buying it back costs, used is its SPAN less that, available the cash less SPAN', async () => {
    // SPAN is priced on the index (spot, volatility), not on the option's quote: the quote before the sale
    // is the position's margin after it, the clock not having moved.
    const { margin } = await marginsOf(desk, [desk.order(atmCall, 'SELL', desk.lotSize)]);
    expect(margin).toBeGreaterThan(10_000);
    expect((await desk.place(atmCall, 'SELL', desk.lotSize)).status).toBe('COMPLETE');
    market.set(atmCall, { bid: 129.75, ask: 130.25, last: 130, close: 110 });
    const book = await desk.positionBook();
    const [position] = book.net;
    const cash = 500000 + position!.sell_value - position!.charges;
    const buyBack = desk.lotSize * 130;
    expect(book.margins.equity).toBeCloseTo(cash - buyBack, 2);
    expect(book.margins.used).toBeCloseTo(margin - buyBack, 2);
    expect(book.margins.available).toBeCloseTo(cash - margin, 2);
  });

  it('holds a working limit sell\'s margin but not its premium, which it receives rather than pays', async () => {
    const { margin } = await marginsOf(desk, [desk.order(atmCall, 'SELL', desk.lotSize)]);
    const working = await desk.place(atmCall, 'SELL', desk.lotSize, { order_type: 'LIMIT', price: 140 });
    expect(working.status).toBe('OPEN');
    const book = await desk.positionBook();
    expect(book.margins.used).toBeCloseTo(margin, 2);
    expect(book.margins.available).toBeCloseTo(500000 - margin, 2);
  });

  it('quotes a limit buy at its limit price, not at the offer', async () => {
    const quote = await marginsOf(desk, [desk.order(atmCall, 'BUY', desk.lotSize, { order_type: 'LIMIT', price: 100 })]);
    expect(quote.premium).toBe(100 * desk.lotSize);
  });

  it('quotes a sell with no premium to pay, and a market sell\'s charges at the bid it fills at', async () => {
    // A wide spread: the charges on a sale at ₹100 and at ₹140 differ by rupees (STT is on the sale's value).
    market.set(atmCall, { bid: 100, ask: 140, last: 120 });
    const atMarket = await marginsOf(desk, [desk.order(atmCall, 'SELL', desk.lotSize)]);
    const atBid = await marginsOf(desk, [desk.order(atmCall, 'SELL', desk.lotSize, { order_type: 'LIMIT', price: 100 })]);
    const atAsk = await marginsOf(desk, [desk.order(atmCall, 'SELL', desk.lotSize, { order_type: 'LIMIT', price: 140 })]);
    expect(atMarket.premium).toBe(0);
    expect(atMarket.charges).toBe(atBid.charges);
    expect(atAsk.charges).toBeGreaterThan(atBid.charges + 1);
    expect(atMarket.required).toBeCloseTo(atMarket.margin + atMarket.charges, 2);
  });

  it('says how much the order needs and how much is available when it refuses one for funds, in figures a translation can show', async () => {
    const small = await openDesk(server, call, 1000);
    const refused = await small.place(atmCall, 'BUY', small.lotSize);
    expect(refused.status).toBe('REJECTED');
    const { required } = await marginsOf(small, [small.order(atmCall, 'BUY', small.lotSize)]);
    expect(refused.status_message_i18n).toEqual({ code: 'order.insufficient_funds', params: { required, available: 1000 } });
  });

  it('counts in a portfolio\'s margin used its short call as the account\'s funds do: its SPAN less its value, the same figure as the position book\'s', async () => {
    const { margin } = await marginsOf(desk, [desk.order(atmCall, 'SELL', desk.lotSize)]);
    const portfolio = await createPortfolio(call, desk.token, desk.account.id);
    const sold = await desk.trade('placeTrades', { orders: [desk.order(atmCall, 'SELL', desk.lotSize)], portfolio_id: portfolio.id });
    expect(sold.body.orders[0]?.status).toBe('COMPLETE');
    const summary = await call<{ data: { margin_used: number } }>('getPositionSummary', { token: desk.token, params: { id: portfolio.id } });
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    // Issue 36: the Position book read "used ₹39,634" and Positions "₹46,480" for the same positions.
    expect(summary.body.data.margin_used).toBeCloseTo(margin - desk.lotSize * 120.25, 2);
    expect(summary.body.data.margin_used).toBe((await desk.positionBook()).margins.used);
  });

  it('still answers the funds and a portfolio\'s margin while a long option it holds has no price, valuing it at nothing', async () => {
    const portfolio = await createPortfolio(call, desk.token, desk.account.id);
    const bought = await desk.trade('placeTrades', { orders: [desk.order(atmCall, 'BUY', desk.lotSize)], portfolio_id: portfolio.id });
    expect(bought.body.orders[0]?.status).toBe('COMPLETE');
    market.unset(atmCall);
    const book = await desk.positionBook();
    const [position] = book.net;
    expect(book.margins.used).toBe(0);
    expect(book.margins.equity).toBeCloseTo(500000 - position!.buy_value - position!.charges, 2);
    const summary = await call<{ data: { margin_used: number } }>('getPositionSummary', { token: desk.token, params: { id: portfolio.id } });
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body.data.margin_used).toBe(0);
  });

  describe('after the close', () => {
    // Friday 20 November closed at 15:30 IST; the next open is Monday 23 November, 09:15 IST.
    const closedAt = new Date('2026-11-20T10:00:00Z');
    const nextOpen = new Date('2026-11-23T03:45:00Z');
    let start = 0;

    beforeEach(() => {
      start = server.clock.now().getTime();
      server.clock.advance(Date.parse('2026-11-20T18:00:00+05:30') - start);
      market.open(false, { nextOpen, closedAt });
    });

    afterAll(() => {
      server.clock.advance(start - server.clock.now().getTime());
      market.open(true);
    });

    it('blocks a held after-market buy\'s premium in the funds, and counts it against the next one: two that fit one at a time are not both taken', async () => {
      // ₹10,000 of capital; each limit buy of one lot at ₹100 holds ₹6,500 of premium until the open.
      const small = await openDesk(server, call, 10_000);
      const limit = { order_type: 'LIMIT', price: 100 };
      const first = await small.place(atmCall, 'BUY', small.lotSize, limit);
      expect(first).toMatchObject({ status: 'OPEN', variety: 'amo' });
      const book = await small.positionBook();
      expect(book.margins.used).toBe(100 * small.lotSize);
      expect(book.margins.available).toBe(10_000 - 100 * small.lotSize);
      const second = await small.place(atmCall, 'BUY', small.lotSize, limit);
      expect(second.status).toBe('REJECTED');
      expect(second.status_message).toContain('Insufficient funds');
    });
  });
});

describe.each(testBackends)('an order\'s margin while the market moves under the request, on %s', (backend) => {
  // Ticks commit while a request reads (PostgreSQL's read committed): each read of NIFTY's pricing here finds
  // the index 20 points higher than the last. BANKNIFTY stays put.
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let niftyReads = 0;

  beforeAll(async () => {
    const clock = manualClock(friday);
    market = scriptedMarket(clock);
    const moving = {
      ...market.source,
      pricing: async (...args: Parameters<typeof market.source.pricing>) => {
        const pricing = await market.source.pricing(...args);
        if (args[0] !== 'NIFTY') return { ...pricing, spot: 59_000 };
        niftyReads += 1;
        return { ...pricing, spot: pricing.spot + 20 * niftyReads };
      },
    };
    server = await startTestServer({ backend, clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: moving });
    call = guardedClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  it('prices the account\'s book once, before and after the order alike: an order on another index changes its margin by that order\'s own', async () => {
    market.spot(26050);
    const desk = await openDesk(server, call);
    const niftyCall = desk.contract(desk.atm, 'CE').tradingsymbol;
    market.set(niftyCall, { bid: 120, ask: 120.5, last: 120.25 });
    expect((await desk.place(niftyCall, 'SELL', desk.lotSize)).status).toBe('COMPLETE');

    const expiries = await call<components['schemas']['ExpiriesResponse']>('getExpiries', { token: desk.token, query: { index: 'BANKNIFTY' } });
    const listed = await call<components['schemas']['InstrumentsResponse']>('getInstruments', {
      token: desk.token,
      query: { index: 'BANKNIFTY', expiry: expiries.body.expiries[0]!.date },
    });
    const bankCall = listed.body.instruments.find((instrument) => instrument.strike === 59_000 && instrument.instrument_type === 'CE')!;
    market.set(bankCall.tradingsymbol, { bid: 300, ask: 301, last: 300.5 });
    const res = await call<components['schemas']['OrderMarginsResponse']>('getOrderMargins', {
      token: desk.token,
      body: { account_number: desk.accountNumber, orders: [{ ...desk.order(bankCall.tradingsymbol, 'SELL', listed.body.lot_size) }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { margin, standalone } = res.body.margins;
    expect(margin).toBeGreaterThan(10_000);
    // On an empty account it would need its standalone margin; the NIFTY short beside it is no hedge.
    expect(margin).toBe(standalone.margin);
  });
});
