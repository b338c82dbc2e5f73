// One engine: the same daily bot over the same days gives the same trades in a backtest (its isolated book)
// and in a paper run on the trader's own paper account, driven by the same history prices at the same
// instants through the server's engine and paper broker.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import { buildReport, type MarginSample } from '../../../server/services/analysis/backtests/backtest-report.ts';
import { dayTimes } from '../../../server/services/analysis/backtests/bot-looks.ts';
import { historyPrices } from '../../../server/services/analysis/backtests/history-prices.ts';
import { shapeMarket } from '../../../server/services/analysis/backtests/history-market.ts';
import type { Services } from '../../../server/services/services.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer } from '../support/test-server.ts';
import { dailyBotBody } from '../support/trading.ts';
import { importHistory, syntheticRows } from './history-fixture.ts';
import { instant, paperTrader, runBacktest, tickPaperRun } from './paper-run.ts';

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

describe.each(testBackends)('one engine for backtests and paper on %s', (backend) => {
  it('gives the same trades, fill for fill, over the same days and prices', async () => {
    const database = await createMigratedTestDatabase(backend);
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

      const { call, token, account, portfolio, strategies } = await paperTrader(server, database);
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
      const backtest = await runBacktest(call, token, services, { daily_bot_id: bot.body.daily_bot.id, from: days[0]!, to: days.at(-1)!, capital: 500000 });

      // The paper run: the trader's account, the server's engine and paper broker, ticked at the same instants.
      const margins: MarginSample[] = [];
      // October 2026: a regular day of 09:15–15:40 (migration 075).
      await tickPaperRun({ database, services, clock, prices, days, minutes: dayTimes('09:20', '15:10', 60, { open: '09:15', close: '15:40' }) });
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
