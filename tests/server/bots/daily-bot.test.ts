// Daily bots on the engine, injected clock and scripted prices: the schedule on a trading day and a holiday,
// the legs around the money (hedges first in, shorts first out), stop-loss and target on the combined
// premium, the per-leg stop (that leg only, the rest's stop moved to cost), the trailing stop, the re-entry
// cap and the missed-action policy.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import { monday, openBotDesk, tuesdayHoliday, type BotDesk } from './bot-desk.ts';

describe.each(testBackends)('daily bots on %s', (backend) => {
  let t: BotDesk;

  beforeEach(async () => {
    t = await openBotDesk(backend);
  });

  afterEach(async () => {
    await t.server.close();
  });

  it('enters at 09:20 with the legs around the money (hedges first), exits at 15:10 (shorts first), and does nothing on a holiday', async () => {
    const bot = await t.createDaily({ strategy: 'iron_condor' });
    t.condor();
    t.at(monday, '09:19');
    expect((await t.tick()).acted).toBe(0);
    t.at(monday, '09:20');
    expect(await t.tick()).toMatchObject({ evaluated: 1, acted: 1 });
    const lot = t.desk.lotSize;
    const entry = await t.orders('daily', bot.id);
    expect(entry.map((order) => [order.tradingsymbol, order.transaction_type, order.quantity, order.status, order.purpose])).toEqual([
      [t.symbol(8, 'CE'), 'BUY', lot, 'COMPLETE', 'entry'],
      [t.symbol(-8, 'PE'), 'BUY', lot, 'COMPLETE', 'entry'],
      [t.symbol(4, 'CE'), 'SELL', lot, 'COMPLETE', 'entry'],
      [t.symbol(-4, 'PE'), 'SELL', lot, 'COMPLETE', 'entry'],
    ]);
    expect(new Set(entry.map((order) => order.tag))).toEqual(new Set([`BD${bot.id}-261123-E1`]));
    t.at(monday, '09:21');
    expect((await t.tick()).acted).toBe(0);
    t.at(monday, '15:09');
    expect((await t.tick()).acted).toBe(0);
    t.at(monday, '15:10');
    expect((await t.tick()).acted).toBe(1);
    const exit = (await t.orders('daily', bot.id)).slice(4);
    expect(exit.map((order) => [order.transaction_type, order.status, order.tag, order.purpose])).toEqual([
      ['BUY', 'COMPLETE', `BD${bot.id}-261123-X1`, 'squareoff'],
      ['BUY', 'COMPLETE', `BD${bot.id}-261123-X1`, 'squareoff'],
      ['SELL', 'COMPLETE', `BD${bot.id}-261123-X1`, 'squareoff'],
      ['SELL', 'COMPLETE', `BD${bot.id}-261123-X1`, 'squareoff'],
    ]);
    expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.sequence, action.status])).toEqual([
      ['enter', 1, 'completed'],
      ['exit', 1, 'completed'],
    ]);
    expect(await t.run('daily', bot.id)).toMatchObject({ state: 'exited', entries: 1 });
    expect((await t.alerts(bot.id)).map((alert) => alert.event)).toEqual(['bot_entered', 'bot_exited']);
    expect((await t.alerts(bot.id))[0]!.link).toBe(`/app/portfolio?portfolio=${t.portfolio.id}`);

    t.at(tuesdayHoliday, '09:20');
    await t.tick();
    t.at(tuesdayHoliday, '09:25');
    await t.tick();
    expect(await t.orders('daily', bot.id)).toHaveLength(8);
    expect(await t.run('daily', bot.id, tuesdayHoliday)).toBeUndefined();
  });

  it('exits on the stop-loss when the combined premium of a short straddle rises by stop_loss_pct', async () => {
    const bot = await t.createDaily({ stop_loss_pct: 25, target_pct: 50, params: { leg_stop_loss_pct: 100 } });
    t.straddle(100.25, 100.25);
    t.at(monday, '09:20');
    await t.tick();
    // Sold at the bids: 100 + 100 = 200 a unit. 240 is a 20 % loss: held.
    t.straddle(140, 100);
    t.at(monday, '09:30');
    expect((await t.tick()).acted).toBe(0);
    t.straddle(150, 100);
    t.at(monday, '09:31');
    expect((await t.tick()).acted).toBe(1);
    expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.status])).toEqual([
      ['enter', 'completed'],
      ['stop_loss', 'completed'],
    ]);
    expect((await t.alerts(bot.id)).map((alert) => alert.event)).toEqual(['bot_entered', 'bot_stop_loss']);
    const state = await t.run('daily', bot.id);
    expect(state).toMatchObject({ state: 'exited', reason: 'stop-loss hit' });
  });

  it('exits at the target when the combined premium falls by target_pct', async () => {
    const bot = await t.createDaily({ stop_loss_pct: 25, target_pct: 50 });
    t.straddle(100.25, 100.25);
    t.at(monday, '09:20');
    await t.tick();
    t.straddle(60, 45);
    t.at(monday, '10:00');
    expect((await t.tick()).acted).toBe(0);
    t.straddle(55, 45);
    t.at(monday, '10:01');
    expect((await t.tick()).acted).toBe(1);
    expect((await t.actions('daily', bot.id)).map((action) => action.action)).toEqual(['enter', 'target']);
    expect((await t.alerts(bot.id)).map((alert) => alert.event)).toEqual(['bot_entered', 'bot_target']);
  });

  it('trails: after the profit reaches trail_trigger_pct, a fall of trail_step_pct from its best exits', async () => {
    const bot = await t.createDaily({ target_pct: 80, params: { trailing_sl: true, trail_trigger_pct: 20, trail_step_pct: 10 } });
    t.straddle(100.25, 100.25);
    t.at(monday, '09:20');
    await t.tick();
    // Best profit: 200 − 150 = 50 a unit (25 %): the trail is armed at 50 − 20 = 30.
    t.straddle(75, 75);
    t.at(monday, '10:00');
    expect((await t.tick()).acted).toBe(0);
    t.straddle(84, 84);
    t.at(monday, '10:01');
    expect((await t.tick()).acted).toBe(0);
    t.straddle(86, 85);
    t.at(monday, '10:02');
    expect((await t.tick()).acted).toBe(1);
    expect((await t.actions('daily', bot.id)).map((action) => action.action)).toEqual(['enter', 'trailing_stop']);
  });

  it('a per-leg stop buys back that leg only; with move_sl_to_cost the other leg then stops at its entry price', async () => {
    const bot = await t.createDaily({ stop_loss_pct: 100, target_pct: 90, params: { leg_stop_loss_pct: 30, move_sl_to_cost: true } });
    t.straddle(100.25, 100.25);
    t.at(monday, '09:20');
    await t.tick();
    const entry = await t.orders('daily', bot.id);
    const legLetter = (symbol: string) => String.fromCharCode(97 + entry.findIndex((order) => order.tradingsymbol === symbol));
    // Sold at the bids, 100 each: the call's stop is at 130.
    t.straddle(129.5, 92);
    t.at(monday, '10:00');
    expect((await t.tick()).acted).toBe(0);
    t.straddle(130.25, 90);
    t.at(monday, '10:15');
    expect((await t.tick()).acted).toBe(1);
    const callBack = (await t.orders('daily', bot.id)).slice(2);
    expect(callBack.map((order) => [order.tradingsymbol, order.transaction_type, order.status, order.tag, order.purpose])).toEqual([
      [t.symbol(0, 'CE'), 'BUY', 'COMPLETE', `BD${bot.id}-261123-G1${legLetter(t.symbol(0, 'CE'))}`, 'squareoff'],
    ]);
    expect(await t.run('daily', bot.id)).toMatchObject({ state: 'in_position', entries: 1 });
    const alerts = await t.alerts(bot.id);
    expect(alerts.map((alert) => alert.event)).toEqual(['bot_entered', 'bot_stop_loss']);
    expect(alerts[1]!.body).toBe(`Bought back ${t.symbol(0, 'CE')}. Still open: ${t.symbol(0, 'PE')}. Their stop-loss is now at cost (the entry price).`);
    // Coded for the app to say in the trader's language.
    expect(alerts[1]!.body_i18n).toEqual({
      code: 'alert.bot_leg_stop_body',
      params: { leg: t.symbol(0, 'CE'), hedged: 'no', hedges: '', sold: 'yes', open: t.symbol(0, 'PE'), at_cost: 'yes' },
    });
    // The put alone now stops at its entry price, 100 (not at 130).
    t.straddle(150, 99.5);
    t.at(monday, '11:00');
    expect((await t.tick()).acted).toBe(0);
    t.straddle(150, 100.25);
    t.at(monday, '11:30');
    expect((await t.tick()).acted).toBe(1);
    const actions = await t.actions('daily', bot.id);
    expect(actions.map((action) => [action.action, action.sequence, action.status])).toEqual([
      ['enter', 1, 'completed'],
      ['leg_stop_loss', 1, 'completed'],
      ['leg_stop_loss', 1, 'completed'],
    ]);
    expect(actions[2]!.idempotency_key).toBe(`BD${bot.id}-261123-G1${legLetter(t.symbol(0, 'PE'))}`);
    expect((await t.orders('daily', bot.id)).slice(3).map((order) => [order.tradingsymbol, order.transaction_type])).toEqual([[t.symbol(0, 'PE'), 'BUY']]);
    expect(await t.run('daily', bot.id)).toMatchObject({ state: 'exited', reason: "a leg's stop-loss hit" });
    // Flat: the exit time finds nothing left to do.
    t.at(monday, '15:10');
    expect((await t.tick()).acted).toBe(0);
    const states = await t.call<{ bots: Array<{ last_action: { action: string; leg: string | null } | null; open_positions: number }> }>('getBotStates', {
      token: t.desk.token,
      params: { portfolioId: t.portfolio.id },
    });
    expect(states.body.bots[0]).toMatchObject({ open_positions: 0, last_action: { action: 'leg_stop_loss', leg: t.symbol(0, 'PE') } });
  });

  it('an iron condor’s leg stop closes that side (the short and its wing) and keeps the other side until the exit time', async () => {
    const bot = await t.createDaily({ strategy: 'iron_condor', stop_loss_pct: 100, target_pct: 90, params: { leg_stop_loss_pct: 50 } });
    t.condor();
    t.at(monday, '09:20');
    await t.tick();
    t.price(4, 'CE', 90);
    t.price(8, 'CE', 35);
    t.at(monday, '10:00');
    expect((await t.tick()).acted).toBe(1);
    const callSide = (await t.orders('daily', bot.id)).slice(4);
    expect(callSide.map((order) => [order.tradingsymbol, order.transaction_type, order.status])).toEqual([
      [t.symbol(4, 'CE'), 'BUY', 'COMPLETE'],
      [t.symbol(8, 'CE'), 'SELL', 'COMPLETE'],
    ]);
    expect(new Set(callSide.map((order) => order.tag)).size).toBe(1);
    expect(await t.run('daily', bot.id)).toMatchObject({ state: 'in_position' });
    // The alert names the leg, the hedge closed with it and what stays open.
    expect((await t.alerts(bot.id))[1]!.body).toBe(`Bought back ${t.symbol(4, 'CE')} and closed its hedge ${t.symbol(8, 'CE')}. Still open: ${t.symbol(-8, 'PE')}, ${t.symbol(-4, 'PE')}.`);
    t.at(monday, '15:10');
    expect((await t.tick()).acted).toBe(1);
    expect((await t.orders('daily', bot.id)).slice(6).map((order) => [order.tradingsymbol, order.transaction_type, order.tag])).toEqual([
      [t.symbol(-4, 'PE'), 'BUY', `BD${bot.id}-261123-X1`],
      [t.symbol(-8, 'PE'), 'SELL', `BD${bot.id}-261123-X1`],
    ]);
    expect((await t.actions('daily', bot.id)).map((action) => action.action)).toEqual(['enter', 'leg_stop_loss', 'exit']);
    expect(await t.run('daily', bot.id)).toMatchObject({ state: 'exited' });
  });

  it('a leg stop whose hedge has no bid still buys the short back, keeps the wing, and is not tried again', async () => {
    const bot = await t.createDaily({ strategy: 'iron_condor', stop_loss_pct: 100, target_pct: 90, params: { leg_stop_loss_pct: 50 } });
    t.condor();
    t.at(monday, '09:20');
    await t.tick();
    t.price(4, 'CE', 90);
    t.market.set(t.symbol(8, 'CE'), { bid: 0, ask: 0.1, last: 0.05 });
    t.at(monday, '10:00');
    expect((await t.tick()).acted).toBe(1);
    expect((await t.orders('daily', bot.id)).slice(4).map((order) => [order.tradingsymbol, order.transaction_type, order.status])).toEqual([
      [t.symbol(4, 'CE'), 'BUY', 'COMPLETE'],
      [t.symbol(8, 'CE'), 'SELL', 'CANCELLED'],
    ]);
    const [, legStop] = await t.actions('daily', bot.id);
    expect(legStop).toMatchObject({ action: 'leg_stop_loss', status: 'completed' });
    expect(legStop!.message).toMatch(new RegExp(`^${t.symbol(8, 'CE')}: .*there is no bid`));
    expect((await t.alerts(bot.id))[1]!.body).toMatch(/^Bought back .*\. Its hedge was not sold \(.*\): it stays until the position's exit\. Still open: /);
    expect((await t.alerts(bot.id))[1]!.body_i18n).toMatchObject({ code: 'alert.bot_leg_stop_body', params: { sold: 'no', reason: { code: 'bot.order_refused' } } });
    // The short is bought back: nothing more to do until the exit time, which takes what is left.
    for (const minute of ['10:01', '10:02', '10:05']) {
      t.at(monday, minute);
      expect((await t.tick()).acted).toBe(0);
    }
    t.price(8, 'CE', 1);
    t.at(monday, '15:10');
    expect((await t.tick()).acted).toBe(1);
    expect((await t.orders('daily', bot.id)).slice(6).map((order) => [order.tradingsymbol, order.transaction_type, order.status])).toEqual([
      [t.symbol(-4, 'PE'), 'BUY', 'COMPLETE'],
      [t.symbol(8, 'CE'), 'SELL', 'COMPLETE'],
      [t.symbol(-8, 'PE'), 'SELL', 'COMPLETE'],
    ]);
  });

  it('re-enters at the new money after a stop-loss, at most max_re_entries times', async () => {
    const bot = await t.createDaily({ stop_loss_pct: 25, params: { re_entry: 'new_atm', max_re_entries: 1, leg_stop_loss_pct: 100 } });
    t.straddle(100.25, 100.25);
    t.at(monday, '09:20');
    await t.tick();
    t.straddle(160, 100);
    t.at(monday, '09:40');
    await t.tick();
    t.straddle(100.25, 100.25);
    t.at(monday, '09:41');
    expect((await t.tick()).acted).toBe(1);
    t.straddle(160, 100);
    t.at(monday, '09:50');
    await t.tick();
    t.straddle(100.25, 100.25);
    t.at(monday, '09:51');
    expect((await t.tick()).acted).toBe(0);
    t.at(monday, '10:30');
    expect((await t.tick()).acted).toBe(0);
    expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.sequence])).toEqual([
      ['enter', 1],
      ['stop_loss', 1],
      ['re_enter', 2],
      ['stop_loss', 2],
    ]);
    expect(await t.orders('daily', bot.id)).toHaveLength(8);
    expect(await t.run('daily', bot.id)).toMatchObject({ state: 'exited', entries: 2 });
  });

  it('exits at once a position left from an earlier day whose exit the engine missed', async () => {
    const bot = await t.createDaily({ weekdays: [1, 2, 3], params: { expiry: 'next_weekly' } });
    const next = (offset: number, type: 'CE' | 'PE') => {
      const listed = t.desk.services.market.instruments('NIFTY', '2026-12-01', t.server.clock.now());
      return listed.then((answer) => answer.instruments.find((row) => row.strike === t.desk.atm + offset && row.instrument_type === type)!.tradingsymbol);
    };
    t.market.set(await next(0, 'CE'), { bid: 150, ask: 150.5, last: 150.25 });
    t.market.set(await next(0, 'PE'), { bid: 140, ask: 140.5, last: 140.25 });
    t.at(monday, '09:20');
    expect((await t.tick()).acted).toBe(1);
    expect((await t.orders('daily', bot.id)).map((order) => order.tradingsymbol)).toEqual([await next(0, 'CE'), await next(0, 'PE')]);
    // Down from 15:00 on Monday until Wednesday morning (Tuesday is a holiday).
    t.at('2026-11-25', '09:16');
    // The broker session ended at 06:00: without it the bot cannot act. The trader logs in again.
    expect((await t.tick()).acted).toBe(0);
    await t.server.db.query(`UPDATE broker_accounts SET session_expires_at = $2 WHERE id = $1`, [t.desk.account.id, new Date(t.server.clock.now().getTime() + 3_600_000 * 20)]);
    expect((await t.tick()).acted).toBe(1);
    const actions = await t.actions('daily', bot.id);
    expect(actions.map((action) => [action.action, action.status, action.idempotency_key])).toEqual([
      ['enter', 'completed', `BD${bot.id}-261123-E1`],
      ['exit', 'completed', `BD${bot.id}-261125-X1`],
    ]);
    expect((await t.orders('daily', bot.id)).slice(2).map((order) => [order.transaction_type, order.status])).toEqual([
      ['BUY', 'COMPLETE'],
      ['BUY', 'COMPLETE'],
    ]);
    // And the day goes on: the bot enters at 09:20 as usual.
    t.at('2026-11-25', '09:20');
    expect((await t.tick()).acted).toBe(1);
  });

  it('acts on an entry up to 10 minutes late, records a later one as missed, and carries out a late exit', async () => {
    const onTime = await t.createDaily({ entry_time: '09:20' });
    const late = await t.createDaily({ entry_time: '09:15', exit_time: '15:00' });
    t.straddle(100.25, 100.25);
    t.at(monday, '09:29', 30);
    expect((await t.tick()).acted).toBe(2);
    expect((await t.actions('daily', onTime.id)).map((action) => [action.action, action.status])).toEqual([['enter', 'completed']]);
    const missed = await t.actions('daily', late.id);
    expect(missed.map((action) => [action.action, action.status])).toEqual([['enter', 'skipped']]);
    expect(missed[0]!.message).toMatch(/missed: the engine ran 15 minutes late \(more than 10\)/);
    expect(await t.orders('daily', late.id)).toEqual([]);
    expect(await t.run('daily', late.id)).toMatchObject({ state: 'missed' });
    expect((await t.alerts(late.id)).map((alert) => alert.event)).toEqual(['bot_missed']);
    // The server was down through 15:10: the exit is carried out when the engine runs again.
    t.at(monday, '15:24');
    expect((await t.tick()).acted).toBe(1);
    expect((await t.actions('daily', onTime.id)).map((action) => [action.action, action.status])).toEqual([
      ['enter', 'completed'],
      ['exit', 'completed'],
    ]);
    t.at(monday, '15:25');
    expect((await t.tick()).acted).toBe(0);
  });

  it('a bot created after its entry time missed nothing: no late-engine alert, its first entry is the next trading day', async () => {
    t.straddle(100.25, 100.25);
    t.at(monday, '11:05');
    const bot = await t.createDaily({ entry_time: '09:20' });
    t.at(monday, '11:05', 30);
    expect((await t.tick()).acted).toBe(1);
    const skipped = await t.actions('daily', bot.id);
    expect(skipped.map((action) => [action.action, action.status, action.message])).toEqual([
      ['enter', 'skipped', "Started after today's entry time (09:20): the first entry is on the next trading day"],
    ]);
    expect(await t.alerts(bot.id)).toEqual([]);
    expect(await t.orders('daily', bot.id)).toEqual([]);
    expect(await t.run('daily', bot.id)).toMatchObject({ state: 'missed', reason_i18n: { code: 'bot.started_after_entry', params: { time: '09:20' } } });
  });

  /** This test's desk again, with no time in a tick for orders: one action a tick. */
  const reopenWithoutTickTime = async () => {
    await t.server.close();
    t = await openBotDesk(backend, { engineHooks: { actBudgetMs: 0 } });
  };

  it('when more bots are due than a tick can place, exits go first and the rest wait for the next tick', async () => {
    await reopenWithoutTickTime();
    // The entering bot is older, so it is read first: the exit still goes before it.
    const late = await t.createDaily({ entry_time: '10:00', exit_time: '15:10' });
    const early = await t.createDaily({ entry_time: '09:20', exit_time: '10:00' });
    t.straddle(100, 100);
    t.at(monday, '09:20');
    expect(await t.tick()).toMatchObject({ acted: 1, deferred: 0 });
    t.at(monday, '10:00');
    expect(await t.tick()).toMatchObject({ acted: 1, deferred: 1 });
    expect((await t.actions('daily', early.id)).map((action) => action.action)).toEqual(['enter', 'exit']);
    expect(await t.actions('daily', late.id)).toEqual([]);
    t.at(monday, '10:00', 1);
    expect(await t.tick()).toMatchObject({ acted: 1, deferred: 0 });
    expect((await t.actions('daily', late.id)).map((action) => action.action)).toEqual(['enter']);
  });

  it('when a tick cannot do everything, a missed entry is recorded after the exits too', async () => {
    await reopenWithoutTickTime();
    t.straddle(100, 100);
    // The bot that misses its entry is older, so it is read first.
    const missing = await t.createDaily({ entry_time: '11:00', exit_time: '15:10' });
    const leaving = await t.createDaily({ entry_time: '10:30', exit_time: '11:20' });
    t.at(monday, '10:30');
    expect(await t.tick()).toMatchObject({ acted: 1, deferred: 0 });
    // No tick from 10:30 to 11:20 (a server down): the 11:00 entry is 20 minutes late, the exit due.
    t.at(monday, '11:20');
    expect(await t.tick()).toMatchObject({ acted: 1, deferred: 1 });
    expect((await t.actions('daily', leaving.id)).map((action) => action.action)).toEqual(['enter', 'exit']);
    expect(await t.actions('daily', missing.id)).toEqual([]);
    t.at(monday, '11:20', 1);
    expect(await t.tick()).toMatchObject({ acted: 1, deferred: 0 });
    expect((await t.actions('daily', missing.id)).map((action) => [action.action, action.status])).toEqual([['enter', 'skipped']]);
  });
});
