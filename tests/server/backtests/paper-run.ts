// What the backtest tests share: a trader with a logged-in paper account that spans days, a backtest run to
// its end by one worker pass, and the paper run that ticks the server's own engine and paper broker at a
// backtest's instants (the one-engine comparisons).
import { expect } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../../server/db/database.ts';
import { listDay } from '../../../server/services/analysis/backtests/history-market.ts';
import type { historyPrices } from '../../../server/services/analysis/backtests/history-prices.ts';
import { clockMinutes, istOffsetMs } from '../../../server/services/market/ist.ts';
import type { Services } from '../../../server/services/services.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ManualClock, TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, guardedClient, paperBrokerLogin } from '../support/trading.ts';

type Schemas = components['schemas'];
type Call = ReturnType<typeof guardedClient>;

/** The instant of an IST day's clock minute (and second). */
export const instant = (day: string, minutes: number, seconds = 0) => new Date(Date.parse(`${day}T00:00:00Z`) - istOffsetMs + minutes * 60_000 + seconds * 1000);

/** A trader, a paper account of ₹5 lakh logged in for the whole run, a portfolio on it and the house strategies. */
export async function paperTrader(server: TestServer, database: Database) {
  const call = guardedClient(server.app);
  const { token } = await signedInAccount(call);
  const { input, account } = await createBrokerAccount(call, token, { capital: 500000 });
  const login = await call('loginBrokerAccount', { token, params: { accountId: account.id }, body: { request_token: await paperBrokerLogin(server.app, input), broker_name: 'paper' } });
  expect(login.status).toBe(200);
  // A paper session ends each night; the run spans days, as the backtest's book does.
  await database.query(`UPDATE broker_accounts SET session_expires_at = '9999-12-31' WHERE id = $1`, [account.id]);
  const portfolio = await createPortfolio(call, token, account.id);
  const strategies = await baseStrategies(call, token);
  return { call, token, account, portfolio, strategies };
}

/** Queues a backtest, lets one worker pass run it to the end, and reads it back. */
export async function runBacktest(call: Call, token: string, services: Services, body: Schemas['BacktestCreate']): Promise<Schemas['Backtest']> {
  const queued = await call<{ backtest: Schemas['Backtest'] }>('createBacktest', { token, body });
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  const pass = await services.backtests.worker.pass();
  const backtest = (await call<{ backtest: Schemas['Backtest'] }>('getBacktest', { token, params: { id: queued.body.backtest.id } })).body.backtest;
  // A run that broke off says why.
  expect(pass.outcome, JSON.stringify(backtest.error)).toBe('done');
  return backtest;
}

type PaperRun = {
  database: Database;
  services: Services;
  clock: ManualClock;
  prices: ReturnType<typeof historyPrices>;
  days: readonly string[];
  /** The clock minutes the engine looks at each day (the backtest runner's own). */
  minutes: readonly number[];
};

/** The trader's account on the server's engine and paper broker, ticked at the backtest's instants, then settled after each close. */
export async function tickPaperRun({ database, services, clock, prices, days, minutes }: PaperRun): Promise<void> {
  const listed = new Set<string>();
  for (const day of days) {
    for (const minute of minutes) {
      clock.advance(instant(day, minute).getTime() - clock.now().getTime());
      await listDay(database, services.market, prices.day('NIFTY', day)!, clock.now(), listed);
      const ticked = await services.botEngine.tick(clock.now());
      expect(ticked.errors).toEqual([]);
      await services.paperTrading.onTick(clock.now());
    }
    clock.advance(instant(day, clockMinutes('15:30'), 30).getTime() - clock.now().getTime());
    await services.paperTrading.onTick(clock.now(), { fills: false });
  }
}
