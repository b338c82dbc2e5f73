// Issue 62: "A one-day backtest enters differently from the same day inside a longer range (28 Jan 2025 alone:
// the 22,950 straddle at 197.45; from 24 Jan: the 22,850 straddle at 203.45)". A day without index minutes or
// its open/high/low/close moves in a straight line from the previous history day's close to its own
// (history-prices.ts): a range that started on that day began its path at the day's own close instead. Here
// Tuesday closed at 23,400 and Wednesday at 23,600: at 09:20 the index is near 23,400 whichever day the
// backtest starts on, and the straddle entered is the same, at the same prices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { signedInAccount } from '../support/accounts.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody, guardedClient } from '../support/trading.ts';
import { importHistory, syntheticRows } from './history-fixture.ts';
import { runBacktest } from './paper-run.ts';

type Schemas = components['schemas'];

const monday = '2026-10-05';
const tuesday = '2026-10-06';
const wednesday = '2026-10-07';
const underlying = { [monday]: 23_500, [tuesday]: 23_400, [wednesday]: 23_600 };
const expiries = ['2026-10-13', '2026-10-20', '2026-10-27'];

describe('a day’s backtest whichever day the range starts on', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend: 'pglite' });
    await importHistory(server.db, 'NIFTY', underlying, syntheticRows(underlying, expiries, { around: 10 }), 75);
  }, 120_000);

  afterAll(async () => {
    await server.close();
  });

  it('enters the same straddle at the same prices on the day alone as inside a range from two days before', async () => {
    const call = guardedClient(server.app);
    const { token } = await signedInAccount(call);
    const { account } = await createBrokerAccount(call, token, { capital: 500000 });
    const portfolioId = (await createPortfolio(call, token, account.id)).id;
    const straddle = (await baseStrategies(call, token)).get('short_straddle')!.id;
    const body = dailyBotBody(portfolioId, straddle, { lots: 1, weekdays: [1, 2, 3, 4, 5], entry_time: '09:20', exit_time: '15:10', stop_loss_pct: 90, target_pct: 90 });
    const bot = await call<{ daily_bot: Schemas['DailyBot'] }>('createDailyBot', { token, params: { portfolioId }, body });
    expect(bot.status, JSON.stringify(bot.body)).toBe(201);
    const services = server.app.getDecorator<Services>(servicesDecorator);
    const run = (from: string) => runBacktest(call, token, services, { daily_bot_id: bot.body.daily_bot.id, from, to: wednesday, capital: 500000 });
    const alone = await run(wednesday);
    const longer = await run(monday);
    const entry = (trade: Schemas['BacktestTrade']) => ({
      entered_at: trade.entered_at,
      legs: trade.legs.map((leg) => ({ strike: leg.strike, option_type: leg.option_type, side: leg.side, entry_price: leg.entry_price })),
    });
    const onWednesday = (result: Schemas['Backtest']) => result.trades.filter((trade) => trade.entered_at.startsWith(wednesday)).map(entry);
    expect(onWednesday(alone)).toHaveLength(1);
    expect(onWednesday(alone)).toEqual(onWednesday(longer));
    // Near Tuesday's close at 09:20, not Wednesday's.
    expect(onWednesday(alone)[0]!.legs.map((leg) => leg.strike)).toEqual([23_400, 23_400]);
  }, 600_000);
});
