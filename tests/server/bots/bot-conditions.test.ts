// Bots acting on conditions (issue 40): the 09:20 straddle's premium falling from its fixing value, crossing its
// VWAP, the ATM IV crossing a level, each read on the last completed minute and acted on once across two server
// instances, never on a cross that is no longer the last minute's (a restart); the bot's product (MIS squared off
// by the bot before the broker's 15:25 cut-off, NRML at its exit time); stop-loss and target in points.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { black76Price } from '../../../quant/black76.ts';
import { marketAssumptions } from '../../../quant/market-assumptions.ts';
import { forwardFromSpot, yearsToExpiry } from '../../../quant/option-inputs.ts';
import type { Database } from '../../../server/db/database.ts';
import { clockMinutes } from '../../../server/services/market/ist.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { engineOf, istInstant, monday, openBotDesk, type BotDesk } from './bot-desk.ts';

const minute = 60_000;
/** The instant the engine reads a minute's close at: its last millisecond. */
const closeOf = (time: string) => new Date(istInstant(monday, time).getTime() + minute - 1);
/** The IST clock time `offset` minutes after `start`. */
const clock = (start: string, offset: number) => {
  const total = clockMinutes(start) + offset;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

/**
 * Two server instances on one database, ticking together minute after minute: about 30 s a test on an idle machine,
 * over a minute on a loaded shared one (the server project's default is 30 s).
 */
const heavy = 120_000;

describe.each(testBackends)('bot conditions on %s', (backend) => {
  let database: Database;
  let t: BotDesk;
  let second: TestServer;

  beforeEach(async () => {
    database = await createMigratedTestDatabase(backend);
    t = await openBotDesk(backend, { database, capital: 2_000_000 });
    second = await startTestServer({ backend, database, clock: t.server.clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: t.market.source });
    // The index at the money at 09:20: the straddle watched is the desk's ATM one.
    await t.server.db.query(`INSERT INTO market_candles (index_name, minute, open, high, low, close, ticks, volume) VALUES ('NIFTY', $1, $2, $2, $2, $2, 1, 0)`, [
      istInstant(monday, '09:20'),
      t.desk.atm,
    ]);
  }, heavy);

  afterEach(async () => {
    await second.close();
    await t.server.close();
    await database.close();
  }, heavy);

  /** The straddle's call and put (rupees) at the close of each minute from `start`, and as the quotes now. */
  const premiums = (start: string, legs: ReadonlyArray<readonly [number, number]>) => {
    for (const [offset, [call, put]] of legs.entries()) {
      const at = closeOf(clock(start, offset));
      t.market.setAt(t.symbol(0, 'CE'), at, { bid: call - 0.25, ask: call + 0.25, last: call });
      t.market.setAt(t.symbol(0, 'PE'), at, { bid: put - 0.25, ask: put + 0.25, last: put });
    }
    const [call, put] = legs[legs.length - 1]!;
    t.straddle(call, put);
  };
  /** Both instances tick at once, twice each: how many acted. */
  const both = async () => {
    const counts = await Promise.all([t.tick(), engineOf(second).tick(t.server.clock.now()), t.tick(), engineOf(second).tick(t.server.clock.now())]);
    return counts.reduce((sum, count) => sum + count.acted, 0);
  };

  it('enters once, across two instances, on the minute after the 09:20 straddle fell 20 % from its fixing value', async () => {
    const bot = await t.createDaily({ params: { entry_condition: 'premium_falls', premium_move: 20, premium_move_unit: 'percent', condition_strikes_at: '09:20' } });
    // 200 at 09:20 (the reference), 180 at 09:21, 159 at 09:22: beyond 160 (200 − 20 %) on the 09:22 minute.
    premiums('09:20', [
      [100, 100],
      [90, 90],
      [80, 79],
    ]);
    t.at(monday, '09:20', 30);
    expect(await both()).toBe(0);
    // During 09:22 the last completed minute is 09:21 (180): not yet.
    t.at(monday, '09:22', 30);
    expect(await both()).toBe(0);
    t.at(monday, '09:23', 1);
    expect(await both()).toBe(1);
    expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.status])).toEqual([['enter', 'completed']]);
    expect((await t.orders('daily', bot.id)).map((order) => order.transaction_type)).toEqual(['SELL', 'SELL']);
    // Still beyond the threshold on 09:23: no second entry (the cross was on 09:22; the day's entry is taken).
    premiums('09:23', [[79, 79]]);
    t.at(monday, '09:24', 1);
    expect(await both()).toBe(0);
    expect(await t.orders('daily', bot.id)).toHaveLength(2);
  }, heavy);

  it('does not enter on a fall that happened while the server was down (the last completed minute did not cross)', async () => {
    const bot = await t.createDaily({ params: { entry_condition: 'premium_falls', premium_move: 40, premium_move_unit: 'points' } });
    // 200 at 09:20, 150 from 09:22 on: the fall of 40 points crossed on 09:22, long before the server's 09:40.
    premiums('09:20', [[100, 100], [90, 90], ...Array.from({ length: 19 }, () => [75, 75] as const)]);
    t.at(monday, '09:40', 5);
    expect(await both()).toBe(0);
    expect(await t.actions('daily', bot.id)).toEqual([]);
    // A rise back above and a new fall through the threshold is a fresh cross: entered then.
    premiums('09:40', [
      [85, 85],
      [79, 80],
    ]);
    t.at(monday, '09:42', 5);
    expect(await both()).toBe(1);
    expect((await t.actions('daily', bot.id)).map((action) => action.action)).toEqual(['enter']);
  }, heavy);

  it("exits once when the straddle's premium crosses above its VWAP (the minutes' average where the prices carry no volume)", async () => {
    const bot = await t.createDaily({ stop_loss_pct: 90, target_pct: 90, params: { exit_condition: 'premium_crosses_above_vwap', leg_stop_loss_pct: 0 } });
    premiums('09:20', [[100.25, 100.25]]);
    t.at(monday, '09:20');
    expect(await both()).toBe(1);
    // 200.5, 190, 180, 170: each below the average so far. Then 195 on 09:24: the average of the five is 187.1.
    premiums('09:20', [
      [100.25, 100.25],
      [95, 95],
      [90, 90],
      [85, 85],
    ]);
    t.at(monday, '09:24', 10);
    expect(await both()).toBe(0);
    premiums('09:20', [
      [100.25, 100.25],
      [95, 95],
      [90, 90],
      [85, 85],
      [97.5, 97.5],
    ]);
    t.at(monday, '09:25', 10);
    expect(await both()).toBe(1);
    expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.status])).toEqual([
      ['enter', 'completed'],
      ['condition_exit', 'completed'],
    ]);
    expect((await t.orders('daily', bot.id)).map((order) => [order.transaction_type, order.tag])).toEqual([
      ['SELL', `BD${bot.id}-261123-E1`],
      ['SELL', `BD${bot.id}-261123-E1`],
      ['BUY', `BD${bot.id}-261123-C1`],
      ['BUY', `BD${bot.id}-261123-C1`],
    ]);
    expect(await t.run('daily', bot.id)).toMatchObject({ state: 'exited', reason: 'exited on its exit condition' });
    expect((await t.alerts(bot.id)).map((alert) => alert.event)).toEqual(['bot_entered', 'bot_exited']);
  }, heavy);

  it('enters when the ATM IV crosses above the level, on that minute only', async () => {
    const bot = await t.createDaily({ params: { entry_condition: 'iv_crosses_above', iv_level: 15 } });
    const expiry = await t.call<{ expiries: Array<{ date: string }> }>('getExpiries', { token: t.desk.token, query: { index: 'NIFTY' } });
    const expiryMs = istInstant(expiry.body.expiries[0]!.date, '15:30').getTime();
    // The straddle priced at an IV (Black-76 on the forward, as the engine implies it back).
    const at = (iv: number, time: string): [number, number] => {
      const years = yearsToExpiry(istInstant(monday, time).getTime() + minute, expiryMs);
      const forward = forwardFromSpot(t.desk.atm, marketAssumptions.rate, years, marketAssumptions.dividendYield);
      const price = (kind: 'CE' | 'PE') => Math.round(black76Price({ kind, forward, strike: t.desk.atm, years, rate: marketAssumptions.rate, volatility: iv }) * 100) / 100;
      return [price('CE'), price('PE')];
    };
    for (const time of ['09:20', '09:21', '09:22']) {
      await t.server.db.query(`INSERT INTO market_candles (index_name, minute, open, high, low, close, ticks, volume) VALUES ('NIFTY', $1, $2, $2, $2, $2, 1, 0) ON CONFLICT DO NOTHING`, [
        istInstant(monday, time),
        t.desk.atm,
      ]);
    }
    premiums('09:20', [at(0.14, '09:20'), at(0.145, '09:21')]);
    t.at(monday, '09:22', 5);
    expect(await both()).toBe(0);
    premiums('09:20', [at(0.14, '09:20'), at(0.145, '09:21'), at(0.16, '09:22')]);
    t.at(monday, '09:23', 5);
    expect(await both()).toBe(1);
    expect((await t.actions('daily', bot.id)).map((action) => action.action)).toEqual(['enter']);
  }, heavy);

  it('an MIS bot exits itself at 15:24, before the broker’s 15:25 cut-off; an NRML one at its own exit time', async () => {
    const mis = await t.createDaily({ exit_time: '15:28', params: { product: 'MIS' } });
    const nrml = await t.createDaily({ exit_time: '15:28' });
    expect(nrml.params.product).toBe('NRML');
    t.straddle(100.25, 100.25);
    t.at(monday, '09:20');
    expect(await both()).toBe(2);
    const products = async (id: number) =>
      (await t.server.db.query<{ product: string }>('SELECT product FROM paper_orders WHERE bot_kind = $1 AND bot_id = $2 ORDER BY id', ['daily', id])).rows.map((row) => row.product);
    expect(await products(mis.id)).toEqual(['MIS', 'MIS']);
    expect(await products(nrml.id)).toEqual(['NRML', 'NRML']);
    t.at(monday, '15:23', 30);
    expect(await both()).toBe(0);
    t.at(monday, '15:24');
    expect(await both()).toBe(1);
    expect((await t.actions('daily', mis.id)).map((action) => action.action)).toEqual(['enter', 'exit']);
    expect(await products(mis.id)).toEqual(['MIS', 'MIS', 'MIS', 'MIS']);
    expect(await t.actions('daily', nrml.id)).toHaveLength(1);
    t.at(monday, '15:28');
    expect(await both()).toBe(1);
    expect((await t.actions('daily', nrml.id)).map((action) => action.action)).toEqual(['enter', 'exit']);
  }, heavy);

  it('stops out and takes profit in points of the combined premium', async () => {
    const stopped = await t.createDaily({ params: { risk_unit: 'points', stop_loss_points: 30, target_points: 50, leg_stop_loss_pct: 0 } });
    t.straddle(100.25, 100.25);
    t.at(monday, '09:20');
    expect(await both()).toBe(1);
    // Sold at the bids, 200 a unit: 229.75 is 29.75 points against, held; 230.25 is beyond 30.
    t.straddle(129.75, 100);
    t.at(monday, '09:30');
    expect(await both()).toBe(0);
    t.straddle(130.25, 100);
    t.at(monday, '09:31');
    expect(await both()).toBe(1);
    expect((await t.actions('daily', stopped.id)).map((action) => action.action)).toEqual(['enter', 'stop_loss']);

    const target = await t.createDaily({ entry_time: '10:00', params: { risk_unit: 'points', stop_loss_points: 30, target_points: 50, leg_stop_loss_pct: 0 } });
    t.straddle(100.25, 100.25);
    t.at(monday, '10:00');
    expect(await both()).toBe(1);
    t.straddle(75.25, 75);
    t.at(monday, '10:10');
    expect(await both()).toBe(0);
    t.straddle(75, 75);
    t.at(monday, '10:11');
    expect(await both()).toBe(1);
    expect((await t.actions('daily', target.id)).map((action) => action.action)).toEqual(['enter', 'target']);
  }, heavy);

  it('refuses a condition setting out of range with 422 naming the parameter', async () => {
    const res = await t.call<{ code: string; field?: string }>('createDailyBot', {
      token: t.desk.token,
      params: { portfolioId: t.portfolio.id },
      body: {
        portfolio_id: t.portfolio.id,
        name: 'Bad',
        base_strategy: t.strategies.get('short_straddle')!.id,
        underlying: 'NIFTY',
        lots: 1,
        stop_loss_pct: 25,
        target_pct: 50,
        params: { condition_strikes_at: '9:20' },
        entry_time: '09:20',
        exit_time: '15:10',
        weekdays: [1],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'invalid_params', field: 'params.condition_strikes_at' });
  }, heavy);
});
