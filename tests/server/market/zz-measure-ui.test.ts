import { afterAll, beforeAll, describe, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { openDesk } from '../support/paper-desk.ts';
import { guardedClient } from '../support/trading.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import type { ContractCall } from '../support/contract-client.ts';

describe('measure', () => {
  let server: TestServer;
  let call: ContractCall;
  beforeAll(async () => {
    server = await startTestServer({ backend: 'pglite', clock: manualClock(new Date('2026-11-30T06:30:00Z')), market: { seed: 'm', demo: true, tickMs: 1000 } });
    call = guardedClient(server.app);
    await server.app.getDecorator<Services>(servicesDecorator).market.tick();
  }, 180_000);
  afterAll(async () => server.close());
  it('times', async () => {
    const desk = await openDesk(server, call, 500_000);
    for (const symbol of ['RELIANCE', 'TCS', 'INFY', 'NIFTY', 'HDFCBANK']) {
      const t0 = performance.now();
      const e = await call<components['schemas']['ExpiriesResponse']>('getExpiries', { token: desk.token, query: { index: symbol } });
      const t1 = performance.now();
      const c = await call<components['schemas']['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: symbol, expiry: e.body.expiries[0]!.date } });
      const t2 = performance.now();
      console.log(`MEASURE ${symbol} expiries ${(t1 - t0).toFixed(1)} ms, chain ${(t2 - t1).toFixed(1)} ms (${c.body.instruments?.length} contracts), status ${e.status}/${c.status}`);
    }
    for (const q of ['r', 'reli', 'Reliance Ind', 'bank', 'NIFTY', '']) {
      const t0 = performance.now();
      const r = await call<components['schemas']['UnderlyingsResponse']>('getUnderlyings', { token: desk.token, query: q === '' ? {} : { q } });
      console.log(`MEASURE search "${q}" ${(performance.now() - t0).toFixed(1)} ms, ${r.body.underlyings?.length} found`);
    }
  }, 120_000);
});
