// A sale of delivered shares is an order like any other to the trader (issue 63): the day's order book lists it beside
// the F&O orders (product CNC on NSE, COMPLETE, the key's tag, the paper broker's order ids) and the trade book its
// fill with its equity delivery charges; a repeated key shows it once; another day's book does not.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { openQuotedDesk, scriptedServerPerFile, type ScriptedMarket } from '../support/paper-desk.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';
import { tagOfKey } from '../../../server/services/trading/idempotency.ts';

type HoldingOrderResponse = components['schemas']['HoldingOrderResponse'];
type OrderBookResponse = components['schemas']['OrderBookResponse'];

describe.each(testBackends)('delivered shares sold in the order book on %s', (backend) => {
  let server: TestServer;
  let market: ScriptedMarket;
  let call: ContractCall;
  scriptedServerPerFile(backend, (started) => ({ server, market, call } = started));

  it('lists the sale as a CNC order and its fill, once per key, on its day only', async () => {
    market.open(true);
    const { desk, atmCall } = await openQuotedDesk({ server, market, call });
    await server.db.query(
      `INSERT INTO paper_deliveries (broker_account_id, portfolio_id, product, instrument_token, tradingsymbol, symbol, contract_kind, expiry, side, shares,
         price_paise, value_paise, stt_paise, stamp_paise, settled_at)
       VALUES ($1, NULL, 'NRML', 1, 'RELIANCE26OCTFUT', 'RELIANCE', 'FUT', '2026-10-27', 'BUY', 500, 150000, 75000000, 0, 0, '2026-10-27T10:11:00Z')`,
      [desk.account.id],
    );
    market.stockSpot('RELIANCE', 1_600);
    const option = await desk.place(atmCall, 'BUY', desk.lotSize);

    const key = randomUUID();
    const sell = (body: Record<string, unknown>, idempotencyKey: string) =>
      call<HoldingOrderResponse>('placeHoldingOrder', { token: desk.token, params: { accountNumber: desk.accountNumber }, body, headers: { 'idempotency-key': idempotencyKey } });
    server.clock.advance(1_000);
    const sold = await sell({ symbol: 'RELIANCE', side: 'SELL', quantity: 300, order_type: 'LIMIT', price: 1_590 }, key);
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect((await sell({ symbol: 'RELIANCE', side: 'SELL', quantity: 300, order_type: 'LIMIT', price: 1_590 }, key)).status).toBe(200);
    const { trade } = sold.body;

    const book = await desk.orderBook();
    // Newest first: the sale, then the option bought a second before it.
    expect(book.order_book.map((order) => [order.tradingsymbol, order.product])).toEqual([
      ['RELIANCE', 'CNC'],
      [option.tradingsymbol, 'NRML'],
    ]);
    const sale = book.order_book[0]!;
    expect(sale).toMatchObject({
      order_id: trade.order_id, account_number: desk.accountNumber, portfolio_id: null, exchange: 'NSE', transaction_type: 'SELL', order_type: 'LIMIT',
      variety: 'regular', validity: 'DAY', quantity: 300, price: 1_590, trigger_price: 0, average_price: 1_600, filled_quantity: 300, pending_quantity: 0,
      cancelled_quantity: 0, status: 'COMPLETE', status_message: null, tag: tagOfKey(key), order_timestamp: trade.traded_at, modifications: 0,
    });
    // The paper broker's order ids: IST date and 9 digits, never another order's.
    expect(sale.order_id).toMatch(/^261120\d{9}$/);
    expect(sale.order_id).not.toBe(option.order_id);

    // STT ₹480.00, NSE ₹14.74, SEBI ₹0.48, DP ₹13.00, GST ₹5.08 (holding-sales.test.ts works them): ₹513.30.
    const fills = book.trades.filter((fill) => fill.order_id === trade.order_id);
    expect(fills).toEqual([
      expect.objectContaining({ tradingsymbol: 'RELIANCE', exchange: 'NSE', product: 'CNC', transaction_type: 'SELL', quantity: 300, average_price: 1_600, charges: 513.3, call_and_trade: null, fill_timestamp: trade.traded_at }),
    ]);
    expect(book.trades[0]!.order_id).toBe(trade.order_id);

    // Asked for what changed since just after the option: only the sale.
    const since = new Date(Date.parse(trade.traded_at) - 500 + 30_000).toISOString();
    const changed = await call<OrderBookResponse>('getOrderBook', { token: desk.token, params: { accountNumber: desk.accountNumber }, query: { updated_since: since } });
    expect(changed.status).toBe(200);
    expect(changed.body.order_book.map((order) => order.order_id)).toEqual([trade.order_id]);

    // Another day's book has none of it.
    const before = await call<OrderBookResponse>('getOrderBook', { token: desk.token, params: { accountNumber: desk.accountNumber }, query: { start_date: '2026-11-19' } });
    expect(before.body.order_book.some((order) => order.product === 'CNC')).toBe(false);
    expect(before.body.trades.some((fill) => fill.product === 'CNC')).toBe(false);
  });
});
