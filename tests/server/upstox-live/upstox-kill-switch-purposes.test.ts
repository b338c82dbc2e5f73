// The kill switch's cancellations say what each order was for (issue 62): on an Upstox account holding a long
// call with its stop-loss and target working, and an entry resting, the result names each cancelled order's
// purpose (stop-loss, target, entry), and so does its summary, which the kill switch's alert and audit say.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main';
import { testBackends } from '../support/test-database.ts';
import { openUpstoxDesk, startUpstoxStack, type UpstoxStack } from './upstox-desk.ts';

type Schemas = components['schemas'];

const order = (tradingsymbol: string, side: 'BUY' | 'SELL', extra: Record<string, unknown> = {}) =>
  ({ tradingsymbol, exchange: 'NFO', transaction_type: side, order_type: 'MARKET', product: 'NRML', quantity: 65, ...extra });

describe.each(testBackends)("the kill switch's cancellations on Upstox on %s", (backend) => {
  let stack: UpstoxStack;

  beforeAll(async () => {
    stack = await startUpstoxStack(backend);
  });

  afterAll(async () => {
    await stack.close();
  });

  it('names which cancelled order was the stop-loss, which the target and which an entry', async () => {
    const desk = await openUpstoxDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    const [call, put] = ['NIFTY26JAN26000CE', 'NIFTY26JAN26000PE'];
    stack.upstox.control.setQuote('NSE_FO|43919', { last: 100 });
    stack.upstox.control.setQuote('NSE_FO|43920', { last: 80 });
    const trade = (operation: string, body: Record<string, unknown>) =>
      stack.call<Schemas['OrdersResponse']>(operation, { token: desk.token, body: { account_number: desk.account.account_number, ...body }, headers: { 'idempotency-key': randomUUID() } });

    expect((await trade('placeTrades', { orders: [order(call, 'BUY')] })).status).toBe(200);
    const stop = await trade('placeStopLossOrder', order(call, 'SELL', { order_type: 'SL', price: 89.5, trigger_price: 90 }));
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    const { order_type: _market, ...targetBody } = order(call, 'SELL', { price: 130 });
    const target = await trade('placeTargetOrder', targetBody);
    expect(target.status, JSON.stringify(target.body)).toBe(200);
    const entry = await trade('placeTrades', { orders: [order(put, 'BUY', { order_type: 'LIMIT', price: 50 })] });
    expect(entry.body.orders[0]!.status).toBe('OPEN');

    stack.server.clock.advance(1000);
    const armed = await stack.call<Schemas['KillSwitchResult']>('armKillSwitch', {
      token: desk.token,
      body: { account_number: desk.account.account_number, source: 'header' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    const [result] = armed.body.accounts;
    const purposes = new Map(result!.cancelled.map((cancelled) => [cancelled.order_id, [cancelled.tradingsymbol, cancelled.purpose, cancelled.status]]));
    expect(purposes).toEqual(
      new Map([
        [stop.body.orders[0]!.order_id, [call, 'stoploss', 'CANCELLED']],
        [target.body.orders[0]!.order_id, [call, 'target', 'CANCELLED']],
        [entry.body.orders[0]!.order_id, [put, 'entry', 'CANCELLED']],
      ]),
    );
    // The summary names them in the order they were cancelled, in English and as codes.
    const said = (purpose: string | null | undefined) => ({ stoploss: 'stop-loss', target: 'target', entry: 'entry' })[purpose as 'entry'];
    const named = result!.cancelled.map((cancelled) => `${cancelled.tradingsymbol} ${said(cancelled.purpose)}`).join(', ');
    expect(result!.message).toBe(`New orders blocked; 3 working orders cancelled (${named}); 1 exit filled`);
    expect(result!.message_i18n).toMatchObject({
      code: 'kill_switch.armed_named',
      params: { cancelled: 3, filled: 1, orders: { code: 'kill_switch.cancelled_order', params: { lead: 'first', symbol: result!.cancelled[0]!.tradingsymbol, purpose: result!.cancelled[0]!.purpose } } },
    });
    // What the kill switch's audit (and its alert) says is that summary.
    const switches = await stack.call<Schemas['KillSwitchesResponse']>('getKillSwitches', { token: desk.token });
    const mine = switches.body.kill_switches.find((entry) => entry.account_number === desk.account.account_number)!;
    expect(mine.events[0]).toMatchObject({ action: 'arm', summary: result!.message, summary_i18n: result!.message_i18n });
  });
});
