// The ticket and the builder of an Upstox account price orders with Upstox's own calculators: the margin API
// (SPAN and exposure after the orders' hedges, the premium) and the brokerage API (each order's charges, a
// MARKET order at Upstox's last price), against the test server's stand-in figures (tests/upstox-server/
// calculators.ts). When Upstox cannot answer, the ticket is told the margin is unavailable, never a figure.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main';
import { testBackends } from '../support/test-database.ts';
import { openUpstoxDesk, startUpstoxStack, type UpstoxStack } from './upstox-desk.ts';

type Schemas = components['schemas'];

const order = (tradingsymbol: string, side: 'BUY' | 'SELL', extra: Record<string, unknown> = {}) =>
  ({ tradingsymbol, exchange: 'NFO', transaction_type: side, order_type: 'MARKET', product: 'NRML', quantity: 65, ...extra });

describe.each(testBackends)('Upstox margins and charges on %s', (backend) => {
  let stack: UpstoxStack;

  beforeAll(async () => {
    stack = await startUpstoxStack(backend);
  });

  afterAll(async () => {
    await stack.close();
  });

  async function loggedIn() {
    const desk = await openUpstoxDesk(stack);
    const login = await desk.logIn();
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return desk;
  }

  it("answers a hedged pair with Upstox's margin after the hedge and Upstox's charges of each order", async () => {
    const desk = await loggedIn();
    stack.upstox.control.setQuote('NSE_FO|43919', { last: 120 });
    const orders = [order('NIFTY26JAN26000PE', 'BUY', { order_type: 'LIMIT', price: 40 }), order('NIFTY26JAN26000CE', 'SELL')];
    const res = await stack.call<Schemas['OrderMarginsResponse']>('getOrderMargins', { token: desk.token, body: { account_number: desk.account.account_number, orders } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // One lot (65): the sale's SPAN 152,100 + exposure 33,800; the purchase hedges it, 70% off its SPAN (106,470): 79,430.
    // Charges: the PE bought at 40 (₹2,600) 24.75; the CE sold at Upstox's last price 120 (₹7,800) 34.63.
    expect(res.body.margins).toEqual({
      required: 82089.38,
      available: 500000,
      margin: 79430,
      margin_released: 0,
      premium: 2600,
      charges: 59.38,
      standalone: { required: 82089.38, margin: 79430, hedge_benefit: 106470 },
      charge_breakdown: { brokerage: 40, brokerage_status: 'priced', stt: 7.8, exchange: 3.64, sebi: 0.01, stamp_duty: 0.08, gst: 7.85, call_and_trade: 0 },
    });
  });

  it("keeps a filled order's charges as Upstox's brokerage API prices it at the fill's price", async () => {
    const desk = await loggedIn();
    stack.upstox.control.setQuote('NSE_FO|43920', { last: 80 });
    const placed = await stack.call<Schemas['OrdersResponse']>('placeTrades', {
      token: desk.token,
      body: { account_number: desk.account.account_number, orders: [order('NIFTY26JAN26000PE', 'BUY')] },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { rows } = await stack.server.db.query<{ status: string; charges_paise: string | null }>('SELECT status, charges_paise FROM kite_orders WHERE broker_account_id = $1', [desk.account.id]);
    // Bought at 80 (₹5,200): brokerage 20, transaction 1.82, stamp 0.16, GST 3.93, SEBI 0.01.
    expect(rows.map((row) => ({ status: row.status, charges: Number(row.charges_paise) }))).toEqual([{ status: 'COMPLETE', charges: 2592 }]);
  });

  it('says the margin is unavailable when Upstox cannot answer, with no figure', async () => {
    const desk = await loggedIn();
    stack.upstox.control.calculatorsDown(true);
    try {
      const res = await stack.call<{ code: string; message: string; margins?: unknown }>('getOrderMargins', {
        token: desk.token,
        body: { account_number: desk.account.account_number, orders: [order('NIFTY26JAN26000CE', 'SELL')] },
      });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('broker_unavailable');
      expect(res.body.message).toMatch(/Upstox/);
      expect(res.body.margins).toBeUndefined();
    } finally {
      stack.upstox.control.calculatorsDown(false);
    }
  });

  it('refuses a contract Upstox does not list, as an order for it would be', async () => {
    const desk = await loggedIn();
    const res = await stack.call<{ code: string }>('getOrderMargins', {
      token: desk.token,
      body: { account_number: desk.account.account_number, orders: [order('NIFTY26JAN27000CE', 'SELL')] },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('unknown_instrument');
  });
});
