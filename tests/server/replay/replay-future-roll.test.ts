// Issue 63: a bot's future rolled in a replay as its backtest rolls it. The three UDiFF days of RELIANCE the backtest's
// roll test stands on (tests/server/history/fixtures: 26, 29 and 30 December 2025, prices made up; the December expiry
// on Tuesday the 30th, Christmas a holiday): a protective put (the December 1,520 put and future bought) entered on
// Monday 29 December at 15:29, the trading day before its expiry. With the backtest's default (one trading day before
// expiry) the replay of that Monday rolls the December future into January at 15:29, after the entry, as one basket of
// the bot's orders: the roll line, the legs and the P&L of the replayed day are the backtest's of the same day, to the
// paisa. With 0 the future is left to its expiry in both.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { runBacktest } from '../backtests/paper-run.ts';
import { bhavcopiesPerFile, type BhavcopyServer } from '../history/bhavcopy-upload.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody } from '../support/trading.ts';

type Schemas = components['schemas'];

const monday = '2025-12-29';
const files = ['2025-12-26', monday, '2025-12-30'].map((day) => `BhavCopy_NSE_FO_0_0_0_${day.replace(/-/g, '')}_F_0000.csv`);

const tradesOf = (list: Schemas['BacktestTrade'][]) =>
  list.map((trade) => [trade.entered_at, trade.exit_rule, trade.gross_pnl, trade.charges, trade.net_pnl, trade.rolls, trade.legs.map((leg) => [leg.tradingsymbol, leg.side, leg.quantity, leg.entry_price, leg.exit_price, leg.exit_rule])]);

describe.each(testBackends)("a replay's bot rolls its future as its backtest does, on %s", (backend) => {
  let server: TestServer;
  let token: string;
  let call: BhavcopyServer['call'];
  bhavcopiesPerFile(backend, files, (started) => ({ server, call, token } = started));

  /** A one-lot protective put on RELIANCE entered Mondays at 15:29 (its exit is after the close: never looked at). */
  async function protectivePut() {
    const { account } = await createBrokerAccount(call, token, { capital: 2_000_000 });
    const portfolio = await createPortfolio(call, token, account.id);
    const strategies = await baseStrategies(call, token);
    const body = dailyBotBody(portfolio.id, strategies.get('protective_put')!.id, { lots: 1, weekdays: [1], entry_time: '15:29', exit_time: '15:30', stop_loss_pct: 100, target_pct: 1000, params: { put_distance: 1 } });
    return { ...body, underlying: 'RELIANCE' };
  }

  /** The bot's backtest of Monday alone and its replay of Monday to the close, with the same roll setting. */
  async function backtestAndReplay(roll: { futures_roll_days?: number }) {
    const bot = await protectivePut();
    const backtest = await runBacktest(call, token, server.app.getDecorator<Services>(servicesDecorator), { bot, from: monday, to: monday, capital: 1_000_000, ...roll });
    expect(backtest.status, JSON.stringify(backtest.error)).toBe('done');

    const replay = await call<{ replay: Schemas['Replay'] }>('createReplay', { token, body: { index: 'RELIANCE', day: monday, start: '15:00', replace: true } });
    expect(replay.status, JSON.stringify(replay.body)).toBe(201);
    const id = replay.body.replay.id;
    const attached = await call<Schemas['ReplayBotResponse']>('createReplayBot', { token, params: { id }, body: { bot, ...roll } });
    expect(attached.status, JSON.stringify(attached.body)).toBe(201);
    expect(attached.body.replay_bot?.futures_roll_days).toBe(roll.futures_roll_days ?? 1);
    expect((await call('seekReplay', { token, params: { id }, body: { minute: '15:30' } })).status).toBe(200);
    const replayed = await call<Schemas['ReplayBotReportResponse']>('getReplayBotReport', { token, params: { id } });
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(200);
    expect(replayed.body.final).toBe(true);

    expect(tradesOf(replayed.body.trades)).toEqual(tradesOf(backtest.trades));
    expect(replayed.body.summary).toEqual(backtest.summary);
    expect(replayed.body.daily).toEqual(backtest.daily);
    return { backtest, replayed: replayed.body };
  }

  it('rolls the December future to January at 15:29 on the day before its expiry, the roll line the backtest\'s', async () => {
    const { replayed } = await backtestAndReplay({});
    const trade = replayed.trades[0]!;
    expect(trade.legs.map((leg) => [leg.tradingsymbol, leg.side, leg.exit_rule])).toEqual([
      ['RELIANCE25DEC1520PE', 'BUY', 'end_of_backtest'],
      ['RELIANCE25DECFUT', 'BUY', 'roll'],
      ['RELIANCE26JANFUT', 'BUY', 'end_of_backtest'],
    ]);
    expect(trade.rolls).toMatchObject([{ at: '2025-12-29T09:59:00.000Z', from: 'RELIANCE25DECFUT', to: 'RELIANCE26JANFUT', side: 'BUY', quantity: 500, from_quantity: 500 }]);
    expect(trade.rolls![0]!.spread).toBeGreaterThan(0);
  }, 240_000);

  it('leaves the future to its expiry with 0, in the replay as in the backtest', async () => {
    const { replayed } = await backtestAndReplay({ futures_roll_days: 0 });
    expect(replayed.trades[0]!.rolls).toBeUndefined();
    expect(replayed.trades[0]!.legs.map((leg) => leg.tradingsymbol)).toEqual(['RELIANCE25DEC1520PE', 'RELIANCE25DECFUT']);
  }, 240_000);
});
