// What each bot action leaves behind (bot-completion.ts): the run of the day (its state, legs, entry premium
// and P&L) and the trader's alert (event, severity, title and body, in words and coded), for an entry, an
// exit at its time, a stop-loss that lets the bot re-enter and the one that does not, and a target. One
// server; each test its own bot, on Monday 23 November 2026.
import { describe, expect, it } from 'vitest';
import { formatPaise } from '../../../server/services/brokers/paper/paise.ts';
import { testBackends } from '../support/test-database.ts';
import { monday, botDeskPerFile, type BotDesk } from './bot-desk.ts';

describe.each(testBackends)("a bot action's outcome on %s", (backend) => {
  let t: BotDesk;
  botDeskPerFile(backend, { capital: 5_000_000 }, (desk) => (t = desk));

  const runOf = async (botId: number) =>
    (
      await t.server.db.query<{ state: string; reason: string | null; entries: number; re_entries_used: number; entry_premium_paise: string | null; peak_profit_paise: string | null; legs: unknown; pnl_paise: string | null }>(
        `SELECT state, reason, entries, re_entries_used, entry_premium_paise, peak_profit_paise, legs, pnl_paise FROM bot_runs WHERE bot_kind = 'daily' AND bot_id = $1 AND trading_day = $2::date`,
        [botId, monday],
      )
    ).rows[0]!;
  const alertsOf = async (botId: number) =>
    (
      await t.server.db.query<{ event: string; severity: string; title: string; title_i18n: unknown; body: string; body_i18n: unknown; link: string; bot_name: string }>(
        `SELECT event, severity, title, title_i18n, body, body_i18n, link, bot_name FROM alerts WHERE bot_kind = 'daily' AND bot_id = $1 ORDER BY id`,
        [botId],
      )
    ).rows;
  const chargesOf = async (botId: number) =>
    Number((await t.server.db.query<{ charges: string }>(`SELECT sum(charges_paise) AS charges FROM bot_trades WHERE bot_kind = 'daily' AND bot_id = $1`, [botId])).rows[0]!.charges);
  const json = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);

  it('records an entry (its legs at their fill prices, its premium) and an exit at its time (its net P&L), alerting each', async () => {
    const bot = await t.createDaily({ name: 'Straddle A', entry_time: '09:20', exit_time: '10:00' });
    const lot = t.desk.lotSize;
    t.straddle(100.25, 100.25);
    t.at(monday, '09:20');
    expect((await t.tick()).acted).toBe(1);
    // Sold at the bids, 100 each.
    const entered = await runOf(bot.id);
    expect({ ...entered, entry_premium_paise: Number(entered.entry_premium_paise), peak_profit_paise: Number(entered.peak_profit_paise), legs: json(entered.legs) }).toEqual({
      state: 'in_position',
      reason: null,
      entries: 1,
      re_entries_used: 0,
      entry_premium_paise: 2 * 10_000 * lot,
      peak_profit_paise: 0,
      legs: [
        { exchange: 'NFO', tradingsymbol: t.symbol(0, 'CE'), side: 'SELL', quantity: lot, pricePaise: 10_000 },
        { exchange: 'NFO', tradingsymbol: t.symbol(0, 'PE'), side: 'SELL', quantity: lot, pricePaise: 10_000 },
      ],
      pnl_paise: null,
    });
    expect((await alertsOf(bot.id))[0]).toEqual({
      event: 'bot_entered',
      severity: 'success',
      title: 'Straddle A entered',
      title_i18n: { code: 'alert.bot_entered_title', params: { bot: 'Straddle A' } },
      body: `2 legs on NIFTY, net premium ${formatPaise(2 * 10_000 * lot)}.`,
      body_i18n: { code: 'alert.bot_entered_body', params: { legs: 2, underlying: 'NIFTY', premium: 2 * 100 * lot } },
      link: `/app/portfolio?portfolio=${t.portfolio.id}`,
      bot_name: 'Straddle A',
    });

    // Bought back at the asks, 90.25 and 120.25.
    t.straddle(90, 120);
    t.at(monday, '10:00');
    expect((await t.tick()).acted).toBe(1);
    const pnl = 2 * 10_000 * lot - (9_025 + 12_025) * lot - (await chargesOf(bot.id));
    const exited = await runOf(bot.id);
    expect(exited).toMatchObject({ state: 'exited', reason: 'exited at its exit time', entries: 1 });
    expect(Number(exited.pnl_paise)).toBe(pnl);
    expect((await alertsOf(bot.id))[1]).toEqual({
      event: 'bot_exited',
      severity: 'info',
      title: 'Straddle A: exited at its exit time',
      title_i18n: { code: 'alert.bot_exit_title', params: { bot: 'Straddle A', action: 'exit' } },
      body: `Closed 2 legs. Net P&L today ${formatPaise(pnl)}.`,
      body_i18n: { code: 'alert.bot_closed_legs_body', params: { legs: 2, pnl_known: 'yes', pnl: pnl / 100 } },
      link: `/app/portfolio?portfolio=${t.portfolio.id}`,
      bot_name: 'Straddle A',
    });
  });

  it('waits to re-enter after a stop-loss while re-entries are left, counts the re-entry, and exits for the day after the last', async () => {
    const bot = await t.createDaily({ name: 'Straddle B', entry_time: '10:10', exit_time: '15:10', stop_loss_pct: 25, params: { re_entry: 'new_atm', max_re_entries: 1 } });
    t.straddle(100.25, 100.25);
    t.at(monday, '10:10');
    await t.tick();
    t.straddle(160, 100);
    t.at(monday, '10:20');
    await t.tick();
    expect(await runOf(bot.id)).toMatchObject({ state: 'waiting', reason: 'stop-loss hit', entries: 1, re_entries_used: 0 });
    const [, stop] = await alertsOf(bot.id);
    expect(stop).toMatchObject({ event: 'bot_stop_loss', severity: 'warning', title: 'Straddle B: stop-loss hit', body_i18n: { code: 'alert.bot_closed_legs_body', params: { legs: 2 } } });

    t.straddle(100.25, 100.25);
    t.at(monday, '10:21');
    await t.tick();
    expect(await runOf(bot.id)).toMatchObject({ state: 'in_position', entries: 2, re_entries_used: 1 });
    t.straddle(160, 100);
    t.at(monday, '10:30');
    await t.tick();
    expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.sequence, action.status])).toEqual([
      ['enter', 1, 'completed'],
      ['stop_loss', 1, 'completed'],
      ['re_enter', 2, 'completed'],
      ['stop_loss', 2, 'completed'],
    ]);
    expect(await runOf(bot.id)).toMatchObject({ state: 'exited', reason: 'stop-loss hit', entries: 2, re_entries_used: 1 });
  });

  it('exits for the day at its target even when it may re-enter after a stop-loss, alerting the target as a success', async () => {
    const bot = await t.createDaily({ name: 'Straddle C', entry_time: '11:00', exit_time: '15:10', stop_loss_pct: 25, target_pct: 50, params: { re_entry: 'new_atm', max_re_entries: 2 } });
    t.straddle(100.25, 100.25);
    t.at(monday, '11:00');
    await t.tick();
    t.straddle(45, 45);
    t.at(monday, '11:10');
    await t.tick();
    expect((await t.actions('daily', bot.id)).map((action) => action.action)).toEqual(['enter', 'target']);
    expect(await runOf(bot.id)).toMatchObject({ state: 'exited', reason: 'target reached', entries: 1 });
    expect((await alertsOf(bot.id))[1]).toMatchObject({ event: 'bot_target', severity: 'success', title: 'Straddle C: target reached' });
  });

  it('exits at once what filled of an entry the broker partly refused, saying so on the run and alerting the refusal', async () => {
    const bot = await t.createDaily({ name: 'Straddle D', entry_time: '11:30', exit_time: '15:10' });
    t.straddle(100.25, 100.25);
    t.market.unset(t.symbol(0, 'PE'));
    t.at(monday, '11:30');
    await t.tick();
    expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.sequence, action.status])).toEqual([
      ['enter', 1, 'failed'],
      ['exit', 1, 'completed'],
    ]);
    expect((await t.orders('daily', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type, order.status])).toEqual([
      [t.symbol(0, 'CE'), 'SELL', 'COMPLETE'],
      [t.symbol(0, 'PE'), 'SELL', 'REJECTED'],
      [t.symbol(0, 'CE'), 'BUY', 'COMPLETE'],
    ]);
    const [refused, exited] = await alertsOf(bot.id);
    expect(refused).toMatchObject({ event: 'bot_rejected', severity: 'danger', title: 'Straddle D: entry refused', title_i18n: { code: 'alert.bot_entry_refused_title' } });
    expect(refused!.body).toMatch(new RegExp(`^${t.symbol(0, 'PE')}: No price for`));
    // The exit closed the one leg that filled.
    expect(exited).toMatchObject({ event: 'bot_exited', body_i18n: { code: 'alert.bot_closed_legs_body', params: { legs: 1 } } });
    t.straddle(100.25, 100.25);
  });

  it('buys back a stopped leg alone, keeps the other open, and closes only that one at the exit time', async () => {
    const bot = await t.createDaily({ name: 'Straddle E', entry_time: '12:00', exit_time: '12:30', stop_loss_pct: 100, target_pct: 90, params: { leg_stop_loss_pct: 30, move_sl_to_cost: false } });
    t.straddle(100.25, 100.25);
    t.at(monday, '12:00');
    await t.tick();
    // Sold at 100: the call's stop is at 130; bought back at its ask, 130.50.
    t.straddle(130.25, 90);
    t.at(monday, '12:10');
    await t.tick();
    const legs = json((await runOf(bot.id)).legs) as Array<{ tradingsymbol: string; exitPricePaise?: number }>;
    expect(legs.map((leg) => [leg.tradingsymbol, leg.exitPricePaise ?? null])).toEqual([
      [t.symbol(0, 'CE'), 13_050],
      [t.symbol(0, 'PE'), null],
    ]);
    expect(await runOf(bot.id)).toMatchObject({ state: 'in_position', entries: 1 });
    const [, stop] = await alertsOf(bot.id);
    expect(stop).toMatchObject({
      event: 'bot_stop_loss',
      severity: 'warning',
      title: `Straddle E: a leg's stop-loss hit`,
      body: `Bought back ${t.symbol(0, 'CE')}. Still open: ${t.symbol(0, 'PE')}.`,
    });
    t.at(monday, '12:30');
    await t.tick();
    expect((await t.orders('daily', bot.id)).slice(3).map((order) => [order.tradingsymbol, order.transaction_type])).toEqual([[t.symbol(0, 'PE'), 'BUY']]);
    expect((await alertsOf(bot.id))[2]).toMatchObject({ event: 'bot_exited', body_i18n: { code: 'alert.bot_closed_legs_body', params: { legs: 1 } } });
  });

  it('alerts an exit the broker refused as one the engine tries again, and leaves the bot in position', async () => {
    const bot = await t.createDaily({ name: 'Straddle F', entry_time: '13:00', exit_time: '13:30' });
    t.straddle(100.25, 100.25);
    t.at(monday, '13:00');
    await t.tick();
    t.market.unset(t.symbol(0, 'PE'));
    t.at(monday, '13:30');
    await t.tick();
    expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.status])).toEqual([
      ['enter', 'completed'],
      ['exit', 'failed'],
    ]);
    expect(await runOf(bot.id)).toMatchObject({ state: 'in_position' });
    const [, refused] = await alertsOf(bot.id);
    expect(refused).toMatchObject({ event: 'bot_rejected', severity: 'danger', title: 'Straddle F: exit refused', body_i18n: { code: 'alert.bot_retry_body' } });
    expect(refused!.body).toMatch(/The engine tries again in a minute\.$/);
    t.straddle(100.25, 100.25);
  });

  it("alerts a leg stop whose buy-back the broker cancelled as one the engine tries again, the leg still open on the run", async () => {
    const bot = await t.createDaily({ name: 'Straddle G', entry_time: '14:00', exit_time: '14:30', stop_loss_pct: 100, target_pct: 90, params: { leg_stop_loss_pct: 30, move_sl_to_cost: false } });
    t.straddle(100.25, 100.25);
    t.at(monday, '14:00');
    await t.tick();
    // The call is past its stop, but nobody offers it within the market-protection band: its buy-back is cancelled.
    t.market.set(t.symbol(0, 'CE'), { bid: 130, ask: 400, last: 130.25, close: 130.25 });
    t.at(monday, '14:10');
    await t.tick();
    expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.status])).toEqual([
      ['enter', 'completed'],
      ['leg_stop_loss', 'failed'],
    ]);
    const legs = json((await runOf(bot.id)).legs) as Array<{ exitPricePaise?: number }>;
    expect(legs.map((leg) => leg.exitPricePaise ?? null)).toEqual([null, null]);
    const [, refused] = await alertsOf(bot.id);
    expect(refused).toMatchObject({
      event: 'bot_rejected',
      severity: 'danger',
      title: 'Straddle G: leg exit refused',
      title_i18n: { code: 'alert.bot_leg_exit_refused_title', params: { bot: 'Straddle G' } },
      body_i18n: { code: 'alert.bot_retry_body' },
    });
    expect(refused!.body).toMatch(/The engine tries again in a minute\.$/);
    t.straddle(100.25, 100.25);
  });
});
