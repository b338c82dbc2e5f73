// A replay's bot on an account whose execution policy is LIMIT and re-price (issue 60): its book takes the
// account's policy as a backtest's does (backtests/backtest-book.ts), so the bot enters and exits by LIMIT orders
// at the touch plus the buffer, re-priced at each look, and its report gives what the policy cost against the
// mid, the backtest's of that day to the paisa. The policy is copied when the bot is attached: a rebuilt book
// places as the attached one did, whatever the trader changed since.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { runBacktest } from '../backtests/paper-run.ts';
import { testBackends } from '../support/test-database.ts';
import { openReplayBotDesk, type ReplayBotDesk } from './replay-bot-desk.ts';
import { replayDay } from './replay-fixture.ts';

type Schemas = components['schemas'];

/** LIMIT and re-price with a buffer (8 % of the touch) that covers the modelled spread: each order fills at the touch. */
const policy = { mode: 'limit_reprice', buffer_unit: 'percent', buffer_value: 8, interval_seconds: 10, max_tries: 5, max_seconds: 50, entry_fallback: 'cancel' } as const;

describe.each(testBackends)("a replay's bot under LIMIT and re-price on %s", (backend) => {
  let d: ReplayBotDesk;

  beforeEach(async () => {
    d = await openReplayBotDesk(backend);
  });

  afterEach(async () => {
    await d.server.close();
  });

  const setPolicy = (body: Record<string, unknown>) => d.trader.call('updateExecutionPolicy', { token: d.trader.token, params: { accountId: d.trader.account.id }, body });
  const report = async () => (await d.report()).body;

  it("places by LIMIT at the touch and reports the policy's cost against the mid, as the day's backtest does, after a rebuild too", async () => {
    expect((await setPolicy(policy)).status).toBe(200);
    const services = d.server.app.getDecorator<Services>(servicesDecorator);
    const backtest = await runBacktest(d.trader.call, d.trader.token, services, { daily_bot_id: d.botId, from: replayDay, to: replayDay, capital: 1_000_000 });
    expect(backtest.status).toBe('done');
    // The backtest modelled the policy: its entry's two sells and its exit's two buys went out by LIMIT.
    expect(backtest.summary!.execution_slippage?.orders).toBe(4);
    expect(backtest.summary!.execution_slippage!.amount).toBeGreaterThan(0);

    const attached = await d.attach({ daily_bot_id: d.botId });
    expect(attached.status, JSON.stringify(attached.body)).toBe(201);
    // Changed after the bot was attached: the replay keeps the policy it was attached with.
    expect((await setPolicy({ ...policy, mode: 'market' })).status).toBe(200);
    expect((await d.seek('15:40')).status).toBe(200);
    const replayed = await report();
    expect(replayed.final).toBe(true);
    expect(replayed.summary.execution_slippage).toEqual(backtest.summary!.execution_slippage);
    expect(replayed.summary).toEqual(backtest.summary);
    const legs = (trades: Schemas['BacktestTrade'][]) => trades.map((trade) => trade.legs.map((leg) => [leg.tradingsymbol, leg.side, leg.entry_price, leg.exit_price]));
    expect(legs(replayed.trades)).toEqual(legs(backtest.trades));

    // The book thrown away (a restart) and rebuilt from the log: the same policy, the same cost.
    await services.replayBooks.closeAll();
    expect((await report()).summary).toEqual(replayed.summary);
  }, 240_000);

  it('places MARKET and reports no policy cost when the account has none', async () => {
    expect((await d.attach({ daily_bot_id: d.botId })).status).toBe(201);
    expect((await d.seek('15:40')).status).toBe(200);
    const replayed = await report();
    expect(replayed.trades.length).toBeGreaterThan(0);
    expect(replayed.summary.execution_slippage).toBeUndefined();
  }, 240_000);
});
