// The product of a basket (issue 60): the strategy builder's "Trade all" and a recommendation's basket send
// every leg with the product the trader chose, in one place_trades call. After the MIS cut-off on the
// exchange's hours, an iron condor sent as NRML is taken leg by leg as NRML; the same legs as MIS are refused
// with the reason, which is why the builder defaults to NRML then.
import { describe, expect, it } from 'vitest';
import { atInstant, quotedDeskPerTest, type Desk, type ScriptedServer } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';

describe.each(testBackends)("a basket's product on %s", (backend) => {
  let started: ScriptedServer;
  let desk: Desk;
  quotedDeskPerTest(backend, (ready) => {
    started = ready;
    desk = ready.desk;
  });

  /** An iron condor around the money, hedges first, as the builder sends it. */
  const condor = (product: 'MIS' | 'NRML') => {
    const legs = [
      [desk.atm + 400, 'CE', 'BUY'],
      [desk.atm - 400, 'PE', 'BUY'],
      [desk.atm + 200, 'CE', 'SELL'],
      [desk.atm - 200, 'PE', 'SELL'],
    ] as const;
    return legs.map(([strike, type, side]) => {
      const symbol = desk.contract(strike, type).tradingsymbol;
      started.market.set(symbol, { bid: 40, ask: 40.5 });
      return desk.order(symbol, side, desk.lotSize, { product });
    });
  };

  it('takes an iron condor as NRML after 15:25 on the exchange\'s hours, each leg NRML; refuses it as MIS, saying why', async () => {
    started.market.demo(false);
    await atInstant(started, '2026-11-20T15:26:00+05:30', async () => {
      const overnight = await desk.trade('placeTrades', { orders: condor('NRML') });
      expect(overnight.status, JSON.stringify(overnight.body)).toBe(200);
      expect(overnight.body.orders.map((order) => [order.product, order.status])).toEqual(Array(4).fill(['NRML', 'COMPLETE']));

      const intraday = await desk.trade('placeTrades', { orders: condor('MIS') });
      expect(intraday.body.orders.map((order) => [order.product, order.status])).toEqual(Array(4).fill(['MIS', 'REJECTED']));
      expect(intraday.body.orders[0]!.status_message).toContain('Intraday (MIS) orders are closed for today: from 15:25 IST');
    });
  });

  it('takes the same iron condor as MIS in the demo market after 15:25, each leg MIS', async () => {
    await atInstant(started, '2026-11-20T15:26:00+05:30', async () => {
      const intraday = await desk.trade('placeTrades', { orders: condor('MIS') });
      expect(intraday.body.orders.map((order) => [order.product, order.status])).toEqual(Array(4).fill(['MIS', 'COMPLETE']));
    });
  });
});
