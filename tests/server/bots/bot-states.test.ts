// What the trader reads of the bots (bot-status.ts): each bot's card today (its state, why, its P&L to the
// paisa, its last action and when it acts next) and its history of runs (60 days, each run's P&L, each day's
// own actions), and the run of the day as the engine writes it (bot-runs.ts: a reason's code goes with it,
// a reason cut at 500 characters). One server for the file, its clock moving forward through Monday 23
// November 2026 and on to Tuesday's holiday: each test reads its own bots.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { changeRun } from '../../../server/services/bots/engine/bot-runs.ts';
import { words } from '../../../server/services/texts/said.ts';
import { signedInAccount } from '../support/accounts.ts';
import { createPortfolio } from '../support/trading.ts';
import { testBackends } from '../support/test-database.ts';
import { istInstant, monday, botDeskPerFile, tuesdayHoliday, type BotDesk } from './bot-desk.ts';

type Schemas = components['schemas'];

describe.each(testBackends)("the bots' cards and history on %s", (backend) => {
  let t: BotDesk;
  botDeskPerFile(backend, { capital: 2_000_000 }, (desk) => (t = desk));

  const states = async () => {
    const res = await t.call<Schemas['BotStatesResponse']>('getBotStates', { token: t.desk.token, params: { portfolioId: t.portfolio.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const card = async (botId: number, kind: 'daily' | 'trading' = 'daily') => (await states()).bots.find((bot) => bot.kind === kind && bot.bot_id === botId);
  const history = async (kind: 'daily' | 'trading', botId: number) => {
    const res = await t.call<Schemas['BotRunsResponse']>('getBotRuns', { token: t.desk.token, params: { kind, id: botId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const setStatus = async (botId: number, status: 'paused' | 'stopped') =>
    expect((await t.call('updateDailyBot', { token: t.desk.token, params: { id: botId }, body: { status } })).status).toBe(200);
  /** The bot's charges today, paise (the charges themselves are the paper broker's). */
  const chargesOf = async (botId: number) =>
    Number((await t.server.db.query<{ charges: string }>(`SELECT sum(charges_paise) AS charges FROM bot_trades WHERE bot_kind = 'daily' AND bot_id = $1`, [botId])).rows[0]!.charges);
  const runRef = (botId: number) => ({ kind: 'daily' as const, id: botId, portfolioId: t.portfolio.id });

  let straddle: Schemas['DailyBot'];

  it('shows before the entry: waiting until its time, paused, stopped, not its weekday', async () => {
    straddle = await t.createDaily({ name: 'Morning straddle' });
    const paused = await t.createDaily({ name: 'Paused straddle' });
    const stopped = await t.createDaily({ name: 'Stopped straddle' });
    const tuesdays = await t.createDaily({ name: 'Tuesday straddle', weekdays: [2] });
    await setStatus(paused.id, 'paused');
    await setStatus(stopped.id, 'stopped');
    t.at(monday, '09:00');

    const before = await states();
    expect(before.as_of).toBe(istInstant(monday, '09:00').toISOString());
    expect(before.bots.find((bot) => bot.bot_id === straddle.id)).toEqual({
      kind: 'daily',
      bot_id: straddle.id,
      trading_day: monday,
      state: 'waiting',
      reason: null,
      reason_i18n: null,
      pnl_today: null,
      entries_today: 0,
      open_positions: 0,
      last_action: null,
      next_action_at: istInstant(monday, '09:20').toISOString(),
      approve_first: false,
    });
    // A paused bot takes no entry, so its card names none; a stopped bot says so without any run.
    expect(before.bots.find((bot) => bot.bot_id === paused.id)).toMatchObject({ state: 'paused', reason: null, next_action_at: null });
    expect(before.bots.find((bot) => bot.bot_id === stopped.id)).toMatchObject({ state: 'stopped', reason: 'Stopped', reason_i18n: null, next_action_at: null });
    expect(before.bots.find((bot) => bot.bot_id === tuesdays.id)).toMatchObject({ state: 'not_today', next_action_at: null });

    // A portfolio without bots answers none.
    const empty = await createPortfolio(t.call, t.desk.token, t.desk.account.id, 100000, 'No bots');
    expect((await t.call('getBotStates', { token: t.desk.token, params: { portfolioId: empty.id } })).body).toEqual({ bots: [], as_of: before.as_of });

    // At the entry's very minute, before the tick that enters, nothing is left to wait for.
    t.at(monday, '09:20');
    expect(await card(straddle.id)).toMatchObject({ state: 'waiting', next_action_at: null });
  });

  it('shows a bot in position with its P&L to the paisa, its entry as the last action and its exit time next', async () => {
    t.straddle(100.25, 100.25);
    t.at(monday, '09:20');
    await t.tick();
    // Sold at the bids (100 each); marked at the last prices, 90 and 120.
    t.straddle(90, 120);
    t.at(monday, '10:00');
    const lot = t.desk.lotSize;
    const charges = await chargesOf(straddle.id);
    expect(charges).toBeGreaterThan(0);
    const pnl = (2 * 10_000 * lot - charges - (9_000 + 12_000) * lot) / 100;
    const now = await card(straddle.id);
    expect(now).toMatchObject({ state: 'in_position', reason: null, entries_today: 1, open_positions: 2, pnl_today: pnl, next_action_at: istInstant(monday, '15:10').toISOString() });
    expect(now!.last_action).toEqual({
      action: 'enter',
      sequence: 1,
      leg: null,
      status: 'completed',
      claimed_at: istInstant(monday, '09:20').toISOString(),
      completed_at: istInstant(monday, '09:20').toISOString(),
      message: null,
      message_i18n: null,
      order_ids: expect.any(Array) as string[],
    });
    expect(now!.last_action!.order_ids).toEqual((await t.orders('daily', straddle.id)).map((order) => order.order_id));
    // Today's run in the history carries the same figure.
    expect((await history('daily', straddle.id)).runs[0]).toMatchObject({ trading_day: monday, state: 'in_position', pnl });
    // An earlier day's run without a P&L of its own stays without one: today's live figure is today's alone.
    await changeRun(t.server.db, runRef(straddle.id), '2026-11-20', () => ({ state: 'missed' }), istInstant(monday, '10:00'));
    expect((await history('daily', straddle.id)).runs.map((run) => [run.trading_day, run.pnl])).toEqual([
      [monday, pnl],
      ['2026-11-20', null],
    ]);

    // A leg without a price: the P&L is unknown, never counted as if the leg were worth nothing.
    t.market.unset(t.symbol(0, 'PE'));
    expect(await card(straddle.id)).toMatchObject({ state: 'in_position', pnl_today: null });
    expect((await history('daily', straddle.id)).runs[0]!.pnl).toBeNull();
    t.straddle(90, 120);

    // At the exit's very minute, before the tick that exits, the exit is due now: no time left to show.
    t.at(monday, '15:10');
    expect(await card(straddle.id)).toMatchObject({ state: 'in_position', next_action_at: null });
  });

  it("shows a bot that exited with the day's net P&L, in its card and in its history", async () => {
    t.at(monday, '15:10');
    await t.tick();
    const lot = t.desk.lotSize;
    const charges = await chargesOf(straddle.id);
    // Sold at 100 each, bought back at the asks (90.25 and 120.25).
    const pnl = (2 * 10_000 * lot - (9_025 + 12_025) * lot - charges) / 100;
    const after = await card(straddle.id);
    expect(after).toMatchObject({ state: 'exited', reason: 'exited at its exit time', reason_i18n: { code: 'bot.exit_reason', params: { action: 'exit' } }, pnl_today: pnl, open_positions: 0, next_action_at: null });
    expect(after!.last_action).toMatchObject({ action: 'exit', sequence: 1, status: 'completed' });
    const [today] = (await history('daily', straddle.id)).runs;
    expect(today).toMatchObject({ trading_day: monday, state: 'exited', entries: 1, pnl });
    expect(today!.actions.map((action) => action.action)).toEqual(['enter', 'exit']);
  });

  it('shows a paused bot whose run waits as paused, and a waiting run as its own state when active', async () => {
    const bot = await t.createDaily({ name: 'Re-entering straddle' });
    await changeRun(t.server.db, runRef(bot.id), monday, () => ({ state: 'waiting', reason: 're-entry due' }), istInstant(monday, '15:11'));
    expect(await card(bot.id)).toMatchObject({ state: 'waiting', reason: 're-entry due', next_action_at: null });
    await setStatus(bot.id, 'paused');
    expect(await card(bot.id)).toMatchObject({ state: 'paused', reason: 're-entry due' });
    // A run still marked in position while the bot holds nothing (its legs closed outside it) is not shown in position.
    const emptied = await t.createDaily({ name: 'Emptied straddle' });
    await changeRun(t.server.db, runRef(emptied.id), monday, () => ({ state: 'in_position', entries: 1 }), istInstant(monday, '15:11'));
    expect(await card(emptied.id)).toMatchObject({ state: 'waiting', open_positions: 0, entries_today: 1 });
  });

  it("lists 60 days of runs, newest first, each with its own day's actions and P&L", async () => {
    const bot = await t.createDaily({ name: 'Old straddle' });
    const day = (daysBack: number) => new Date(Date.parse(`${monday}T00:00:00Z`) - daysBack * 86_400_000).toISOString().slice(0, 10);
    const at = istInstant(monday, '15:20');
    await changeRun(t.server.db, runRef(bot.id), day(61), () => ({ state: 'exited', pnlPaise: 1_000 }), at);
    await changeRun(t.server.db, runRef(bot.id), day(59), () => ({ state: 'exited', pnlPaise: -12_345 }), at);
    await changeRun(t.server.db, runRef(bot.id), day(7), () => ({ state: 'missed', reason: 'Server was down' }), at);
    await t.server.db.query(
      `INSERT INTO bot_actions (bot_kind, bot_id, trading_day, action, sequence, phase, status, claimed_at, completed_at, idempotency_key)
       VALUES ('daily', $1, $2::date, 'enter', 1, 'entry', 'completed', $3, $3, $4), ('daily', $1, $5::date, 'enter', 1, 'entry', 'skipped', $3, $3, $6)`,
      [bot.id, day(59), at, `old-${bot.id}-a`, day(7), `old-${bot.id}-b`],
    );
    const runs = await history('daily', bot.id);
    expect(runs.bot).toEqual({ kind: 'daily', id: bot.id, name: 'Old straddle' });
    expect(runs.runs.map((run) => [run.trading_day, run.state, run.pnl, run.actions.map((action) => action.status)])).toEqual([
      [day(7), 'missed', null, ['skipped']],
      [day(59), 'exited', -123.45, ['completed']],
    ]);
    expect(runs.runs[0]).toMatchObject({ reason: 'Server was down', reason_i18n: null, entries: 0 });
  });

  it("writes the run's reason with its own code or none, keeps the code when the reason stays, and cuts a long reason at 500 characters", async () => {
    const bot = await t.createDaily({ name: 'Reasons' });
    const at = istInstant(monday, '15:20');
    const coded = words('Coded reason');
    await changeRun(t.server.db, runRef(bot.id), monday, () => ({ state: 'missed', reason: coded.text, reasonI18n: coded.i18n }), at);
    // A change that does not touch the reason keeps it and its code.
    await changeRun(t.server.db, runRef(bot.id), monday, () => ({ entries: 2 }), at);
    expect(await t.run('daily', bot.id)).toMatchObject({ state: 'missed', reason: 'Coded reason', reason_i18n: coded.i18n, entries: 2 });
    // A new reason without its code: the old code goes.
    await changeRun(t.server.db, runRef(bot.id), monday, () => ({ reason: 'x'.repeat(600) }), at);
    const run = await t.run('daily', bot.id);
    expect(run).toMatchObject({ state: 'missed', reason: 'x'.repeat(500), reason_i18n: null, entries: 2 });
    const fresh = await t.createDaily({ name: 'Fresh' });
    // A first write starts from an empty run: waiting, no entries, no legs.
    const written = await changeRun(t.server.db, runRef(fresh.id), monday, (current) => ({ reason: `was ${current.state}` }), at);
    expect(written).toMatchObject({ state: 'waiting', reason: 'was waiting', reasonI18n: null, entries: 0, reEntriesUsed: 0, legs: [], pauseAction: null, pnlPaise: null });
    expect(await t.run('daily', fresh.id)).toMatchObject({ state: 'waiting', reason: 'was waiting', entries: 0, pause_action: null });
  });

  it("answers a trading bot's history by its own table, and 404 naming the bot's kind for another trader", async () => {
    const trend = await t.createTrading({ name: 'Trend' });
    const runs = await history('trading', trend.id);
    expect(runs).toEqual({ bot: { kind: 'trading', id: trend.id, name: 'Trend' }, runs: [] });
    expect(await card(trend.id, 'trading')).toMatchObject({ kind: 'trading', bot_id: trend.id });
    const other = await signedInAccount(t.call);
    const trading = await t.call('getBotRuns', { token: other.token, params: { kind: 'trading', id: trend.id } });
    expect(trading.status).toBe(404);
    expect(trading.body).toMatchObject({ message: 'Trading bot not found' });
    const daily = await t.call('getBotRuns', { token: other.token, params: { kind: 'daily', id: straddle.id } });
    expect(daily.body).toMatchObject({ message: 'Daily bot not found' });
    expect(await t.call('getBotStates', { token: other.token, params: { portfolioId: t.portfolio.id } })).toMatchObject({ status: 404, body: { message: 'Portfolio not found' } });
  });

  it("shows a bot on Tuesday's exchange holiday as not trading today, though Tuesday is its weekday (the demo market trades every day)", async () => {
    const bot = await t.createDaily({ name: 'Holiday straddle', weekdays: [1, 2] });
    // Entered on Monday and still held on Tuesday (its exit missed): in position, yet no exit time today.
    const held = await t.createDaily({ name: 'Held over', weekdays: [1], entry_time: '15:25', exit_time: '15:29' });
    t.straddle(100.25, 100.25);
    t.at(monday, '15:25');
    await t.tick();
    t.at(tuesdayHoliday, '09:00');
    expect(await card(held.id)).toMatchObject({ trading_day: tuesdayHoliday, state: 'in_position', open_positions: 2, next_action_at: null });
    expect(await card(bot.id)).toMatchObject({ trading_day: tuesdayHoliday, state: 'waiting', next_action_at: istInstant(tuesdayHoliday, '09:20').toISOString() });
    const source = t.market.source as { demo: boolean };
    source.demo = false;
    try {
      expect(await card(bot.id)).toMatchObject({ trading_day: tuesdayHoliday, state: 'not_today', next_action_at: null, entries_today: 0, last_action: null });
      // Yesterday's exit is yesterday's: today's card shows no trade.
      expect(await card(straddle.id)).toMatchObject({ state: 'not_today', pnl_today: null, last_action: null });
    } finally {
      source.demo = true;
    }
  });

  it("reads each index's own exchange calendar: on a BSE-only holiday the SENSEX bot does not trade, the NIFTY bot waits for its time", async () => {
    const thursday = '2026-11-26';
    const nifty = await t.createDaily({ name: 'Thursday NIFTY', weekdays: [4] });
    const sensex = await t.createDaily({ name: 'Thursday SENSEX', underlying: 'SENSEX', weekdays: [4] });
    await t.server.db.query(`INSERT INTO market_calendar (exchange, day, kind, description) VALUES ('BSE', $1::date, 'holiday', 'BSE only (test)')`, [thursday]);
    const source = t.market.source as { demo: boolean };
    source.demo = false;
    try {
      t.at(thursday, '09:00');
      expect(await card(nifty.id)).toMatchObject({ trading_day: thursday, state: 'waiting', next_action_at: istInstant(thursday, '09:20').toISOString() });
      expect(await card(sensex.id)).toMatchObject({ trading_day: thursday, state: 'not_today', next_action_at: null });
    } finally {
      source.demo = true;
      await t.server.db.query(`DELETE FROM market_calendar WHERE exchange = 'BSE' AND day = $1::date`, [thursday]);
    }
  });
});
