// A signal-driven trading bot in a backtest: its EMA crossover is computed on the imported index minutes (the
// history's price source), so it enters at the candle where the crossover happens, the same as a paper run of
// the same bot driven by the same prices at the same instants.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import { buildReport } from '../../../server/services/analysis/backtests/backtest-report.ts';
import { botTimes, candleEnds } from '../../../server/services/analysis/backtests/bot-looks.ts';
import { historyPrices } from '../../../server/services/analysis/backtests/history-prices.ts';
import { shapeMarket } from '../../../server/services/analysis/backtests/history-market.ts';
import { clockMinutes } from '../../../server/services/market/ist.ts';
import type { Services } from '../../../server/services/services.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer } from '../support/test-server.ts';
import { tradingBotBody } from '../support/trading.ts';
import { importHistory, importMinutes, syntheticRows } from './history-fixture.ts';
import { instant, paperTrader, runBacktest, tickPaperRun } from './paper-run.ts';

type Schemas = components['schemas'];

// Minute m counts from 09:15 IST. Wednesday falls 1 point a minute, then jumps 100 points in the 10:30
// candle and climbs again: on 5-minute candles the fast EMA (3) crosses above the slow one (5) on the candle
// that ends at 10:35 (before it the steady fall keeps fast below slow). Thursday climbs 1 a minute from
// Wednesday's close and drops 150 in the 11:00 candle: fast crosses below slow on the candle ending 11:05.
const wednesday = (m: number) => (m < 75 ? 25000 - m : 25025 + (m - 75));
const wednesdayClose = wednesday(374);
const thursday = (m: number) => (m < 105 ? wednesdayClose + m : wednesdayClose + 105 - 150 - (m - 105));
const underlying = { '2026-10-07': wednesdayClose, '2026-10-08': thursday(374) };
const expiries = ['2026-10-13', '2026-10-20', '2026-10-27'];

describe('a backtest looks at the end of every candle of a signal bot', () => {
  it('adds the 15-minute candles ends between entry and exit to the 5-minute steps', () => {
    const hours = { open: '09:15', close: '15:40', misSquareOff: '15:25' };
    expect(candleEnds(15, '10:00', '11:00', hours)).toEqual([600, 615, 630, 645]);
    const bot = { kind: 'trading', strategy: 'trend_option_buyer', entry_time: '10:00', exit_time: '11:00', params: { timeframe_minutes: 3 } } as never;
    // 3-minute candles end at 10:03, 10:06...: the 60-minute step alone would see none of them.
    expect(botTimes(bot, 60, hours).slice(0, 4)).toEqual([600, 603, 606, 609]);
  });
});

describe.each(testBackends)('signal entries in a backtest on %s', (backend) => {
  it('enters on the crossover minute of the imported index path, as a paper run on the same prices does', async () => {
    const database = await createMigratedTestDatabase(backend);
    const clock = manualClock(instant('2026-10-07', 8 * 60));
    const prices = historyPrices({ history: database, clock: clock.now });
    const server = await startTestServer({ backend, database, clock, prices });
    try {
      const days = Object.keys(underlying);
      await importHistory(database, 'NIFTY', underlying, syntheticRows(underlying, expiries, { around: 20 }), 75);
      await importMinutes(database, 'NIFTY', '2026-10-07', wednesday);
      await importMinutes(database, 'NIFTY', '2026-10-08', thursday);
      const services = server.app.getDecorator<Services>(servicesDecorator);
      await prices.load('NIFTY', days[0]!, days.at(-1)!);
      await shapeMarket(database, 'NIFTY', days.map((day) => prices.day('NIFTY', day)!));

      const { call, token, account, portfolio, strategies } = await paperTrader(server, database);
      const body = tradingBotBody(portfolio.id, strategies.get('trend_option_buyer')!.id, {
        name: 'NIFTY trend',
        lots: 1,
        // Wide enough that neither the stop nor the target closes a trade before the exit time.
        stop_loss_pct: 90,
        target_pct: 1000,
        entry_from: '10:00',
        entry_until: '14:00',
        exit_time: '15:00',
        params: { indicator: 'ema_crossover', timeframe_minutes: 5, fast_ema: 3, slow_ema: 5, max_trades_per_day: 1, exit_on_reverse_signal: true },
      });
      const created = await call<{ trading_bot: Schemas['TradingBot'] }>('createTradingBot', { token, params: { portfolioId: portfolio.id }, body });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const botId = created.body.trading_bot.id;

      const backtest = await runBacktest(call, token, services, { trading_bot_id: botId, from: days[0]!, to: days.at(-1)!, capital: 500000 });

      // Wednesday's up-crossover buys a call at 10:35, Thursday's down-crossover a put at 11:05; each is held
      // to the exit time.
      const entries = backtest.trades.map((trade) => [trade.entered_at, trade.legs.map((leg) => [leg.side, leg.tradingsymbol.slice(-2)]), trade.exit_rule]);
      expect(entries).toEqual([
        [instant('2026-10-07', clockMinutes('10:35')).toISOString(), [['BUY', 'CE']], expect.any(String)],
        [instant('2026-10-08', clockMinutes('11:05')).toISOString(), [['BUY', 'PE']], expect.any(String)],
      ]);

      // The paper run: the trader's account and the server's engine, ticked at the backtest's instants.
      const job = { kind: 'trading', strategy: 'trend_option_buyer', entry_time: '10:00', exit_time: '15:00', params: body.params } as never;
      // October 2026: a regular day of 09:15–15:40 (migration 075).
      await tickPaperRun({ database, services, clock, prices, days, minutes: botTimes(job, 5, { open: '09:15', close: '15:40', misSquareOff: '15:25' }) });
      const paperAccount = { id: account.id, accountNumber: account.account_number, capitalPaise: 50_000_000 };
      const paper = await buildReport({ db: database, services, account: paperAccount, portfolioId: portfolio.id, botId }, prices, 'NIFTY', days, []);
      const fills = (trades: Schemas['BacktestTrade'][]) =>
        trades.map((trade) => [trade.entered_at, trade.exited_at, trade.exit_rule, trade.net_pnl, trade.legs.map((leg) => [leg.tradingsymbol, leg.side, leg.quantity, leg.entry_price, leg.exit_price])]);
      expect(fills(backtest.trades)).toEqual(fills(paper.trades));
      expect(backtest.summary!.net_pnl).toBe(paper.summary.net_pnl);
    } finally {
      await server.close();
      await database.close();
    }
  }, 180_000);
});
