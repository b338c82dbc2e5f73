// One engine: the same daily bot over the same days gives the same trades in a backtest (its isolated book)
// and in a paper run on the trader's own paper account, driven by the same history prices at the same
// instants through the server's engine and paper broker.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import { buildReport, type MarginSample } from '../../../server/services/backtests/backtest-report.ts';
import { dayTimes } from '../../../server/services/backtests/backtest-runner.ts';
import { historyPrices } from '../../../server/services/backtests/history-prices.ts';
import { listDay, shapeMarket } from '../../../server/services/backtests/history-market.ts';
import { clockMinutes, istOffsetMs } from '../../../server/services/market/ist.ts';
import type { Services } from '../../../server/services/services.ts';
import { signedInAccount } from '../support/accounts.ts';
import { createTestDatabase, testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody, guardedClient, paperBrokerLogin } from '../support/trading.ts';
import { importHistory, syntheticRows } from './history-fixture.ts';

type Schemas = components['schemas'];

const underlying = {
  '2026-10-05': 25010,
  '2026-10-06': 25130,
  '2026-10-07': 24920,
  '2026-10-08': 25210,
  '2026-10-09': 25160,
  '2026-10-12': 25390,
  '2026-10-13': 25240,
};
const expiries = ['2026-10-06', '2026-10-13', '2026-10-19', '2026-10-27'];
const instant = (day: string, minutes: number, seconds = 0) => new Date(Date.parse(`${day}T00:00:00Z`) - istOffsetMs + minutes * 60_000 + seconds * 1000);

describe.each(testBackends)('one engine for backtests and paper on %s', (backend) => {
  it('gives the same trades, fill for fill, over the same days and prices', async () => {
    const database = await createTestDatabase(backend);
    const clock = manualClock(instant('2026-10-05', 8 * 60));
    const prices = historyPrices({ history: database, clock: clock.now });
    const server = await startTestServer({ backend, database, clock, prices });
    try {
      const days = Object.keys(underlying);
      await importHistory(database, 'NIFTY', underlying, syntheticRows(underlying, expiries, { around: 20 }), 75);
      const services = server.app.getDecorator<Services>(servicesDecorator);
      await prices.load('NIFTY', days[0]!, days.at(-1)!);
      // The trader's server gets the market as it was, as the backtest's book does.
      await shapeMarket(database, 'NIFTY', days.map((day) => prices.day('NIFTY', day)!));

      const call = guardedClient(server.app);
      const { token } = await signedInAccount(call);
      const { input, account } = await createBrokerAccount(call, token, { capital: 500000 });
      const login = await call('loginBrokerAccount', { token, params: { accountId: account.id }, body: { request_token: await paperBrokerLogin(server.app, input), broker_name: 'paper' } });
      expect(login.status).toBe(200);
      // A paper session ends each night; the run spans days, as the backtest's book does.
      await database.query(`UPDATE broker_accounts SET session_expires_at = '9999-12-31' WHERE id = $1`, [account.id]);
      const portfolio = await createPortfolio(call, token, account.id);
      const strategies = await baseStrategies(call, token);
      const body = dailyBotBody(portfolio.id, strategies.get('iron_condor')!.id, {
        lots: 1,
        weekdays: [1, 2, 3, 4, 5],
        entry_time: '09:20',
        exit_time: '15:10',
        stop_loss_pct: 40,
        target_pct: 30,
        params: {},
      });
      const bot = await call<{ daily_bot: Schemas['DailyBot'] }>('createDailyBot', { token, params: { portfolioId: portfolio.id }, body });
      expect(bot.status, JSON.stringify(bot.body)).toBe(201);

      // The backtest, on its own book.
      const queued = await call<{ backtest: Schemas['Backtest'] }>('createBacktest', {
        token,
        body: { daily_bot_id: bot.body.daily_bot.id, from: days[0], to: days.at(-1), capital: 500000 },
      });
      expect(queued.status, JSON.stringify(queued.body)).toBe(202);
      expect((await services.backtests.worker.pass()).outcome).toBe('done');
      const backtest = (await call<{ backtest: Schemas['Backtest'] }>('getBacktest', { token, params: { id: queued.body.backtest.id } })).body.backtest;

      // The paper run: the trader's account, the server's engine and paper broker, ticked at the same instants.
      const listed = new Set<string>();
      const margins: MarginSample[] = [];
      for (const day of days) {
        for (const minute of dayTimes('09:20', '15:10', 60)) {
          clock.advance(instant(day, minute).getTime() - clock.now().getTime());
          await listDay(database, services.market, prices.day('NIFTY', day)!, clock.now(), listed);
          const ticked = await services.botEngine.tick(clock.now());
          expect(ticked.errors).toEqual([]);
          await services.paperTrading.onTick(clock.now());
        }
        clock.advance(instant(day, clockMinutes('15:30'), 30).getTime() - clock.now().getTime());
        await services.paperTrading.onTick(clock.now(), { fills: false });
      }
      const paperAccount = { id: account.id, accountNumber: account.account_number, capitalPaise: 50_000_000 };
      const paper = await buildReport({ db: database, services, account: paperAccount, portfolioId: portfolio.id, botId: bot.body.daily_bot.id }, prices, 'NIFTY', days, margins);

      expect(backtest.trades.length).toBeGreaterThanOrEqual(days.length);
      const fills = (trades: Schemas['BacktestTrade'][]) =>
        trades.map((trade) => [trade.entered_at, trade.exited_at, trade.exit_rule, trade.net_pnl, trade.legs.map((leg) => [leg.tradingsymbol, leg.side, leg.quantity, leg.entry_price, leg.exit_price, leg.exit_rule])]);
      expect(fills(backtest.trades)).toEqual(fills(paper.trades));
      expect(backtest.daily).toEqual(paper.daily);
      expect(backtest.summary!.net_pnl).toBe(paper.summary.net_pnl);
      // Some exits came from the bot's own rules, not only its exit time.
      expect(new Set(backtest.trades.map((trade) => trade.exit_rule)).size).toBeGreaterThan(0);
    } finally {
      await server.close();
      await database.close();
    }
  }, 180_000);
});
