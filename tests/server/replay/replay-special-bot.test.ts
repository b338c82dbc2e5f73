// A bot over a special session (issue 39): the report of a replayed day equals the backtest of that day to the
// paisa, on a Muhurat evening too. Both read the day's hours from one rule (trading-calendar.ts dayHours, over
// NSE's calendar): Friday 1 November 2024 traded 18:00–19:00 with the MIS square-off at 18:50, so the backtest
// prices the day's index path over that hour and looks at the bot at 18:05 as the replay does, instead of
// running the day at 09:15–15:30 (where an 18:05 entry found the market shut and nothing traded).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { importHistory, importMinutes, syntheticRows } from '../backtests/history-fixture.ts';
import { paperTrader, runBacktest } from '../backtests/paper-run.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { dailyBotBody } from '../support/trading.ts';

type Schemas = components['schemas'];

/** Friday 1 November 2024: Diwali Laxmi Pujan, Muhurat trading only, 18:00–19:00 (migration 037), MIS square-off 18:50 (066). */
const muhurat = '2024-11-01';
/** The Muhurat hour's index: 24,300.00 at 18:00, up ₹1 a minute. */
const eveningAt = (minute: number) => 24_300 + minute;

const tradesOf = (list: Schemas['BacktestTrade'][]) =>
  list.map((trade) => [trade.entered_at, trade.exited_at, trade.exit_rule, trade.gross_pnl, trade.charges, trade.net_pnl, trade.legs.map((leg) => [leg.tradingsymbol, leg.side, leg.quantity, leg.entry_price, leg.exit_price])]);

describe.each(testBackends)('a bot over a Muhurat session on %s', (backend) => {
  let server: TestServer;
  let trader: Awaited<ReturnType<typeof paperTrader>>;

  beforeEach(async () => {
    // The test server's market is the simulator's (demo), where a bot's times may fall outside 09:15–15:30.
    server = await startTestServer({ backend });
    const evening = { [muhurat]: eveningAt(59) };
    // NIFTY's lot was 25 in November 2024.
    await importHistory(server.db, 'NIFTY', evening, syntheticRows(evening, ['2024-11-07', '2024-11-14'], { around: 4 }), 25);
    await importMinutes(server.db, 'NIFTY', muhurat, eveningAt, { open: '18:00', minutes: 60 });
    trader = await paperTrader(server, server.db);
  });

  afterEach(async () => {
    await server.close();
  });

  /** The bot's backtest of the Muhurat day, and its replay through the session checked against it to the paisa. */
  async function backtestAndReplay(overrides: Record<string, unknown>) {
    const body = dailyBotBody(trader.portfolio.id, trader.strategies.get('short_straddle')!.id, {
      lots: 1,
      weekdays: [1, 2, 3, 4, 5],
      entry_time: '18:05',
      exit_time: '18:45',
      stop_loss_pct: 50,
      target_pct: 90,
      params: {},
      ...overrides,
    });
    const created = await trader.call<{ daily_bot: Schemas['DailyBot'] }>('createDailyBot', { token: trader.token, params: { portfolioId: trader.portfolio.id }, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const botId = created.body.daily_bot.id;

    const services = server.app.getDecorator<Services>(servicesDecorator);
    const backtest = await runBacktest(trader.call, trader.token, services, { daily_bot_id: botId, from: muhurat, to: muhurat, capital: 1_000_000 });
    expect(backtest.status, JSON.stringify(backtest)).toBe('done');

    const replay = await trader.call<{ replay: Schemas['Replay'] }>('createReplay', { token: trader.token, body: { index: 'NIFTY', day: muhurat } });
    expect(replay.status, JSON.stringify(replay.body)).toBe(201);
    const id = replay.body.replay.id;
    const attached = await trader.call<Schemas['ReplayBotResponse']>('createReplayBot', { token: trader.token, params: { id }, body: { daily_bot_id: botId } });
    expect(attached.status, JSON.stringify(attached.body)).toBe(201);
    expect((await trader.call('seekReplay', { token: trader.token, params: { id }, body: { minute: '19:00' } })).status).toBe(200);
    const replayed = await trader.call<Schemas['ReplayBotReportResponse']>('getReplayBotReport', { token: trader.token, params: { id } });
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(200);
    expect(replayed.body.final).toBe(true);

    expect(tradesOf(replayed.body.trades)).toEqual(tradesOf(backtest.trades));
    expect(replayed.body.summary).toEqual(backtest.summary);
    expect(replayed.body.daily).toEqual(backtest.daily);
    expect(replayed.body.equity).toEqual(backtest.equity);
    expect(replayed.body.no_trade_days).toEqual(backtest.no_trade_days);
    return backtest;
  }

  it("gives the backtest's trades and P&L of the evening to the paisa, at the session's hours", async () => {
    const backtest = await backtestAndReplay({});
    // In at 18:05 IST and out at its 18:45 exit, both inside the session: the ATM straddle of 24,305.
    expect(backtest.trades.map((trade) => [trade.entered_at, trade.exited_at, trade.exit_rule, trade.legs.map((leg) => leg.tradingsymbol)])).toEqual([
      ['2024-11-01T12:35:00.000Z', '2024-11-01T13:15:00.000Z', 'exit', ['NIFTY24N0724300CE', 'NIFTY24N0724300PE']],
    ]);
    expect(backtest.no_trade_days).toEqual([]);
  }, 240_000);

  it("enters an MIS bot in the evening and squares it off a minute before the session's 18:50 square-off, in the backtest and the replay alike", async () => {
    // Its exit time 18:55 is after the broker's square-off: it is flat by 18:49 (a regular day's 15:24 would have
    // shut it out of the evening altogether: it never entered).
    const backtest = await backtestAndReplay({ exit_time: '18:55', params: { product: 'MIS' } });
    expect(backtest.trades.map((trade) => [trade.entered_at, trade.exited_at, trade.exit_rule, trade.legs.map((leg) => [leg.tradingsymbol, leg.side])])).toEqual([
      [
        '2024-11-01T12:35:00.000Z',
        '2024-11-01T13:19:00.000Z',
        'exit',
        [
          ['NIFTY24N0724300CE', 'SELL'],
          ['NIFTY24N0724300PE', 'SELL'],
        ],
      ],
    ]);
    expect(backtest.no_trade_days).toEqual([]);
  }, 240_000);
});
