// A live account's demat holdings on Upstox, Dhan and the Noren brokers (issue 63), through the one broker-neutral
// path Kite's take (kite-live/kite-holdings.test.ts): each broker's holdings read (Upstox's long-term-holdings,
// Dhan's /v2/holdings, Noren's Holdings with prd C) shown in the position book with the stock StrikeDesk names
// (Noren's RELIANCE-EQ is RELIANCE), a sale placed with the broker's own CNC product on its equity segment under the
// holding's key and the Idempotency-Key's tag, a sale whose answer was lost found by that tag without a second order,
// and the holdings UNKNOWN (never none) once the broker session is over, while an account holding nothing reads
// none. Each broker's test server answers holdings and CNC orders as its documentation has them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends, type TestBackend } from '../support/test-database.ts';
import { openDhanDesk, startDhanStack } from '../dhan/dhan-desk.ts';
import { openNorenDesk, startNorenStack } from '../noren/noren-desk.ts';
import { openUpstoxDesk, startUpstoxStack } from '../upstox-live/upstox-desk.ts';

type Schemas = components['schemas'];
type ErrorBody = { code: string; details?: { text?: { code: string; params: Record<string, unknown> } } };

/** An order as the broker's test server booked it, in words common to the three. */
type AtBroker = { product: string; segment: string; key: string; side: string; quantity: number; price: number };

/** One broker's test server with a logged-in account: its holdings set, its booked orders read, its faults. */
type Rig = {
  call: ContractCall;
  token: string;
  accountNumber: string;
  /** RELIANCE (450 settled, 50 T+1 at ₹1,520, ₹1,600 now) and SAIL (5 at ₹97.35, ₹121.55 now) held. */
  holdRelianceAndSail: () => void;
  tagged: (tag: string) => AtBroker[];
  dropNextPlaceAnswer: () => void;
  expireSession: () => void;
  /** A second later on the shared clock: the broker's reads are shared for a second. */
  tick: () => void;
  close: () => Promise<void>;
};

/** The rig's parts every broker's stack and desk give alike, once the desk's account is logged in. */
async function loggedIn(
  stack: { call: ContractCall; close: () => Promise<void> },
  desk: { token: string; account: { account_number: string }; logIn: () => Promise<{ status: number }> },
): Promise<Pick<Rig, 'call' | 'token' | 'accountNumber' | 'close'>> {
  expect((await desk.logIn()).status).toBe(200);
  return { call: stack.call, token: desk.token, accountNumber: desk.account.account_number, close: () => stack.close() };
}

/** The broker's booked orders carrying `tag` (in its own field), in words common to the three. */
const taggedWith =
  <T>(orders: () => readonly T[], tagOf: (order: T) => string | null, view: (order: T) => AtBroker) =>
  (tag: string) =>
    orders()
      .filter((order) => tagOf(order) === tag)
      .map(view);

type Broker = {
  name: string;
  start: (backend: TestBackend) => Promise<Rig>;
  /** The sale of RELIANCE as the broker books it: its CNC product, equity segment and key. */
  relianceSale: Omit<AtBroker, 'side' | 'quantity' | 'price'>;
};

const dhan: Broker = {
  name: 'Dhan',
  relianceSale: { product: 'CNC', segment: 'NSE_EQ', key: '2885' },
  async start(backend) {
    const stack = await startDhanStack(backend);
    const desk = await openDhanDesk(stack);
    return {
      ...(await loggedIn(stack, desk)),
      holdRelianceAndSail: () =>
        stack.dhan.control.setHoldings(desk.clientId, [
          { securityId: '2885', tradingSymbol: 'RELIANCE', isin: 'INE002A01018', exchange: 'ALL', totalQty: 500, t1Qty: 50, avgCostPrice: 1520, lastTradedPrice: 1600 },
          { securityId: '2963', tradingSymbol: 'SAIL', isin: 'INE114A01011', exchange: 'NSE', totalQty: 5, avgCostPrice: 97.35, lastTradedPrice: 121.55 },
        ]),
      tagged: taggedWith(
        () => stack.dhan.control.orders(desk.clientId),
        (order) => order.correlationId,
        (order) => ({ product: order.productType, segment: order.exchangeSegment, key: order.securityId, side: order.transactionType, quantity: order.quantity, price: order.price }),
      ),
      dropNextPlaceAnswer: stack.dhan.control.dropNextPlaceAnswer,
      expireSession: () => stack.dhan.control.expireAllTokens(desk.clientId),
      tick: () => stack.clock.advance(1000),
    };
  },
};

/** Shoonya or Flattrade: the Noren brokers, one adapter and one test server in each broker's configuration. */
const noren = (flavor: 'shoonya' | 'flattrade', name: string): Broker => ({
  name,
  relianceSale: { product: 'C', segment: 'NSE', key: 'RELIANCE-EQ' },
  async start(backend) {
    const stack = await startNorenStack(backend, flavor);
    const desk = await openNorenDesk(stack);
    return {
      ...(await loggedIn(stack, desk)),
      holdRelianceAndSail: () =>
        stack.noren.control.setHoldings(desk.userId, [
          { tsym: 'RELIANCE-EQ', token: '2885', bseToken: '500325', isin: 'INE002A01018', holdqty: 450, btstqty: 50, upldprc: 1520, last: 1600 },
          { tsym: 'SAIL-EQ', token: '2963', isin: 'INE114A01011', holdqty: 5, upldprc: 97.35, last: 121.55 },
        ]),
      tagged: taggedWith(
        () => stack.noren.control.orders(desk.userId),
        (order) => order.remarks,
        (order) => ({ product: order.prd, segment: order.exch, key: order.tsym, side: order.trantype === 'S' ? 'SELL' : 'BUY', quantity: Number(order.qty), price: Number(order.prc) }),
      ),
      dropNextPlaceAnswer: stack.noren.control.dropNextPlaceAnswer,
      expireSession: () => stack.noren.control.endSessions(desk.userId),
      tick: () => stack.clock.advance(1000),
    };
  },
});

const upstox: Broker = {
  name: 'Upstox',
  relianceSale: { product: 'D', segment: 'NSE', key: 'NSE_EQ|INE002A01018' },
  async start(backend) {
    const stack = await startUpstoxStack(backend);
    const desk = await openUpstoxDesk(stack);
    return {
      ...(await loggedIn(stack, desk)),
      holdRelianceAndSail: () =>
        stack.upstox.control.setHoldings(desk.ucc, [
          { isin: 'INE002A01018', trading_symbol: 'RELIANCE', quantity: 450, t1_quantity: 50, average_price: 1520, last: 1600 },
          { isin: 'INE114A01011', trading_symbol: 'SAIL', quantity: 5, average_price: 97.35, last: 121.55 },
        ]),
      tagged: taggedWith(
        () => stack.upstox.control.orders(desk.ucc),
        (order) => order.tag,
        (order) => ({ product: order.product, segment: order.exchange, key: order.instrument_token, side: order.transaction_type, quantity: order.quantity, price: order.price }),
      ),
      dropNextPlaceAnswer: stack.upstox.control.dropNextPlaceAnswer,
      expireSession: () => stack.upstox.control.expireAllTokens(desk.input.api_key),
      tick: () => stack.server.clock.advance(1000),
    };
  },
};

const brokers: Broker[] = [upstox, dhan, noren('shoonya', 'Shoonya'), noren('flattrade', 'Flattrade')];

describe.each(testBackends.flatMap((backend) => brokers.map((broker) => [broker.name, backend, broker] as const)))('a %s account holdings on %s', (_name, backend, broker) => {
  let rig: Rig;

  beforeAll(async () => {
    rig = await broker.start(backend);
  });

  afterAll(async () => {
    await rig.close();
  });

  const sell = (body: Record<string, unknown>, key: string) => {
    rig.tick();
    return rig.call<Schemas['OrdersResponse'] | ErrorBody>('placeHoldingOrder', { token: rig.token, params: { accountNumber: rig.accountNumber }, body, headers: { 'idempotency-key': key } });
  };
  const positionBook = () => {
    rig.tick();
    return rig.call<Schemas['PositionBookResponse']>('getPositionBook', { token: rig.token, params: { accountNumber: rig.accountNumber } });
  };
  const brokerHoldings = async () => {
    const book = await positionBook();
    expect(book.status, JSON.stringify(book.body)).toBe(200);
    return book.body.position_book.broker_holdings;
  };

  it('reads an account holding nothing as none, not as unknown (Dhan answers DH-1111, Noren "no data")', async () => {
    expect(await brokerHoldings()).toMatchObject({ status: 'OK', holdings: [] });
  });

  it("shows the broker's holdings under StrikeDesk's names and sells one with the broker's CNC product and the key's tag", async () => {
    rig.holdRelianceAndSail();
    const before = await brokerHoldings();
    expect(before?.status).toBe('OK');
    expect(before?.holdings).toEqual([
      { exchange: 'NSE', tradingsymbol: 'RELIANCE', isin: 'INE002A01018', shares: 500, sellable: 500, average_price: 1520, last_price: 1600, value: 800_000, pnl: 40_000 },
      { exchange: 'NSE', tradingsymbol: 'SAIL', isin: 'INE114A01011', shares: 5, sellable: 5, average_price: 97.35, last_price: 121.55, value: 607.75, pnl: 121 },
    ]);

    const sold = await sell({ symbol: 'RELIANCE', side: 'SELL', quantity: 300, order_type: 'LIMIT', price: 1590 }, 'cnc-sale-1');
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    const [order] = (sold.body as Schemas['OrdersResponse']).orders;
    expect(order).toMatchObject({ exchange: 'NSE', tradingsymbol: 'RELIANCE', product: 'CNC', transaction_type: 'SELL', order_type: 'LIMIT', quantity: 300, tag: 'cnc-sale-1', status: 'COMPLETE' });
    expect(rig.tagged('cnc-sale-1')).toEqual([{ ...broker.relianceSale, side: 'SELL', quantity: 300, price: 1590 }]);

    rig.tick();
    const book = await rig.call<Schemas['OrderBookResponse']>('getOrderBook', { token: rig.token, params: { accountNumber: rig.accountNumber } });
    expect(book.body.order_book.find((row) => row.order_id === order!.order_id)).toMatchObject({ tradingsymbol: 'RELIANCE', product: 'CNC', status: 'COMPLETE' });
    expect(book.body.trades.filter((row) => row.order_id === order!.order_id)).toEqual([expect.objectContaining({ tradingsymbol: 'RELIANCE', product: 'CNC', quantity: 300 })]);

    // The broker counts what was sold today: 200 left to sell, 300 more refused before anything is sent.
    expect((await brokerHoldings())?.holdings?.[0]).toMatchObject({ tradingsymbol: 'RELIANCE', shares: 500, sellable: 200 });
    const tooMany = await sell({ symbol: 'RELIANCE', side: 'SELL', quantity: 300, order_type: 'LIMIT', price: 1590 }, 'cnc-sale-too-many');
    expect(tooMany.status).toBe(422);
    expect((tooMany.body as ErrorBody).details?.text).toEqual({ code: 'holding.more_than_held', params: { symbol: 'RELIANCE', asked: 300, held: 200 } });
    expect(rig.tagged('cnc-sale-too-many')).toHaveLength(0);
  });

  it('modifies and cancels a resting sale through the broker, under the stock as the broker names it', async () => {
    rig.holdRelianceAndSail();
    const resting = await sell({ symbol: 'RELIANCE', side: 'SELL', quantity: 10, order_type: 'LIMIT', price: 1700 }, 'cnc-resting-1');
    expect(resting.status, JSON.stringify(resting.body)).toBe(200);
    const [order] = (resting.body as Schemas['OrdersResponse']).orders;
    expect(order).toMatchObject({ tradingsymbol: 'RELIANCE', product: 'CNC', status: 'OPEN' });

    rig.tick();
    const body = { account_number: rig.accountNumber, order_id: order!.order_id, price: 1690 };
    const modified = await rig.call<Schemas['OrdersResponse']>('modifyOrder', { token: rig.token, body, headers: { 'idempotency-key': 'cnc-modify-1' } });
    expect(modified.status, JSON.stringify(modified.body)).toBe(200);
    expect(rig.tagged('cnc-resting-1')).toEqual([{ ...broker.relianceSale, side: 'SELL', quantity: 10, price: 1690 }]);

    rig.tick();
    const cancel = { account_number: rig.accountNumber, order_ids: [order!.order_id] };
    const cancelled = await rig.call<Schemas['OrdersResponse']>('cancelOrder', { token: rig.token, body: cancel, headers: { 'idempotency-key': 'cnc-cancel-1' } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.orders).toEqual([expect.objectContaining({ order_id: order!.order_id, status: 'CANCELLED' })]);
  });

  it('finds a sale whose answer was lost by its tag, and answers it as placed, once', async () => {
    rig.holdRelianceAndSail();
    rig.dropNextPlaceAnswer();
    const sold = await sell({ symbol: 'SAIL', side: 'SELL', quantity: 5, order_type: 'LIMIT', price: 121 }, 'cnc-dropped-1');
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect((sold.body as Schemas['OrdersResponse']).orders).toEqual([expect.objectContaining({ tradingsymbol: 'SAIL', product: 'CNC', tag: 'cnc-dropped-1' })]);
    expect(rig.tagged('cnc-dropped-1')).toHaveLength(1);
    const again = await sell({ symbol: 'SAIL', side: 'SELL', quantity: 5, order_type: 'LIMIT', price: 121 }, 'cnc-dropped-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(rig.tagged('cnc-dropped-1')).toHaveLength(1);
  });

  it('reads the holdings as UNKNOWN once the session is over, never as none', async () => {
    rig.holdRelianceAndSail();
    rig.expireSession();
    // The first read meets the broker's refusal of the token; the next knows the session ended.
    const first = await positionBook();
    if (first.status === 200) expect(first.body.position_book.broker_holdings).toMatchObject({ status: 'UNKNOWN', holdings: null });
    const second = await brokerHoldings();
    expect(second).toMatchObject({ status: 'UNKNOWN', holdings: null });
    const refused = await sell({ symbol: 'RELIANCE', side: 'SELL', quantity: 10, order_type: 'LIMIT', price: 1590 }, 'cnc-no-session');
    expect((refused.body as ErrorBody).code).toBe('broker_session_expired');
    expect(rig.tagged('cnc-no-session')).toHaveLength(0);
  });
});
