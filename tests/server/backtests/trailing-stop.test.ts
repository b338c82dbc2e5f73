// A trailing stop in a backtest, as the engine runs it on paper: a short straddle sold at 09:20 with the index
// at its strike gains as the morning's time value decays; the index then climbs 150 points between 13:00 and
// 14:00 and the straddle's value rises with it. With the trailing stop on, the bot exits once the profit fell
// back from its best (judged at the 5-minute looks the imported minutes give); without it, it holds to its
// exit time (15:10).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { signedInAccount } from '../support/accounts.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody, guardedClient } from '../support/trading.ts';
import { importHistory, importMinutes, syntheticRows } from './history-fixture.ts';
import { runBacktest } from './paper-run.ts';

type Schemas = components['schemas'];

const monday = '2026-10-05';
const underlying = { [monday]: 25000 };
const expiries = ['2026-10-06', '2026-10-13', '2026-10-20'];
/** IST time of an instant, HH:MM. */
const istTime = (iso: string) => new Date(Date.parse(iso) + 5.5 * 3_600_000).toISOString().slice(11, 16);

describe('a trailing stop in a backtest', () => {
  let server: TestServer;
  let call: ReturnType<typeof guardedClient>;
  let token: string;
  let portfolioId: number;
  let straddle: number;

  async function backtest(params: Record<string, unknown>): Promise<Schemas['Backtest']> {
    const body = dailyBotBody(portfolioId, straddle, { lots: 1, weekdays: [1, 2, 3, 4, 5], entry_time: '09:20', exit_time: '15:10', stop_loss_pct: 90, target_pct: 90, params });
    const bot = await call<{ daily_bot: Schemas['DailyBot'] }>('createDailyBot', { token, params: { portfolioId }, body });
    expect(bot.status, JSON.stringify(bot.body)).toBe(201);
    return runBacktest(call, token, server.app.getDecorator<Services>(servicesDecorator), { daily_bot_id: bot.body.daily_bot.id, from: monday, to: monday, capital: 500000 });
  }

  beforeAll(async () => {
    server = await startTestServer({ backend: 'pglite' });
    await importHistory(server.db, 'NIFTY', underlying, syntheticRows(underlying, expiries, { around: 10 }), 75);
    // At 25,000 until 13:00 (minute 225 from 09:15), then 150 points up by 14:00, held there.
    await importMinutes(server.db, 'NIFTY', monday, (minute) => 25000 + 150 * Math.min(1, Math.max(0, (minute - 225) / 60)));
    call = guardedClient(server.app);
    ({ token } = await signedInAccount(call));
    const { account } = await createBrokerAccount(call, token, { capital: 500000 });
    portfolioId = (await createPortfolio(call, token, account.id)).id;
    straddle = (await baseStrategies(call, token)).get('short_straddle')!.id;
  }, 120_000);

  afterAll(async () => {
    await server.close();
  });

  it('exits when the profit falls back from its best, and holds to the exit time without it', async () => {
    const trailed = await backtest({ trailing_sl: true, trail_trigger_pct: 3, trail_step_pct: 3 });
    expect(trailed.status).toBe('done');
    expect(trailed.trades.map((trade) => trade.exit_rule)).toEqual(['trailing_stop']);
    const exit = istTime(trailed.trades[0]!.exited_at);
    expect(exit > '13:00' && exit < '14:00', exit).toBe(true);

    const held = await backtest({});
    expect(held.trades.map((trade) => [trade.exit_rule, istTime(trade.exited_at)])).toEqual([['exit', '15:10']]);
  }, 300_000);
});
