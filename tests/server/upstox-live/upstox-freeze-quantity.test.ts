// An Upstox account's orders are sliced at the freeze quantity of Upstox's instrument file, not StrikeDesk's
// table (issue 60): on Thursday 15 January 2026 NSE's circular NSE/FAOP/72094 put BANKNIFTY at 600 units, while
// the test server's file lists 900. A 900-unit BANKNIFTY order goes to Upstox as one order, not as a sliced call;
// the day's file is recorded beside the table's value, and the Market facts read says Upstox disagrees.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { openUpstoxDesk, startUpstoxStack, type UpstoxDesk, type UpstoxStack } from './upstox-desk.ts';

type Facts = components['schemas']['MarketFacts'];

describe("Upstox's freeze quantity", () => {
  let stack: UpstoxStack;
  let desk: UpstoxDesk;

  beforeAll(async () => {
    stack = await startUpstoxStack('pglite');
    desk = await openUpstoxDesk(stack);
    const login = await desk.logIn();
    expect(login.status, JSON.stringify(login.body)).toBe(200);
  });
  afterAll(async () => {
    await stack.close();
  });

  it('sends 900 BANKNIFTY units as one order at Upstox’s 900 (the table says 600), records the file and reports the disagreement', async () => {
    const before = stack.upstox.control.orderWrites().length;
    const placed = await stack.call<{ orders?: { status: string }[] }>('placeTrades', {
      token: desk.token,
      body: {
        account_number: desk.account.account_number,
        orders: [{ tradingsymbol: 'BANKNIFTY26JAN59200CE', exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: 900 }],
      },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const writes = stack.upstox.control.orderWrites().slice(before);
    expect(writes).toHaveLength(1);
    // At the table's 600 the leg would go as one sliced call (slice: true) of two orders.
    expect(writes[0]?.body).toMatchObject({ quantity: 900, slice: false });

    const { rows } = await stack.server.db.query<{ broker_value: number; strikedesk_value: number; seen_on: string }>(
      `SELECT broker_value, strikedesk_value, to_char(seen_on, 'YYYY-MM-DD') AS seen_on FROM broker_instrument_facts
       WHERE broker = 'upstox' AND underlying = 'BANKNIFTY' AND fact = 'freeze_quantity'`,
    );
    expect(rows).toEqual([{ broker_value: 900, strikedesk_value: 600, seen_on: '2026-01-15' }]);

    const facts = await stack.call<Facts>('getMarketFacts', { token: desk.token });
    expect(facts.status).toBe(200);
    const bankNifty = facts.body.facts.find((fact) => fact.kind === 'freeze_quantity' && fact.subject === 'BANKNIFTY');
    expect(bankNifty).toMatchObject({ value: '600', broker_value: '900', broker_name: 'Upstox' });
    // NIFTY's 1,800 is the same in both: nothing to say.
    expect(facts.body.facts.find((fact) => fact.kind === 'freeze_quantity' && fact.subject === 'NIFTY')).toMatchObject({ broker_value: null });
  });
});
