// One set of assumptions everywhere: a leg the strategy builder prices from the simulated chain (entered at the
// chain's last price, at the volatility that price implies on the forward) is worth exactly what was paid on the
// builder's "today" line, because the builder and the simulator price with one rate (quant/market-assumptions.ts).
// With the builder at 6.5 % and the simulator at 5.5 %, a single lot showed ₹170–762 of P&L that did not exist.
// The chain's own IV column is the exchange's figure (on the spot at NSE's 10 %): a leg priced at it would not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datePnlFunction } from '../../../quant/payoff.ts';
import { premiumVolatility } from '../../../quant/premium-volatility.ts';
import type { StrategyLeg } from '../../../quant/strategy-legs.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { scenarioFor } from '../../../src/features/strategies/hooks/use-payoff-scenario.ts';
import { expiryInstant } from '../../../src/features/strategies/model/builder-leg.ts';
import { testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

const friday = new Date('2026-11-20T04:30:00Z');
const dayMs = 24 * 60 * 60 * 1000;

describe.each(testBackends)('the builder and the chain on %s', (backend) => {
  let server: TestServer;
  let services: Services;

  beforeAll(async () => {
    server = await startTestServer({ backend, clock: manualClock(friday), market: { seed: 'one-rate', demo: true, tickMs: 1000 } });
    services = server.app.getDecorator<Services>(servicesDecorator);
    await services.market.tick(friday);
  });

  afterAll(async () => {
    await server.close();
  });

  it.each(['NIFTY', 'BANKNIFTY'] as const)('shows no P&L at entry for a %s leg bought or sold at the chain’s price, near the money and on the wings', async (index) => {
    const expiries = await services.market.expiries(index, friday);
    // The next month's contract too: a wrong rate costs more the further the expiry.
    for (const expiry of [expiries.expiries[0]!.date, expiries.expiries.find((item) => item.kind === 'monthly' && item.date > expiries.expiries[0]!.date)!.date]) {
      const chain = await services.market.instruments(index, expiry, friday);
      const quotes = await services.market.quotes([chain.underlying, ...chain.instruments.map((item) => item.instrument)]);
      const spot = quotes[chain.underlying]!.last_price;
      const atm = chain.instruments.reduce((best, item) => (Math.abs(item.strike - spot) < Math.abs(best.strike - spot) ? item : best));
      const picks = chain.instruments.filter((item) => [atm.strike, atm.strike + 5 * chain.strike_step, atm.strike - 5 * chain.strike_step].includes(item.strike));
      expect(picks).toHaveLength(6);
      for (const item of picks) {
        const quote = quotes[item.instrument]!;
        const expiryMs = expiryInstant(expiry);
        const nowMs = Date.parse(quote.timestamp);
        const leg: StrategyLeg = {
          side: item.instrument_type === 'CE' ? 'BUY' : 'SELL',
          kind: item.instrument_type,
          strike: item.strike,
          lots: 1,
          lotSize: chain.lot_size,
          expiryMs,
          entryPrice: quote.last_price,
          volatility: premiumVolatility({ kind: item.instrument_type, strike: item.strike, spot, premium: quote.last_price, atMs: nowMs, expiryMs })!,
          enabled: true,
        };
        const scenario = scenarioFor({ spotShift: 0, volatilityShift: 0, daysLeft: null }, spot, expiryMs, (expiryMs - nowMs) / dayMs)!;
        // Rounding only: half a rupee a lot.
        const rounding = 0.5;
        expect(Math.abs(datePnlFunction([leg], scenario)(spot)), `${item.tradingsymbol} at ${quote.last_price}`).toBeLessThan(rounding);
      }
    }
  });
});
