// A Dhan account's orders outside the exchange's session, by the dated NSE calendar (market_calendar) on an
// injected clock: inside the after-market window an order goes to Dhan as an AMO (afterMarketOrder, amoTime OPEN),
// held by Dhan for the open; outside it (just after the close, the open's last five minutes) it is refused in the
// trader's words (a REJECTED order with the reason, as for every broker) before anything leaves. A weekend and a holiday (Republic Day, 26 Jan 2026) take AMOs all day.
// The session's close is 15:30 IST in January 2026 (NSE's 15:40 close starts on 3 Aug 2026; live-hours.ts reads it
// from the same calendar). The charges at those clocks are Dhan's own (its margin calculator), read as any time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import { expectUnchosenAmoRefused } from '../support/amo-choice.ts';
import { openDhanDesk, placeOn, startDhanStack, type DhanDesk, type DhanStack } from './dhan-desk.ts';

/** An IST wall-clock time as an instant. */
const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);

describe.each(testBackends)('a Dhan account in and out of market hours on %s', (backend) => {
  let stack: DhanStack;
  let desk: DhanDesk;

  beforeAll(async () => {
    stack = await startDhanStack(backend);
    desk = await openDhanDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    stack.dhan.control.setLast('43919', 100);
  });

  afterAll(async () => {
    await stack.close();
  });

  const buy = { tradingsymbol: 'NIFTY26JAN26000CE', transaction_type: 'BUY', order_type: 'LIMIT', product: 'NRML', quantity: 65, price: 90 } as const;
  const sentWith = (tag: string) => stack.dhan.control.orderWrites().filter((write) => write.path === '/v2/orders' && write.body.correlationId === tag);
  /** Moves the shared clock to `at` and logs in again there (Dhan's token lasts a day). */
  const standAt = async (at: Date) => {
    stack.clock.advance(at.getTime() - stack.clock.now().getTime());
    expect((await desk.logIn()).status).toBe(200);
  };

  it.each([
    ['after the close, before the AMO window opens', ist('2026-01-16', '15:35'), 'order.amo_not_yet', 'After-market orders for F&O are taken from 15:45 IST'],
    ['in the open’s last five minutes', ist('2026-01-19', '09:12'), 'order.amo_closed', 'The market opens at 09:15 IST: after-market orders closed at 09:10 IST'],
  ])('refuses an order %s in the trader’s words, sending nothing to Dhan', async (_when, at, code, words) => {
    await standAt(at);
    const tag = `shut${at.getTime() % 1e8}`;
    const refused = await placeOn(stack, desk, [buy], tag);
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    const [order] = refused.body.orders;
    expect(order).toMatchObject({ status: 'REJECTED', tag, status_message_i18n: { code } });
    expect(order!.status_message).toContain(words);
    expect(sentWith(tag)).toEqual([]);
  });

  it.each([
    ['after the AMO window opens', ist('2026-01-16', '15:50')],
    ['on a Saturday', ist('2026-01-17', '10:00')],
    ['before the open, inside the window', ist('2026-01-19', '08:00')],
    ['on a holiday (Republic Day)', ist('2026-01-26', '10:00')],
  ])('sends an order %s to Dhan as an AMO for the open', async (_when, at) => {
    await standAt(at);
    const tag = `amo${at.getTime() % 1e8}`;
    const placed = await placeOn(stack, desk, [{ ...buy, after_market: true }], tag);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(sentWith(tag).map((write) => [write.body.afterMarketOrder, write.body.amoTime])).toEqual([[true, 'OPEN']]);
    expect(placed.body.orders.map((order) => order.tag)).toEqual([tag]);
  });

  it.each(['PRE_OPEN', 'OPEN', 'OPEN_30', 'OPEN_60'] as const)('sends the AMO time the trader chose, %s, on Dhan’s wire', async (time) => {
    await standAt(ist('2026-01-17', '10:30'));
    const tag = `amot${time.replace('_', '')}${stack.clock.now().getTime() % 1e6}`;
    const placed = await placeOn(stack, desk, [{ ...buy, after_market: true, after_market_time: time }], tag);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(sentWith(tag).map((write) => [write.body.afterMarketOrder, write.body.amoTime])).toEqual([[true, time]]);
  });

  it('refuses a bad AMO time, one without an AMO, and any time inside market hours goes as no AMO', async () => {
    await standAt(ist('2026-01-17', '10:40'));
    const bad = await placeOn(stack, desk, [{ ...buy, after_market: true, after_market_time: 'OPEN_15' as 'OPEN' }], 'amotbad');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed' });
    const alone = await placeOn(stack, desk, [{ ...buy, after_market_time: 'OPEN_30' }], 'amotalone');
    expect(alone.status).toBe(400);
    expect(alone.body).toMatchObject({ code: 'validation_failed', details: { text: { code: 'order.amo_time_without_amo' } } });
    expect([...sentWith('amotbad'), ...sentWith('amotalone')]).toEqual([]);
    // In the session the order is no AMO: the time chosen for one is not sent.
    await standAt(ist('2026-01-19', '10:00'));
    const open = await placeOn(stack, desk, [{ ...buy, after_market: true, after_market_time: 'OPEN_60' }], 'amotopen');
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(sentWith('amotopen').map((write) => [write.body.afterMarketOrder, write.body.amoTime])).toEqual([[false, undefined]]);
  });

  it('refuses an order out of hours that the trader did not choose as an AMO, sending nothing to Dhan', async () => {
    await standAt(ist('2026-01-17', '11:00'));
    await expectUnchosenAmoRefused(`unchosen${stack.clock.now().getTime() % 1e8}`, (tag) => placeOn(stack, desk, [buy], tag), sentWith);
  });

  it('says the market is closed on the account’s screens outside the session, by the real calendar', async () => {
    await standAt(ist('2026-01-26', '11:00'));
    const status = await stack.services.brokerRegistry.get('dhan')?.trading?.marketStatus?.();
    expect(status).toMatchObject({ status: 'closed' });
  });
});
