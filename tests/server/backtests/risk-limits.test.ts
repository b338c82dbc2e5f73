// The account's risk limits in a backtest, as on paper: a day's loss reaching the maximum loss (exactly equal
// trips it) turns the book's kill switch on, which closes what is held and blocks the bot for the rest of the
// day; the next morning the switch is turned off and the bot resumed, and the report names the stop and the
// trade it closed. The fixture's short straddle loses on Tuesday: a stop-loss, a re-entry, a second stop-loss.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { signedInAccount } from '../support/accounts.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody, guardedClient } from '../support/trading.ts';
import { importHistory, syntheticRows } from './history-fixture.ts';
import { runBacktest } from './paper-run.ts';
import { expectSummaryOfItsTradesAndDays } from './report-figures.ts';

type Schemas = components['schemas'];
type Trade = Schemas['BacktestTrade'];

const underlying = { '2026-10-05': 25010, '2026-10-06': 25330, '2026-10-07': 24920, '2026-10-08': 25210, '2026-10-09': 25160 };
const expiries = ['2026-10-06', '2026-10-13', '2026-10-19', '2026-10-27'];
const tuesday = '2026-10-06';
const dayOf = (trade: Trade) => new Date(Date.parse(trade.entered_at) + 5.5 * 3_600_000).toISOString().slice(0, 10);
const fills = (trades: readonly Trade[]) => trades.map((trade) => [trade.entered_at, trade.exited_at, trade.exit_rule, trade.net_pnl]);

describe.each(testBackends)('risk limits in a backtest on %s', (backend) => {
  let server: TestServer;
  let call: ReturnType<typeof guardedClient>;
  let token: string;
  let accountNumber: string;
  let botId: number;

  async function backtest(maxLoss: number | null): Promise<Schemas['Backtest']> {
    const limits = { max_loss_today: maxLoss, profit_lock_from: null, profit_lock_keep_pct: null, max_trades_today: null, max_lots_per_order: null, max_open_positions: null };
    expect((await call('updateRiskLimits', { token, params: { accountNumber }, body: limits })).status).toBe(200);
    const services = server.app.getDecorator<Services>(servicesDecorator);
    return runBacktest(call, token, services, { daily_bot_id: botId, from: '2026-10-05', to: '2026-10-09', capital: 500000 });
  }

  beforeAll(async () => {
    server = await startTestServer({ backend });
    await importHistory(server.db, 'NIFTY', underlying, syntheticRows(underlying, expiries, { around: 20 }), 75);
    call = guardedClient(server.app);
    ({ token } = await signedInAccount(call));
    const { account } = await createBrokerAccount(call, token, { capital: 500000 });
    accountNumber = account.account_number;
    const portfolio = await createPortfolio(call, token, account.id);
    const strategies = await baseStrategies(call, token);
    const body = dailyBotBody(portfolio.id, strategies.get('short_straddle')!.id, {
      lots: 1,
      weekdays: [1, 2, 3, 4, 5],
      entry_time: '09:20',
      exit_time: '15:10',
      stop_loss_pct: 20,
      target_pct: 80,
      params: { re_entry: 'new_atm', max_re_entries: 1 },
    });
    const bot = await call<{ daily_bot: Schemas['DailyBot'] }>('createDailyBot', { token, params: { portfolioId: portfolio.id }, body });
    expect(bot.status, JSON.stringify(bot.body)).toBe(201);
    botId = bot.body.daily_bot.id;
  }, 120_000);
  afterAll(async () => {
    await server.close();
  });

  it('stops the day when the loss reaches the limit exactly, resumes the next day, and says what it closed', async () => {
    const free = await backtest(null);
    const tuesdayTrades = free.trades.filter((trade) => dayOf(trade) === tuesday);
    // Without a limit: Tuesday's stop-loss, its re-entry and a second stop-loss.
    expect(tuesdayTrades.map((trade) => trade.exit_rule)).toEqual(['stop_loss', 'stop_loss']);
    expect(free.risk_stops).toEqual([]);
    // Wins and losses over five days: the summary's figures are those of the trades and days it lists.
    expect(free.trades.some((trade) => trade.net_pnl > 0) && free.trades.some((trade) => trade.net_pnl < 0)).toBe(true);
    expectSummaryOfItsTradesAndDays(free, 500000);
    const firstLoss = -tuesdayTrades[0]!.net_pnl;
    const others = (report: Schemas['Backtest']) => fills(report.trades.filter((trade) => dayOf(trade) !== tuesday));

    // A limit of exactly the first stop-loss's loss: reached as it exits, so the re-entry never comes.
    const exact = await backtest(firstLoss);
    expect(fills(exact.trades.filter((trade) => dayOf(trade) === tuesday))).toEqual(fills(tuesdayTrades.slice(0, 1)));
    expect(exact.risk_stops).toEqual([
      {
        at: tuesdayTrades[0]!.exited_at,
        reason: expect.stringMatching(/^Risk limit: today's loss of .* reached your maximum loss of /),
        reason_i18n: { code: 'kill_switch.max_loss', params: { loss: firstLoss, limit: firstLoss } },
      },
    ]);
    // The next days trade as without the limit: the switch was turned off and the bot resumed each morning.
    expect(others(exact)).toEqual(others(free));

    // One paisa more: the first loss does not reach it; the re-entry does, and the switch closes it at once.
    const above = await backtest(firstLoss + 0.01);
    const closed = above.trades.filter((trade) => dayOf(trade) === tuesday);
    expect(closed.map((trade) => trade.exit_rule)).toEqual(['stop_loss', 'kill_switch']);
    expect(closed[1]!.entered_at).toBe(tuesdayTrades[1]!.entered_at);
    expect(closed[1]!.reason).toMatch(/^Risk limit: /);
    expect(closed[1]!.reason_i18n).toMatchObject({ code: 'kill_switch.max_loss', params: { limit: firstLoss + 0.01 } });
    expect(above.risk_stops!.map((stop) => stop.at)).toEqual([closed[1]!.exited_at]);
    expect(others(above)).toEqual(others(free));
  }, 400_000);
});
