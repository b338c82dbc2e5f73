// A Noren basket's margin in the builder and the ticket: on its own, with the offsets between its legs, from
// Noren's span calculator (SpanCalc: the basket's span + exposure; what the offsets save, the legs' span
// calculations alone less the basket's; a bought option's premium its order margin), and after the account's
// positions from GetOrderMargin, one order a call; one order alone is its GetOrderMargin. When SpanCalc refuses,
// the margin is unavailable: an error, never a figure of StrikeDesk's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main';
import { testBackends } from '../support/test-database.ts';
import { flavors, openNorenDesk, startNorenStack, type NorenStack } from './noren-desk.ts';

type Schemas = components['schemas'];

// A bull put spread on NIFTY (at 26,000 on the test server's feed): the 26000 put sold, the 25900 put bought at 30.
const spread = [
  { tradingsymbol: 'NIFTY26JAN26000PE', exchange: 'NFO', transaction_type: 'SELL', order_type: 'LIMIT', product: 'NRML', quantity: 65, price: 80 },
  { tradingsymbol: 'NIFTY26JAN25900PE', exchange: 'NFO', transaction_type: 'BUY', order_type: 'LIMIT', product: 'NRML', quantity: 65, price: 30 },
] as const;

describe.each(testBackends.flatMap((backend) => flavors.map((flavor) => [backend, flavor] as const)))('Noren margins on %s, %s', (backend, flavor) => {
  let stack: NorenStack;

  beforeAll(async () => {
    stack = await startNorenStack(backend, flavor);
  });

  afterAll(async () => {
    await stack.close();
  });

  it("prices a spread on its own with Noren's span calculator: its hedge benefit, its premium; after positions with GetOrderMargin", async () => {
    const desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    const margins = await stack.call<Schemas['OrderMarginsResponse']>('getOrderMargins', { token: desk.token, body: { account_number: desk.account.account_number, orders: [...spread] } });
    expect(margins.status, JSON.stringify(margins.body)).toBe(200);
    // The test server's stand-in figures (tests/noren-server/span-calc.ts): the sold put alone 135,200 span (its loss
    // 8 % down) + 33,800 exposure (2 % of 26,000 × 65); the bought put alone nothing; together 6,500 span (the
    // strikes' 100 points × 65) + 33,800. Its premium is its order margin, 30 × 65.
    // Required adds the orders' charges (Shoonya's tariff; none for Flattrade: noren-charges.test.ts).
    const { charges } = margins.body.margins;
    expect(margins.body.margins.standalone).toMatchObject({ margin: 40_300, hedge_benefit: 169_000 - 40_300 });
    expect(margins.body.margins.standalone.required).toBeCloseTo(40_300 + 1950 + charges, 2);
    // After the account's positions, GetOrderMargin's figures summed: the sale 11 % of its strike's value, the purchase its premium.
    expect(margins.body.margins.margin).toBe(185_900 + 1950);
    expect(margins.body.margins.required).toBeCloseTo(185_900 + 1950 + charges, 2);

    // Noren was asked as it documents SpanCalc: the account, each leg by its parts, sold legs negative; the basket
    // once, and each leg alone once (the hedge benefit).
    const asked = stack.noren.control.spanCalcs();
    expect(asked.map((data) => (data.pos as unknown[]).length).sort()).toEqual([1, 1, 2]);
    const basket = asked.find((data) => (data.pos as unknown[]).length === 2);
    expect(basket).toEqual({
      actid: desk.userId,
      pos: [
        { prd: 'M', exch: 'NFO', instname: 'OPTIDX', symname: 'NIFTY', exd: '27-JAN-2026', optt: 'PE', strprc: '26000.00', netqty: '-65' },
        { prd: 'M', exch: 'NFO', instname: 'OPTIDX', symname: 'NIFTY', exd: '27-JAN-2026', optt: 'PE', strprc: '25900.00', netqty: '65' },
      ],
    });
  });

  it('prices one order alone with its order margin: nothing to offset, no span calculation', async () => {
    const desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    const asked = stack.noren.control.spanCalcs().length;
    const margins = await stack.call<Schemas['OrderMarginsResponse']>('getOrderMargins', { token: desk.token, body: { account_number: desk.account.account_number, orders: [spread[0]] } });
    expect(margins.status, JSON.stringify(margins.body)).toBe(200);
    expect(margins.body.margins.standalone).toMatchObject({ margin: 185_900, hedge_benefit: 0 });
    expect(margins.body.margins.standalone.required).toBeCloseTo(185_900 + margins.body.margins.charges, 2);
    expect(stack.noren.control.spanCalcs()).toHaveLength(asked);
  });

  it('says the margin is unavailable when the span calculator refuses, never a figure of its own', async () => {
    const desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    stack.noren.control.refuseNextSpanCalc('Server Timeout :  ');
    const margins = await stack.call<{ code?: string; message?: string; margins?: unknown }>('getOrderMargins', { token: desk.token, body: { account_number: desk.account.account_number, orders: [...spread] } });
    expect(margins.status, JSON.stringify(margins.body)).toBeGreaterThanOrEqual(400);
    expect(margins.status).not.toBe(500);
    expect(margins.body.margins).toBeUndefined();
    expect(margins.body.message).toContain('Server Timeout');
  });
});
