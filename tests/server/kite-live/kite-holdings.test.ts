// A Kite account's demat holdings (issue 63): the shares its deliveries left there are Kite's holdings
// (GET /portfolio/holdings), shown in the position book as Kite has them and sold through the live order path like
// every order: product CNC, the key's tag, found again by that tag when Kite's answer is lost, never placed twice.
// Without a session the holdings are UNKNOWN, never an empty list.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { testBackends } from '../support/test-database.ts';
import { useKiteDesk } from './kite-desk.ts';

type Schemas = components['schemas'];
type ErrorBody = { code: string; details?: { text?: { code: string; params: Record<string, unknown> } } };

describe.each(testBackends)('selling a Kite account holdings on %s', (backend) => {
  const live = useKiteDesk(backend);

  const listReliance = () => {
    const { control } = live.stack.kite;
    control.listInstruments([
      { instrument_token: 738561, exchange_token: 2885, tradingsymbol: 'RELIANCE', name: 'RELIANCE', last_price: 1600, expiry: null, strike: 0, tick_size: 0.05, lot_size: 1, instrument_type: 'EQ', segment: 'NSE', exchange: 'NSE', freeze_quantity: 0 },
      { instrument_token: 758529, exchange_token: 2963, tradingsymbol: 'SAIL', name: 'SAIL', last_price: 121.55, expiry: null, strike: 0, tick_size: 0.05, lot_size: 1, instrument_type: 'EQ', segment: 'NSE', exchange: 'NSE', freeze_quantity: 0 },
    ]);
    control.setPrice('NSE:RELIANCE', 1600);
    control.setPrice('NSE:SAIL', 121.55);
    control.setHoldings(live.desk.input.account_number, [
      { tradingsymbol: 'RELIANCE', exchange: 'NSE', instrument_token: 738561, isin: 'INE002A01018', quantity: 450, t1_quantity: 50, average_price: 1520 },
      { tradingsymbol: 'SAIL', exchange: 'NSE', instrument_token: 758529, isin: 'INE114A01011', quantity: 5, average_price: 97.35, last_price: 121.55 },
    ]);
  };
  const sell = (body: Record<string, unknown>, key: string) =>
    live.stack.call<Schemas['OrdersResponse'] | ErrorBody>('placeHoldingOrder', {
      token: live.desk.token,
      params: { accountNumber: live.desk.accountNumber },
      body,
      headers: { 'idempotency-key': key },
    });
  const brokerHoldings = async () => {
    const book = await live.desk.positionBook();
    expect(book.status, JSON.stringify(book.body)).toBe(200);
    return book.body.position_book.broker_holdings;
  };
  const atKiteTagged = (tag: string) => live.stack.kite.control.orders().filter((order) => order!.tag === tag);

  it("shows Kite's holdings and sells one as a CNC order with the key's tag, in the order book", async () => {
    listReliance();
    const before = await brokerHoldings();
    expect(before?.status).toBe('OK');
    // Shares not yet delivered (T+1) count, and can be sold (Kite's BTST).
    expect(before?.holdings).toEqual([
      { exchange: 'NSE', tradingsymbol: 'RELIANCE', isin: 'INE002A01018', shares: 500, sellable: 500, average_price: 1520, last_price: 1600, value: 800_000, pnl: 40_000 },
      { exchange: 'NSE', tradingsymbol: 'SAIL', isin: 'INE114A01011', shares: 5, sellable: 5, average_price: 97.35, last_price: 121.55, value: 607.75, pnl: 121 },
    ]);

    const sold = await sell({ symbol: 'RELIANCE', side: 'SELL', quantity: 300, order_type: 'LIMIT', price: 1590 }, 'cnc-sale-1');
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    const [order] = (sold.body as Schemas['OrdersResponse']).orders;
    expect(order).toMatchObject({ exchange: 'NSE', tradingsymbol: 'RELIANCE', product: 'CNC', transaction_type: 'SELL', order_type: 'LIMIT', quantity: 300, tag: 'cnc-sale-1', status: 'COMPLETE' });
    expect(atKiteTagged('cnc-sale-1')).toEqual([expect.objectContaining({ product: 'CNC', exchange: 'NSE', tradingsymbol: 'RELIANCE', quantity: 300 })]);

    const book = await live.desk.orderBook();
    expect(book.body.order_book.find((row) => row.order_id === order!.order_id)).toMatchObject({ product: 'CNC', status: 'COMPLETE' });
    expect(book.body.trades.filter((row) => row.order_id === order!.order_id)).toEqual([expect.objectContaining({ product: 'CNC', quantity: 300 })]);

    // Kite counts what was sold today: 200 left to sell.
    const after = await brokerHoldings();
    expect(after?.holdings?.[0]).toMatchObject({ tradingsymbol: 'RELIANCE', shares: 500, sellable: 200 });
    const tooMany = await sell({ symbol: 'RELIANCE', side: 'SELL', quantity: 300, order_type: 'MARKET' }, 'cnc-sale-too-many');
    expect(tooMany.status).toBe(422);
    expect((tooMany.body as ErrorBody).details?.text).toEqual({ code: 'holding.more_than_held', params: { symbol: 'RELIANCE', asked: 300, held: 200 } });
    // A live account owes no shares to buy back here, and holds no INFY.
    expect(((await sell({ symbol: 'RELIANCE', side: 'BUY', quantity: 10, order_type: 'MARKET' }, 'cnc-buy-back-1')).body as ErrorBody).details?.text?.code).toBe('holding.none_owed');
    expect(((await sell({ symbol: 'INFY', side: 'SELL', quantity: 10, order_type: 'MARKET' }, 'cnc-infy-sale-1')).body as ErrorBody).details?.text?.code).toBe('holding.none_held');
    expect(atKiteTagged('cnc-sale-too-many')).toHaveLength(0);
  });

  it("finds a sale whose answer Kite dropped by its tag, and answers it as placed, once", async () => {
    listReliance();
    live.stack.kite.control.dropNextPlaceAnswer();
    const sold = await sell({ symbol: 'SAIL', side: 'SELL', quantity: 5, order_type: 'MARKET' }, 'cnc-dropped-1');
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect((sold.body as Schemas['OrdersResponse']).orders).toEqual([expect.objectContaining({ tradingsymbol: 'SAIL', product: 'CNC', tag: 'cnc-dropped-1' })]);
    expect(atKiteTagged('cnc-dropped-1')).toHaveLength(1);
    const again = await sell({ symbol: 'SAIL', side: 'SELL', quantity: 5, order_type: 'MARKET' }, 'cnc-dropped-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(atKiteTagged('cnc-dropped-1')).toHaveLength(1);
  });

  it('reads the holdings as UNKNOWN once the session is over, never as none', async () => {
    listReliance();
    live.stack.kite.control.expireAllTokens();
    // The first read meets Kite's TokenException; the next knows the session ended.
    const first = await live.desk.positionBook();
    if (first.status === 200) expect(first.body.position_book.broker_holdings).toMatchObject({ status: 'UNKNOWN', holdings: null });
    const second = await brokerHoldings();
    expect(second).toMatchObject({ status: 'UNKNOWN', holdings: null });
    expect(second?.as_of).not.toBeNull();
    const refused = await sell({ symbol: 'RELIANCE', side: 'SELL', quantity: 10, order_type: 'MARKET' }, 'cnc-no-session');
    expect((refused.body as ErrorBody).code).toBe('broker_session_expired');
  });
});
