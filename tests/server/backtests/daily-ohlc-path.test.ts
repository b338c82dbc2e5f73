// Without minutes, a day whose open, high, low and close are imported (NSE's index close file) moves the
// index open → low (11:00) → high (13:30) → close on a day that closed at or above its open
// (history-prices.ts). A short straddle entered at 09:20 and exited at 13:30 on such a day (open and close
// 25,000, high 25,060) exits with the index at its high: the call is bought back dearer than it was sold,
// the put cheaper, where the straight line between closes would have held the index at 25,000 and both
// legs would only have decayed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import { ohlcLevelPaise } from '../../../server/services/analysis/backtests/history-prices.ts';
import type { Services } from '../../../server/services/services.ts';
import { clockMinutes } from '../../../server/services/market/ist.ts';
import { signedInAccount } from '../support/accounts.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody, guardedClient } from '../support/trading.ts';
import { importHistory, importIndexDay, syntheticRows } from './history-fixture.ts';
import { runBacktest } from './paper-run.ts';

type Schemas = components['schemas'];

const monday = '2026-10-05';
const underlying = { [monday]: 25000 };
const expiries = ['2026-10-06', '2026-10-13', '2026-10-20'];

describe('the daily open/high/low/close path', () => {
  it('passes through open, the extremes and close at their fixed times, high first on a day that closed down', () => {
    const up = { openPaise: 25_000_00, highPaise: 25_300_00, lowPaise: 24_900_00, closePaise: 25_100_00 };
    // A 09:15–15:30 day (before 3 August 2026): the extremes at 11:00 and 13:30.
    const before = { open: '09:15', close: '15:30' };
    expect(['09:15', '11:00', '13:30', '15:30'].map((time) => ohlcLevelPaise(up, clockMinutes(time), before))).toEqual([25_000_00, 24_900_00, 25_300_00, 25_100_00]);
    expect(ohlcLevelPaise(up, clockMinutes('12:15'), before)).toBe(25_100_00);
    const down = { ...up, closePaise: 24_950_00 };
    expect(['11:00', '13:30'].map((time) => ohlcLevelPaise(down, clockMinutes(time), before))).toEqual([25_300_00, 24_900_00]);
    // A 09:15–15:40 day: the same shares of the session (28 % and 68 %), the close at 15:40.
    const since = { open: '09:15', close: '15:40' };
    expect(['09:15', '11:03', '13:37', '15:40'].map((time) => ohlcLevelPaise(up, clockMinutes(time), since))).toEqual([25_000_00, 24_900_00, 25_300_00, 25_100_00]);
  });
});

describe('a backtest on a day with its daily OHLC and no minutes', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ backend: 'pglite' });
    await importHistory(server.db, 'NIFTY', underlying, syntheticRows(underlying, expiries, { around: 10 }), 75);
    await importIndexDay(server.db, 'NIFTY', monday, { open: 25000, high: 25060, low: 24980, close: 25000 });
  }, 120_000);

  afterAll(async () => {
    await server.close();
  });

  it('exits at the level the OHLC path has at the exit time, not the straight line’s', async () => {
    const call = guardedClient(server.app);
    const { token } = await signedInAccount(call);
    const { account } = await createBrokerAccount(call, token, { capital: 500000 });
    const portfolioId = (await createPortfolio(call, token, account.id)).id;
    const straddle = (await baseStrategies(call, token)).get('short_straddle')!.id;
    const body = dailyBotBody(portfolioId, straddle, { lots: 1, weekdays: [1, 2, 3, 4, 5], entry_time: '09:20', exit_time: '13:30', stop_loss_pct: 90, target_pct: 90 });
    const bot = await call<{ daily_bot: Schemas['DailyBot'] }>('createDailyBot', { token, params: { portfolioId }, body });
    expect(bot.status, JSON.stringify(bot.body)).toBe(201);
    const result = await runBacktest(call, token, server.app.getDecorator<Services>(servicesDecorator), { daily_bot_id: bot.body.daily_bot.id, from: monday, to: monday, capital: 500000 });
    expect(result.status).toBe('done');
    expect(result.trades).toHaveLength(1);
    const trade = result.trades[0]!;
    expect(trade.exit_rule).toBe('exit');
    const callLeg = trade.legs.find((leg) => leg.option_type === 'CE')!;
    const putLeg = trade.legs.find((leg) => leg.option_type === 'PE')!;
    expect(callLeg.strike).toBe(25000);
    // The index at 25,060 at 13:30 (a move small enough for the legs' 90 % stop on a contract expiring the
    // next day): the call dearer than at entry and above its intrinsic 60, the put cheaper.
    expect(callLeg.exit_price).toBeGreaterThan(Math.max(60, callLeg.entry_price));
    expect(putLeg.exit_price).toBeLessThan(putLeg.entry_price);
    expect(callLeg.exit_modelled && putLeg.exit_modelled).toBe(true);
  }, 300_000);
});
