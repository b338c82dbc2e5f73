// The funds check of the orders one call places (a basket, a bot's entry): the account's book is read once
// and each order placed is folded into it (paper/funds.ts marginChecks), so every order must still be checked
// against what the orders before it in the same call left: the cash a buy spent, the hedge a bought wing gives.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { openDesk, type ScriptedMarket, scriptedServerPerFile } from '../support/paper-desk.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';

type Margins = components['schemas']['OrderMarginsResponse']['margins'];

describe.each(testBackends)('the funds check of a basket\'s orders on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;

  scriptedServerPerFile(backend, (started) => ({ server, market, call } = started));

  /** A desk with `capital` rupees, NIFTY at 26,050, its at-the-money call at 120 / 120.50 and the call 100 points above at 70 / 70.50. */
  const deskWith = async (capital: number) => {
    server.clock.advance(60_000);
    market.spot(26050);
    const desk = await openDesk(server, call, capital);
    const atmCall = desk.contract(desk.atm, 'CE').tradingsymbol;
    const wing = desk.contract(desk.atm + 100, 'CE').tradingsymbol;
    market.set(atmCall, { bid: 120, ask: 120.5, last: 120.25, close: 110 });
    market.set(wing, { bid: 70, ask: 70.5, last: 70.25, close: 65 });
    const margins = async (orders: ReturnType<typeof desk.order>[]) => {
      const res = await call<{ margins: Margins }>('getOrderMargins', { token: desk.token, body: { account_number: desk.accountNumber, orders } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.margins;
    };
    return { desk, atmCall, wing, margins };
  };

  it("refuses a basket's second buy once the first has spent the cash both needed", async () => {
    const probe = await deskWith(500_000);
    const one = (await probe.margins([probe.desk.order(probe.atmCall, 'BUY', probe.desk.lotSize)])).required;
    // Cash for one lot and a half: the first buy fills, the second no longer fits what it left.
    const { desk, atmCall } = await deskWith(Math.round(one * 150) / 100);
    const res = await desk.trade('placeTrades', { orders: [desk.order(atmCall, 'BUY', desk.lotSize), desk.order(atmCall, 'BUY', desk.lotSize)] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orders.map((order) => order.status)).toEqual(['COMPLETE', 'REJECTED']);
    expect(res.body.orders[1]!.status_message).toContain('Insufficient funds');
  });

  it("takes a spread's sold leg on the hedge its bought wing gave, in the same basket", async () => {
    const probe = await deskWith(5_000_000);
    const spread = [probe.desk.order(probe.wing, 'BUY', probe.desk.lotSize), probe.desk.order(probe.atmCall, 'SELL', probe.desk.lotSize)];
    const together = (await probe.margins(spread)).required;
    const naked = (await probe.margins([probe.desk.order(probe.atmCall, 'SELL', probe.desk.lotSize)])).required;
    const capital = together + 1000;
    // Enough for the spread, far from enough for the sold call alone: it fits only with the wing counted.
    expect(naked).toBeGreaterThan(capital);
    const { desk, atmCall, wing } = await deskWith(capital);
    const res = await desk.trade('placeTrades', { orders: [desk.order(wing, 'BUY', desk.lotSize), desk.order(atmCall, 'SELL', desk.lotSize)] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orders.map((order) => [order.status, order.status_message])).toEqual([
      ['COMPLETE', null],
      ['COMPLETE', null],
    ]);
  });
});
