// Stop-loss, target and square-off on a position as the Position book shows it (the account's position netted
// across portfolios: requests without a portfolio) and as Positions shows it (one portfolio's share), through
// the routes the app calls, for a long and a short, MIS and NRML (issue 36: from the Position book every
// stop-loss was refused, "BUY at most 0: there is no open position", naming the wrong side for a long).
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, scriptedServerPerFile, type Desk, type Order, type ScriptedMarket } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { createPortfolio } from '../support/trading.ts';
import type { TestServer } from '../support/test-server.ts';

type Product = 'MIS' | 'NRML';
type Direction = 'long' | 'short';

const cases: Array<[Product, Direction]> = [
  ['MIS', 'long'],
  ['MIS', 'short'],
  ['NRML', 'long'],
  ['NRML', 'short'],
];

describe.each(testBackends)('protecting and closing a position from the Position book and from a portfolio on %s', (backend) => {
  let server: TestServer;
  let market: ScriptedMarket;
  let call: ContractCall;
  let desk: Desk;
  let atmCall: string;

  scriptedServerPerFile(backend, (started) => ({ server, market, call } = started));

  // As openQuotedDesk, with ₹20 lakh: three lots sold short need some ₹5.8 lakh of margin.
  beforeEach(async () => {
    server.clock.advance(60_000);
    market.demo(true);
    market.open(true);
    market.spot(26050);
    desk = await openDesk(server, call, 2_000_000);
    atmCall = desk.contract(desk.atm, 'CE').tradingsymbol;
    market.set(atmCall, { bid: 120, ask: 120.5, last: 120.25, close: 110 });
  });

  /** One lot in portfolio A and two in portfolio B, bought for a long or sold for a short: the book nets three lots. */
  async function openInTwoPortfolios(product: Product, direction: Direction) {
    const a = await createPortfolio(call, desk.token, desk.account.id, 100000, 'A');
    const b = await createPortfolio(call, desk.token, desk.account.id, 100000, 'B');
    const open = direction === 'long' ? 'BUY' : 'SELL';
    const lot = desk.lotSize;
    for (const [portfolio, lots] of [[a, 1], [b, 2]] as const) {
      const res = await desk.trade('placeTrades', { orders: [desk.order(atmCall, open, lots * lot, { product })], portfolio_id: portfolio.id });
      expect(res.body.orders[0]?.status, JSON.stringify(res.body)).toBe('COMPLETE');
    }
    const [row] = (await desk.positionBook()).net;
    expect(row).toMatchObject({ tradingsymbol: atmCall, product, portfolio_id: null, quantity: (direction === 'long' ? 3 : -3) * lot });
    // The side that reduces it, and protective prices on the right side of the market (₹120 / ₹120.50).
    const close = direction === 'long' ? ('SELL' as const) : ('BUY' as const);
    const prices = direction === 'long' ? { trigger: 100, limit: 99, target: 150 } : { trigger: 140, limit: 141, target: 90 };
    return { a, b, lot, close, prices, ref: { tradingsymbol: atmCall, exchange: 'NFO', product } };
  }

  const portfolioQuantity = async (portfolioId: number) => {
    const res = await call<components['schemas']['PositionsResponse']>('getPositions', { token: desk.token, params: { portfolioId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.positions.find((position) => position.tradingsymbol === atmCall)?.quantity ?? 0;
  };

  it.each(cases)('%s %s: the book\'s stop-loss and target go on each portfolio\'s share, pair there, and the target\'s fill leaves every share flat', async (product, direction) => {
    const { a, b, lot, close, prices, ref } = await openInTwoPortfolios(product, direction);
    // As the Position book sends them: no portfolio, the whole netted quantity.
    const stopKey = randomUUID();
    const stop = await desk.trade('placeStopLossOrder', { ...ref, transaction_type: close, quantity: 3 * lot, order_type: 'SL', trigger_price: prices.trigger, price: prices.limit }, stopKey);
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body.orders.map((order: Order) => [order.portfolio_id, order.transaction_type, order.quantity, order.status])).toEqual([
      [a.id, close, lot, 'TRIGGER PENDING'],
      [b.id, close, 2 * lot, 'TRIGGER PENDING'],
    ]);
    // The same intent sent again is answered as it was, nothing placed twice.
    const again = await desk.trade('placeStopLossOrder', { ...ref, transaction_type: close, quantity: 3 * lot, order_type: 'SL', trigger_price: prices.trigger, price: prices.limit }, stopKey);
    expect(again.body.orders.map((order: Order) => order.order_id)).toEqual(stop.body.orders.map((order: Order) => order.order_id));
    server.clock.advance(1000);
    const target = await desk.trade('placeTargetOrder', { ...ref, transaction_type: close, quantity: 3 * lot, price: prices.target });
    expect(target.status, JSON.stringify(target.body)).toBe(200);
    expect(target.body.orders.map((order: Order) => [order.portfolio_id, order.order_type, order.quantity, order.status])).toEqual([
      [a.id, 'LIMIT', lot, 'OPEN'],
      [b.id, 'LIMIT', 2 * lot, 'OPEN'],
    ]);

    market.set(atmCall, direction === 'long' ? { bid: 150, ask: 150.5, last: 150.25 } : { bid: 89.5, ask: 90, last: 89.75 });
    await desk.tick();
    const book = new Map((await desk.orderBook()).order_book.map((order) => [order.order_id, order]));
    for (const order of target.body.orders as Order[]) expect(book.get(order.order_id)?.status).toBe('COMPLETE');
    for (const order of stop.body.orders as Order[]) expect(book.get(order.order_id)).toMatchObject({ status: 'CANCELLED', status_message: expect.stringContaining('one cancels the other') });
    expect((await desk.positionBook()).net[0]?.quantity).toBe(0);
    expect([await portfolioQuantity(a.id), await portfolioQuantity(b.id)]).toEqual([0, 0]);
  });

  it.each(cases)('%s %s: from a portfolio (Positions) a stop-loss and a target go on that portfolio\'s share only', async (product, direction) => {
    const { a, b, lot, close, prices, ref } = await openInTwoPortfolios(product, direction);
    const stop = await desk.trade('placeStopLossOrder', { ...ref, portfolio_id: b.id, transaction_type: close, quantity: 2 * lot, order_type: 'SL', trigger_price: prices.trigger, price: prices.limit });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    expect(stop.body.orders.map((order: Order) => [order.portfolio_id, order.quantity])).toEqual([[b.id, 2 * lot]]);
    const target = await desk.trade('placeTargetOrder', { ...ref, portfolio_id: a.id, transaction_type: close, quantity: lot, price: prices.target });
    expect(target.body.orders.map((order: Order) => [order.portfolio_id, order.quantity])).toEqual([[a.id, lot]]);
  });

  it.each(cases)('%s %s: a refusal names the side that reduces the position and what is open, and places nothing', async (product, direction) => {
    const { a, lot, close, prices, ref } = await openInTwoPortfolios(product, direction);
    const wrong = close === 'SELL' ? 'BUY' : 'SELL';
    const held = direction === 'long' ? 'long' : 'short';
    const before = (await desk.orderBook()).order_book.length;
    const refusals = [
      // The book's position, on the wrong side.
      [{ ...ref, transaction_type: wrong, quantity: lot }, { side: close, most: 3 * lot, position: held }],
      // The book's position, more than it holds.
      [{ ...ref, transaction_type: close, quantity: 4 * lot }, { side: close, most: 3 * lot, position: held }],
      // Portfolio A's share (one lot), asked for two.
      [{ ...ref, portfolio_id: a.id, transaction_type: close, quantity: 2 * lot }, { side: close, most: lot, position: held }],
    ] as const;
    for (const [body, params] of refusals) {
      const res = await desk.trade('placeStopLossOrder', { ...body, order_type: 'SL', trigger_price: prices.trigger, price: prices.limit });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body).toMatchObject({ code: 'order_not_reducing', field: 'quantity', details: { text: { code: 'refusal.not_reducing', params: { kind: 'stoploss', ...params } } } });
      expect(res.body.message).toBe(`A stop-loss must reduce the position (${close} at most ${params.most}): the position is ${held} ${params.most}.`);
    }
    // A contract with nothing open: the sentence names it rather than a side.
    const put = desk.contract(desk.atm, 'PE').tradingsymbol;
    const none = await desk.trade('placeTargetOrder', { tradingsymbol: put, exchange: 'NFO', product, transaction_type: close, quantity: lot, price: prices.target });
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ code: 'order_not_reducing', details: { text: { params: { kind: 'target', most: 0, position: 'none', tradingsymbol: put, product } } } });
    expect(none.body.message).toBe(`A target needs an open position to reduce: there is no open ${product} position in ${put}.`);
    expect((await desk.orderBook()).order_book).toHaveLength(before);
  });

  it.each(cases)('%s %s: square-off from the book closes every portfolio\'s share, one position or several', async (product, direction) => {
    const { a, b, lot, close, ref } = await openInTwoPortfolios(product, direction);
    const put = desk.contract(desk.atm, 'PE').tradingsymbol;
    market.set(put, { bid: 130, ask: 130.5, last: 130.25, close: 140 });
    const opened = await desk.trade('placeTrades', { orders: [desk.order(put, direction === 'long' ? 'BUY' : 'SELL', lot, { product })], portfolio_id: a.id });
    expect(opened.body.orders[0]?.status).toBe('COMPLETE');
    server.clock.advance(1000);
    const one = await desk.trade('executeOrder', { action: 'squareoff', ...ref });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.orders.map((order: Order) => [order.portfolio_id, order.transaction_type, order.quantity, order.status])).toEqual([
      [a.id, close, lot, 'COMPLETE'],
      [b.id, close, 2 * lot, 'COMPLETE'],
    ]);
    expect([await portfolioQuantity(a.id), await portfolioQuantity(b.id)]).toEqual([0, 0]);
    const several = await desk.trade('squareoffTrades', { positions: [ref, { tradingsymbol: put, exchange: 'NFO', product }] });
    expect(several.status, JSON.stringify(several.body)).toBe(200);
    expect(several.body.orders.map((order: Order) => [order.tradingsymbol, order.portfolio_id, order.quantity])).toEqual([[put, a.id, lot]]);
    expect((await desk.positionBook()).net.every((position) => position.quantity === 0)).toBe(true);
  });
});
