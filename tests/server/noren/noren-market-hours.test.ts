// A Shoonya or Flattrade account's orders outside the exchange's session, by the dated NSE calendar on an injected
// clock, as Dhan's (dhan-market-hours.test.ts): inside the after-market window an order goes to Noren with
// `amo: "Yes"`, held for the open; just after the close and in the open's last five minutes it is a REJECTED order
// in the trader's words, nothing sent. The charges at a closed market's clock are priced as at any other (the
// tariff in force that day and Noren's last price for a MARKET order), Flattrade's brokerage still not priced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main';
import { testBackends } from '../support/test-database.ts';
import { expectUnchosenAmoRefused } from '../support/amo-choice.ts';
import { flavors, openNorenDesk, placeOn, startNorenStack, type NorenDesk, type NorenStack } from './noren-desk.ts';

const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);

describe.each(testBackends.flatMap((backend) => flavors.map((flavor) => [backend, flavor] as const)))('a Noren account in and out of market hours on %s, %s', (backend, flavor) => {
  let stack: NorenStack;
  let desk: NorenDesk;

  beforeAll(async () => {
    stack = await startNorenStack(backend, flavor);
    desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    stack.noren.control.setLast('43919', 100);
  });

  afterAll(async () => {
    await stack.close();
  });

  const buy = { tradingsymbol: 'NIFTY26JAN26000CE', transaction_type: 'BUY', order_type: 'LIMIT', product: 'NRML', quantity: 65, price: 90 } as const;
  const sentWith = (tag: string) => stack.noren.control.orderWrites().filter((write) => write.name === 'PlaceOrder' && write.data.remarks === tag);
  /** Moves the shared clock to `at` and logs in again there (Noren's sessions end with the day). */
  const standAt = async (at: Date) => {
    stack.clock.advance(at.getTime() - stack.clock.now().getTime());
    expect((await desk.logIn()).status).toBe(200);
  };

  it.each([
    ['after the close, before the AMO window opens', ist('2026-01-16', '15:35'), 'order.amo_not_yet'],
    ['in the open’s last five minutes', ist('2026-01-19', '09:12'), 'order.amo_closed'],
  ])('refuses an order %s in the trader’s words, sending nothing to the broker', async (_when, at, code) => {
    await standAt(at);
    const tag = `shut${at.getTime() % 1e8}`;
    const refused = await placeOn(stack, desk, [buy], tag);
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body.orders[0]).toMatchObject({ status: 'REJECTED', tag, status_message_i18n: { code } });
    expect(sentWith(tag)).toEqual([]);
  });

  it.each([
    ['after the AMO window opens', ist('2026-01-16', '15:50')],
    ['on a Saturday', ist('2026-01-17', '10:00')],
    ['on a holiday (Republic Day)', ist('2026-01-26', '10:00')],
  ])('sends an order %s to the broker as an AMO', async (_when, at) => {
    await standAt(at);
    const tag = `amo${at.getTime() % 1e8}`;
    const placed = await placeOn(stack, desk, [{ ...buy, after_market: true }], tag);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(sentWith(tag).map((write) => write.data.amo)).toEqual(['Yes']);
    expect(placed.body.orders.map((order) => order.tag)).toEqual([tag]);
  });

  it('refuses an AMO time, which only Dhan takes, sending nothing to the broker', async () => {
    await standAt(ist('2026-01-17', '10:30'));
    const tag = `amot${stack.clock.now().getTime() % 1e8}`;
    const refused = await placeOn(stack, desk, [{ ...buy, after_market: true, after_market_time: 'OPEN_30' }], tag);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed', field: 'after_market_time', details: { text: { code: 'order.amo_time_not_taken' } } });
    expect(sentWith(tag)).toEqual([]);
  });

  it('refuses an order out of hours that the trader did not choose as an AMO, sending nothing to the broker', async () => {
    await standAt(ist('2026-01-17', '11:00'));
    await expectUnchosenAmoRefused(`unchosen${stack.clock.now().getTime() % 1e8}`, (tag) => placeOn(stack, desk, [buy], tag), sentWith);
  });

  it('prices the charges on a closed market’s day as on any other, Flattrade’s brokerage still not priced', async () => {
    await standAt(ist('2026-01-26', '11:00'));
    const answer = await stack.call<components['schemas']['OrderMarginsResponse']>('getOrderMargins', {
      token: desk.token,
      body: { account_number: desk.account.account_number, orders: [{ ...buy, exchange: 'NFO', order_type: 'MARKET', price: undefined }] },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // Noren's last price 100 (Rs 6,500 of premium): NSE 2.28, SEBI 0.01, GST 0.41, stamp duty 0.20 (noren-charges.test.ts).
    expect(answer.body.margins.charges).toBe(2.9);
    expect(answer.body.margins.charge_breakdown.brokerage_status).toBe(flavor === 'flattrade' ? 'not_priced' : 'priced');
    const status = await stack.services.brokerRegistry.get(flavor)?.trading?.marketStatus?.();
    expect(status).toMatchObject({ status: 'closed' });
  });
});
