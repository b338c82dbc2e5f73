// The margins endpoint's figures as the ticket and the strategy builder show them (issue 24): an order that
// frees margin still needs its premium and says what it frees on a line of its own; a strategy's own margin
// (as on an empty account) does not depend on what the account holds, while the margin after its positions does.
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, type Desk, type ScriptedMarket, scriptedServerPerFile } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';

import type { TestServer } from '../support/test-server.ts';

type Margins = components['schemas']['OrderMarginsResponse']['margins'];

describe.each(testBackends)('order margins on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let desk: Desk;
  const symbol = (strike: number, type: 'CE' | 'PE') => desk.contract(strike, type).tradingsymbol;

  scriptedServerPerFile(backend, (started) => ({ server, market, call } = started));

  beforeEach(async () => {
    server.clock.advance(60_000);
    market.open(true);
    market.spot(26050);
    desk = await openDesk(server, call);
    const { atm } = desk;
    market.set(symbol(atm, 'PE'), { bid: 130, ask: 130.6, last: 130.3 });
    market.set(symbol(atm - 100, 'PE'), { bid: 90, ask: 90.5, last: 90.2 });
    market.set(symbol(atm - 200, 'PE'), { bid: 60, ask: 60.5, last: 60.2 });
    market.set(symbol(atm - 400, 'PE'), { bid: 25, ask: 25.5, last: 25.2 });
    market.set(symbol(atm + 200, 'CE'), { bid: 45, ask: 45.5, last: 45.2 });
    market.set(symbol(atm + 400, 'CE'), { bid: 12, ask: 12.5, last: 12.2 });
  });

  const marginsOf = async (on: Desk, orders: Array<Record<string, unknown>>): Promise<Margins> => {
    const res = await call<components['schemas']['OrderMarginsResponse']>('getOrderMargins', { token: on.token, body: { account_number: on.accountNumber, orders } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.margins;
  };

  it('asks at least the premium to buy puts against short puts, and gives the margin they free as its own figure', async () => {
    const lots = 2 * desk.lotSize;
    expect((await desk.place(symbol(desk.atm, 'PE'), 'SELL', lots)).status).toBe('COMPLETE');
    const hedge = await marginsOf(desk, [desk.order(symbol(desk.atm - 100, 'PE'), 'BUY', lots)]);
    // 130 × ₹90.50 of premium to pay; the short puts become a 100-point put spread, which frees most of their margin.
    expect(hedge.premium).toBe(90.5 * lots);
    expect(hedge.margin).toBeLessThan(-50_000);
    expect(hedge.margin_released).toBeCloseTo(-hedge.margin, 2);
    expect(hedge.required).toBeCloseTo(hedge.premium + hedge.charges, 2);
    expect(hedge.required).toBeGreaterThanOrEqual(hedge.premium);
  });

  it('gives a strategy its own margin, as on an empty account, and the margin after the account\'s positions apart', async () => {
    const { atm } = desk;
    const condor = [
      desk.order(symbol(atm - 400, 'PE'), 'BUY', desk.lotSize),
      desk.order(symbol(atm + 400, 'CE'), 'BUY', desk.lotSize),
      desk.order(symbol(atm - 200, 'PE'), 'SELL', desk.lotSize),
      desk.order(symbol(atm + 200, 'CE'), 'SELL', desk.lotSize),
    ];
    const empty = await marginsOf(desk, condor);
    // On an empty account the two figures are one.
    expect(empty.standalone.margin).toBe(empty.margin);
    expect(empty.standalone.required).toBe(empty.required);
    // Each short alone needs SPAN on its own; together with the wings the condor needs far less.
    expect(empty.standalone.hedge_benefit).toBeGreaterThan(empty.standalone.margin);
    // The benefit is what the four legs would need each on its own, less what they need together.
    let alone = 0;
    for (const leg of condor) alone += (await marginsOf(desk, [leg])).standalone.margin;
    expect(empty.standalone.hedge_benefit).toBeCloseTo(alone - empty.standalone.margin, 2);

    // An account already long the condor's short put: that leg is covered, so the condor adds far less.
    const holding = await openDesk(server, call);
    expect((await holding.place(symbol(atm - 200, 'PE'), 'BUY', desk.lotSize)).status).toBe('COMPLETE');
    const after = await marginsOf(holding, condor);
    expect(after.standalone).toEqual(empty.standalone);
    expect(after.margin).toBeLessThan(empty.margin - 1_000);
    expect(after.required).toBeLessThan(empty.required);
  });
});
