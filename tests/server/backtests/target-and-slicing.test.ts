// Two of the paper rules a backtest keeps, on fixture minutes (the index flat at 25,000 all day):
// - a target: a short straddle sold at 09:20 decays through the day; with a 5 % target the bot buys it back
//   once its value fell 5 % below the premium received, before its 15:10 exit time;
// - the freeze quantity: a bot of 27 lots passes today's check (lot 65, freeze 1,800: at most 27 lots), but
//   the history file's lot size is 75, so each leg is 2,025 units, above the freeze quantity, and every
//   order is sliced in two: eight orders for a straddle's entry and exit, each paying ₹20 of brokerage.
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

describe('a target and the freeze quantity in a backtest', () => {
  let server: TestServer;
  let call: ReturnType<typeof guardedClient>;
  let token: string;
  let portfolioId: number;
  let straddle: number;

  async function backtest(options: { lots: number; target_pct: number }): Promise<Schemas['Backtest']> {
    const body = dailyBotBody(portfolioId, straddle, { weekdays: [1, 2, 3, 4, 5], entry_time: '09:20', exit_time: '15:10', stop_loss_pct: 90, ...options });
    const bot = await call<{ daily_bot: Schemas['DailyBot'] }>('createDailyBot', { token, params: { portfolioId }, body });
    expect(bot.status, JSON.stringify(bot.body)).toBe(201);
    return runBacktest(call, token, server.app.getDecorator<Services>(servicesDecorator), { daily_bot_id: bot.body.daily_bot.id, from: monday, to: monday, capital: 20_000_000 });
  }

  beforeAll(async () => {
    server = await startTestServer({ backend: 'pglite' });
    await importHistory(server.db, 'NIFTY', underlying, syntheticRows(underlying, expiries, { around: 10 }), 75);
    await importMinutes(server.db, 'NIFTY', monday, () => 25000);
    call = guardedClient(server.app);
    ({ token } = await signedInAccount(call));
    const { account } = await createBrokerAccount(call, token, { capital: 20_000_000 });
    portfolioId = (await createPortfolio(call, token, account.id)).id;
    straddle = (await baseStrategies(call, token)).get('short_straddle')!.id;
  }, 120_000);

  afterAll(async () => {
    await server.close();
  });

  it('buys the straddle back at its target, before the exit time, at 5 % or more below the premium', async () => {
    const result = await backtest({ lots: 1, target_pct: 5 });
    expect(result.status).toBe('done');
    expect(result.trades).toHaveLength(1);
    const trade = result.trades[0]!;
    expect(trade.exit_rule).toBe('target');
    expect(istTime(trade.exited_at) < '15:10', istTime(trade.exited_at)).toBe(true);
    const premium = trade.legs.reduce((sum, leg) => sum + leg.entry_price, 0);
    const buyBack = trade.legs.reduce((sum, leg) => sum + leg.exit_price, 0);
    expect(buyBack).toBeLessThanOrEqual(premium * 0.95);
    expect(trade.gross_pnl).toBeGreaterThan(0);
  }, 300_000);

  it('slices every order above the freeze quantity: 2,025 units a leg go as two orders', async () => {
    const result = await backtest({ lots: 27, target_pct: 90 });
    expect(result.status).toBe('done');
    const trade = result.trades[0]!;
    expect(trade.legs.map((leg) => leg.quantity)).toEqual([2025, 2025]);
    // Two legs, in and out, each as two orders at ₹20 a order.
    expect(trade.charges.by_kind.brokerage).toBe(160);
  }, 300_000);
});
