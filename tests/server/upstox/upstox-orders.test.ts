// Every order path of the wire layer against the Upstox-compatible test server: place (one order, or sliced at
// the freeze quantity), modify, cancel, and the reads a trader's books come from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEquityFunds, getPositions } from '../../../server/services/brokers/upstox/upstox-account.ts';
import { getIntradayMinuteCandles, getLtp, getMinuteCandles } from '../../../server/services/brokers/upstox/upstox-market.ts';
import {
  cancelOrder,
  getOrderDetails,
  getOrderHistory,
  getOrders,
  getOrderTrades,
  getTrades,
  modifyOrder,
  placeOrder,
  type PlaceOrderV3,
} from '../../../server/services/brokers/upstox/upstox-orders.ts';
import { type LoggedIn, startLoggedIn } from './upstox-support.ts';

const call = 'NSE_FO|43919';
const limitBuy: PlaceOrderV3 = {
  instrument_token: call, transaction_type: 'BUY', order_type: 'LIMIT', product: 'D', validity: 'DAY',
  quantity: 65, price: 100, trigger_price: 0, disclosed_quantity: 0, is_amo: false, slice: false, tag: 'sd-1',
};

let upstox: LoggedIn;
beforeAll(async () => {
  upstox = await startLoggedIn();
});
afterAll(() => upstox.server.close());

describe('Upstox orders', () => {
  it('places a limit order with its tag and the algo name, modifies and cancels it, and reads every state', async () => {
    upstox.server.control.setQuote(call, { last: 120 });
    const placed = await placeOrder(upstox.http, limitBuy);
    expect(placed.order_ids).toHaveLength(1);
    expect(placed.latencyMs).toBe(3);
    const orderId = placed.order_ids[0] ?? '';
    expect(upstox.server.control.orderWrites().at(-1)).toMatchObject({ path: '/v3/order/place', algoName: 'StrikeDesk', body: { tag: 'sd-1', slice: false } });

    expect(await modifyOrder(upstox.http, { order_id: orderId, order_type: 'LIMIT', validity: 'DAY', price: 101.5 })).toBe(orderId);
    expect(await getOrderDetails(upstox.http, orderId)).toMatchObject({ status: 'open', price: 101.5, tag: 'sd-1', pending_quantity: 65, trading_symbol: 'NIFTY26JAN26000CE' });
    expect((await getOrders(upstox.http)).map((order) => order.order_id)).toContain(orderId);

    expect(await cancelOrder(upstox.http, orderId)).toBe(orderId);
    const history = await getOrderHistory(upstox.http, { order_id: orderId });
    expect(history.map((state) => state.status)).toEqual([
      'put order req received', 'validation pending', 'open pending', 'open',
      'modify validation pending', 'modify pending', 'open', 'cancel pending', 'cancelled',
    ]);
    expect(history[0]?.order_timestamp).toBe('2026-01-15 09:30:00');
  });

  it('fills a market order at the last price: a trade, a position, the funds', async () => {
    upstox.server.control.setQuote(call, { last: 118.4 });
    const [orderId = ''] = (await placeOrder(upstox.http, { ...limitBuy, order_type: 'MARKET', price: 0, tag: 'sd-2' })).order_ids;
    expect(await getOrderDetails(upstox.http, orderId)).toMatchObject({ status: 'complete', average_price: 118.4, filled_quantity: 65 });
    expect(await getOrderTrades(upstox.http, orderId)).toEqual([expect.objectContaining({ order_id: orderId, quantity: 65, average_price: 118.4 })]);
    expect((await getTrades(upstox.http)).some((trade) => trade.order_id === orderId)).toBe(true);
    upstox.server.control.setQuote(call, { last: 120.4 });
    expect(await getPositions(upstox.http)).toEqual([expect.objectContaining({ instrument_token: call, quantity: 65, day_buy_quantity: 65, day_buy_price: 118.4, last_price: 120.4, pnl: 130 })]);
    upstox.server.control.setFunds('AB1234', { available_margin: 123456.5 });
    expect(await getEquityFunds(upstox.http)).toMatchObject({ available_margin: 123456.5 });
  });

  it('slices an order above the freeze quantity: one order per slice, each with the tag', async () => {
    upstox.server.control.setQuote(call, { last: 90 });
    const placed = await placeOrder(upstox.http, { ...limitBuy, quantity: 4550, slice: true, tag: 'sd-big' });
    expect(placed.order_ids).toHaveLength(3);
    const orders = (await getOrders(upstox.http)).filter((order) => placed.order_ids.includes(order.order_id));
    expect(orders.map((order) => [order.quantity, order.tag])).toEqual([[1755, 'sd-big'], [1755, 'sd-big'], [1040, 'sd-big']]);
    const byTag = await getOrderHistory(upstox.http, { tag: 'sd-big' });
    expect(new Set(byTag.map((state) => state.order_id))).toEqual(new Set(placed.order_ids));
  });

  it('reads last prices by instrument key and minute candles', async () => {
    upstox.server.control.setQuote(call, { last: 121.05 });
    const prices = await getLtp(upstox.http, [call, 'NSE_INDEX|Nifty 50']);
    expect(prices.get(call)).toMatchObject({ last_price: 121.05, instrument_token: call });
    expect(prices.get('NSE_INDEX|Nifty 50')?.last_price).toBe(26_000);
    const intraday = await getIntradayMinuteCandles(upstox.http, call);
    expect(intraday[0]?.timestamp).toBe('2026-01-15T09:29:00+05:30');
    expect(intraday.at(-1)?.timestamp).toBe('2026-01-15T09:15:00+05:30');
    const days = await getMinuteCandles(upstox.http, call, { from: '2026-01-13', to: '2026-01-14' });
    expect(days).toHaveLength(2 * 375);
    expect(days[0]).toMatchObject({ timestamp: '2026-01-14T15:29:00+05:30' });
  });
});
