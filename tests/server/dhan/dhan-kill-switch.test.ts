// StrikeDesk's kill switch on a Dhan account, against the Dhan test server: arming cancels the working order and
// closes the position at Dhan, then turns Dhan's own kill switch on (POST /v2/killswitch?killSwitchStatus=ACTIVATE,
// which Dhan takes only once nothing is open), so Dhan refuses every new order on the account for the day, from
// any app; the kill switch screen reads Dhan's switch's state from Dhan.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { testBackends } from '../support/test-database.ts';
import { openDhanDesk, placeOn, startDhanStack, type DhanDesk, type DhanStack } from './dhan-desk.ts';

type Schemas = components['schemas'];

describe.each(testBackends)("The kill switch on a Dhan account on %s", (backend) => {
  let stack: DhanStack;
  let desk: DhanDesk;

  beforeAll(async () => {
    stack = await startDhanStack(backend);
    desk = await openDhanDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
  });
  afterAll(async () => stack.close());

  const switches = async () => {
    const listed = await stack.call<Schemas['KillSwitchesResponse']>('getKillSwitches', { token: desk.token });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    return listed.body.kill_switches.find((entry) => entry.account_number === desk.account.account_number)!;
  };

  it("cancels and flattens at Dhan, then turns Dhan's own kill switch on, shown on the kill switch screen", async () => {
    expect((await switches()).broker_switch).toMatchObject({ broker: 'Dhan', state: 'off' });
    stack.clock.advance(2000);
    stack.dhan.control.setLast('43919', 100);
    const bought = await placeOn(stack, desk, [{ tradingsymbol: 'NIFTY26JAN26000CE', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: 65 }]);
    expect(bought.body.orders[0], JSON.stringify(bought.body)).toMatchObject({ status: 'COMPLETE' });
    stack.clock.advance(2000);
    const resting = await placeOn(stack, desk, [{ tradingsymbol: 'NIFTY26JAN26000CE', transaction_type: 'BUY', order_type: 'LIMIT', product: 'NRML', quantity: 65, price: 90 }]);
    expect(resting.body.orders[0]).toMatchObject({ status: 'OPEN' });

    stack.clock.advance(2000);
    const armed = await stack.call<Schemas['KillSwitchResult']>('armKillSwitch', { token: desk.token, body: { source: 'header', account_number: desk.account.account_number }, headers: { 'idempotency-key': randomUUID() } });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    const result = armed.body.accounts[0]!;
    expect(result.flat).toBe(true);
    expect(result.cancelled.map((order) => order.status)).toEqual(['CANCELLED']);
    expect(result.exits.map((order) => [order.transaction_type, order.quantity, order.status])).toEqual([['SELL', 65, 'COMPLETE']]);
    expect(result.broker_switch).toMatchObject({ broker: 'Dhan', state: 'on', message_i18n: { code: 'kill_switch.broker_on', params: { broker: 'Dhan', account: desk.account.account_number } } });
    // Dhan's switch went last, once nothing was open (Dhan refuses it otherwise).
    const writes = stack.dhan.control.orderWrites().map((write) => `${write.method} ${write.path}`);
    expect(writes.at(-1)).toBe('POST /v2/killswitch');
    expect(writes.slice(-3, -1)).toEqual([expect.stringMatching(/^DELETE \/v2\/orders\//), 'POST /v2/orders']);
    expect(stack.dhan.control.killSwitch(desk.clientId)).toBe(true);
    expect((await switches()).broker_switch).toMatchObject({ broker: 'Dhan', state: 'on' });

    // Dhan itself now refuses any order on the account, whichever app sends it.
    const token = stack.dhan.control.sessions().filter((session) => session.clientId === desk.clientId).at(-1)!.token;
    const elsewhere = await fetch(`${stack.dhan.apiRoot}/v2/orders`, {
      method: 'POST',
      headers: { 'access-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ dhanClientId: desk.clientId, transactionType: 'BUY', exchangeSegment: 'NSE_FNO', productType: 'MARGIN', orderType: 'MARKET', validity: 'DAY', securityId: '43919', quantity: 65 }),
    });
    expect(elsewhere.status).toBe(400);
  });
});
