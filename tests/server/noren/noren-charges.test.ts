// A Noren order's charges in the ticket and the builder. Noren has no charges call, so they are the broker's
// published tariff (broker_tariffs, migration 135: Shoonya Rs 0 an order from 2024, Rs 5 from 11 Feb 2026;
// Flattrade no dated tariff) with the statutory charges dated in charge_rates; a MARKET order priced at Noren's
// last price (GetQuotes). A broker with no tariff dated for the day has its brokerage not priced (null, said so),
// never guessed, and its statutory charges computed all the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main';
import { tariffCharges } from '../../../server/services/brokers/live/broker-tariffs.ts';
import { testBackends } from '../support/test-database.ts';
import { flavors, openNorenDesk, startNorenStack, type NorenStack } from './noren-desk.ts';

type Schemas = components['schemas'];

// A bull put spread on NIFTY: the 26000 put sold at 80, the 25900 put bought at 30, a lot (65) each.
const spread = [
  { tradingsymbol: 'NIFTY26JAN26000PE', exchange: 'NFO', transaction_type: 'SELL', order_type: 'LIMIT', product: 'NRML', quantity: 65, price: 80 },
  { tradingsymbol: 'NIFTY26JAN25900PE', exchange: 'NFO', transaction_type: 'BUY', order_type: 'LIMIT', product: 'NRML', quantity: 65, price: 30 },
] as const;
const marketBuy = { tradingsymbol: 'NIFTY26JAN26000CE', exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: 65 } as const;

describe.each(testBackends.flatMap((backend) => flavors.map((flavor) => [backend, flavor] as const)))('Noren charges on %s, %s', (backend, flavor) => {
  let stack: NorenStack;

  beforeAll(async () => {
    stack = await startNorenStack(backend, flavor);
  });

  afterAll(async () => {
    await stack.close();
  });

  const marginsOf = async (desk: Awaited<ReturnType<typeof openNorenDesk>>, orders: readonly object[]) => {
    const answer = await stack.call<Schemas['OrderMarginsResponse']>('getOrderMargins', { token: desk.token, body: { account_number: desk.account.account_number, orders: [...orders] } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.margins;
  };

  it('prices a spread at the broker’s tariff with the statutory charges, in the required figures too; a broker with no tariff, its brokerage not priced', async () => {
    const desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    const margins = await marginsOf(desk, spread);
    // 16 Jan 2026: charge_rates' NFO-OPT row of 1 Oct 2024. The sale (Rs 5,200 of premium): STT 0.1 % 5.20, NSE
    // 0.03503 % 1.82, SEBI 0.01, GST 18 % of those two 0.33; the purchase (Rs 1,950): NSE 0.68, SEBI 0.00, GST 0.12,
    // stamp duty 0.003 % 0.06. Shoonya's brokerage that day is Rs 0; Flattrade's is not priced (no dated tariff):
    // null, never a Rs 0 of StrikeDesk's own, its statutory charges the same.
    const statutory = { stt: 5.2, exchange: 2.5, sebi: 0.01, stamp_duty: 0.06, gst: 0.45, call_and_trade: 0 };
    expect(margins.charge_breakdown).toEqual(flavor === 'flattrade' ? { brokerage: null, brokerage_status: 'not_priced', ...statutory } : { brokerage: 0, brokerage_status: 'priced', ...statutory });
    expect(margins.charges).toBe(8.22);
    expect(margins.required).toBe(185_900 + 1950 + 8.22);
    expect(margins.standalone.required).toBe(40_300 + 1950 + 8.22);
  });

  it('prices a MARKET order at Noren’s last price (GetQuotes), and again after the price moves', async () => {
    const desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    // At 100 (Rs 6,500): NSE 2.28, SEBI 0.01, GST 0.41, stamp duty 0.20.
    expect((await marginsOf(desk, [marketBuy])).charges).toBe(2.9);
    stack.noren.control.setLast('43919', 160);
    // At 160 (Rs 10,400): NSE 3.64, SEBI 0.01, GST 0.66, stamp duty 0.31.
    expect((await marginsOf(desk, [marketBuy])).charges).toBe(4.62);
  });

  it('reads the tariff in force on the day: Shoonya Rs 0 an order in 2025, Rs 5 from 11 February 2026; Flattrade none', async () => {
    const sale = { exchange: 'NFO', tradingsymbol: 'NIFTY26MAR26000PE', side: 'SELL', quantity: 65, pricePaise: 8000 } as const;
    const db = stack.server.db;
    expect(await tariffCharges(db, flavor, sale, '2025-06-02')).toMatchObject({ charges: { brokerage: 0 }, brokeragePriced: flavor === 'shoonya' });
    const march = await tariffCharges(db, flavor, sale, '2026-03-02');
    if (flavor === 'flattrade') {
      // No tariff: the statutory charges alone (GST on NSE and SEBI only, 0.33), the brokerage said to be not priced.
      return expect(march).toEqual({ charges: { brokerage: 0, stt: 520, exchange: 185, sebi: 1, gst: 33, stamp: 0, callAndTrade: 0 }, brokeragePriced: false });
    }
    // 2 Mar 2026: Rs 5 brokerage; charge_rates' NFO-OPT row of 1 Mar 2026 (NSE 0.0355299 %): STT 5.20, NSE 1.85,
    // SEBI 0.01, GST 18 % of brokerage, NSE and SEBI 1.23.
    expect(march).toEqual({ charges: { brokerage: 500, stt: 520, exchange: 185, sebi: 1, gst: 123, stamp: 0, callAndTrade: 0 }, brokeragePriced: true });
    // A future's segment has its own rows: the same Rs 5.
    expect((await tariffCharges(db, flavor, { ...sale, tradingsymbol: 'NIFTY26MARFUT', pricePaise: 2_600_000 }, '2026-03-02'))?.charges.brokerage).toBe(500);
  });
});
