import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { signedInAccount } from '../support/accounts.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody, guardedClient } from '../support/trading.ts';
import { importHistory, syntheticRows } from './history-fixture.ts';

type Schemas = components['schemas'];
const underlying = { '2025-10-20': 25800, '2025-10-21': 25850, '2025-10-24': 25900 };

describe('experiment', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ backend: 'pglite' });
    await importHistory(server.db, 'NIFTY', underlying, syntheticRows(underlying, ['2025-10-28', '2025-11-04']));
  });
  afterEach(async () => server.close());

  it('08:06', async () => {
    const call = guardedClient(server.app);
    const { token } = await signedInAccount(call);
    const { account } = await createBrokerAccount(call, token);
    const portfolio = await createPortfolio(call, token, account.id);
    const strategies = await baseStrategies(call, token);
    const body = dailyBotBody(portfolio.id, strategies.get('short_straddle')!.id, { weekdays: [1, 2, 3, 4, 5], entry_time: '08:06', exit_time: '15:15' });
    const queued = await call<{ backtest: Schemas['Backtest'] }>('createBacktest', { token, body: { bot: body, from: '2025-10-20', to: '2025-10-24', capital: 500000 } });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const services = server.app.getDecorator<Services>(servicesDecorator);
    const pass = await services.backtests.worker.pass();
    const got = await call<{ backtest: Schemas['Backtest'] }>('getBacktest', { token, params: { id: queued.body.backtest.id } });
    console.log(pass, JSON.stringify(got.body.backtest.summary), JSON.stringify(got.body.backtest.daily));
  }, 180_000);
});
