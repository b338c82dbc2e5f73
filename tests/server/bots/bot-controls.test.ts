// What the trader controls and sees: pausing a bot in a position (the choice, 422 without it), the kill switch
// stopping the account's bots (a bot refused after it, a bot entry acknowledged after it closed at once),
// broker refusals recorded on the action, and the routes (states, runs, positions by bot) answering the
// contract, 404 for another trader's bots.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { signedInAccount } from '../support/accounts.ts';
import { testBackends } from '../support/test-database.ts';
import { istInstant, monday, openBotDesk, type BotDesk } from './bot-desk.ts';

type Schemas = components['schemas'];

describe.each(testBackends)('bot controls on %s', (backend) => {
  let t: BotDesk;

  beforeEach(async () => {
    t = await openBotDesk(backend, { capital: 2_000_000 });
  });

  afterEach(async () => {
    await t.server.close();
  });

  const pause = (botId: number, pauseAction?: string) =>
    t.call('updateDailyBot', { token: t.desk.token, params: { id: botId }, body: { status: 'paused', ...(pauseAction === undefined ? {} : { pause_action: pauseAction }) } });

  it('asks for a choice when pausing a bot in a position: keep_managing exits on its rules, exit_now on the next tick', async () => {
    const keep = await t.createDaily();
    const leave = await t.createDaily();
    const idle = await t.createDaily({ entry_time: '11:00' });
    t.straddle(100.25, 100.25);
    t.at(monday, '09:20');
    expect((await t.tick()).acted).toBe(2);

    const refused = await pause(keep.id);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'pause_choice_required', field: 'pause_action' });
    expect((await pause(idle.id)).status).toBe(200);
    expect((await pause(keep.id, 'keep_managing')).status).toBe(200);
    expect((await pause(leave.id, 'exit_now')).status).toBe(200);
    expect(await t.run('daily', keep.id)).toMatchObject({ pause_action: 'keep_managing' });

    t.at(monday, '09:25');
    expect((await t.tick()).acted).toBe(1);
    expect((await t.actions('daily', leave.id)).map((action) => action.action)).toEqual(['enter', 'pause_exit']);
    expect((await t.actions('daily', keep.id)).map((action) => action.action)).toEqual(['enter']);
    // Paused bots take no new entry; the kept position still goes at its exit time.
    t.at(monday, '11:00');
    expect((await t.tick()).acted).toBe(0);
    expect(await t.actions('daily', idle.id)).toEqual([]);
    t.at(monday, '15:10');
    expect((await t.tick()).acted).toBe(1);
    expect((await t.actions('daily', keep.id)).map((action) => action.action)).toEqual(['enter', 'exit']);
  });

  it('stops every bot of the account when the kill switch is armed, and a bot resumed under it is refused, not crashed', async () => {
    const holding = await t.createDaily();
    const waiting = await t.createDaily({ entry_time: '10:00' });
    t.straddle(100.25, 100.25);
    t.at(monday, '09:20');
    await t.tick();
    t.at(monday, '09:40');
    const armed = await t.call<Schemas['KillSwitchResult']>('armKillSwitch', {
      token: t.desk.token,
      body: { account_number: t.desk.accountNumber, source: 'header', reason: 'Too volatile' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    expect(armed.body.accounts[0]).toMatchObject({ flat: true });
    const bots = await t.call<{ daily_bots: Schemas['DailyBot'][] }>('getDailyBots', { token: t.desk.token, params: { portfolioId: t.portfolio.id } });
    expect(bots.body.daily_bots.map((bot) => bot.status)).toEqual(['stopped', 'stopped']);
    for (const bot of [holding, waiting]) {
      expect(await t.run('daily', bot.id)).toMatchObject({ state: 'stopped', reason: 'Kill switch: Too volatile' });
      // Said on the device in the trader's language: the code, with the trader's own words inside (issue 24).
      expect((await t.run('daily', bot.id))?.reason_i18n).toEqual({ code: 'bot.stopped_kill_switch', params: { reason: { code: 'text', params: { text: 'Too volatile' } } } });
      expect((await t.alerts(bot.id)).map((alert) => alert.event)).toContain('bot_stopped');
    }
    // The flatten closed the bot's legs under its name: the bot holds nothing.
    const closing = (await t.orders('daily', holding.id)).slice(2);
    expect(closing.map((order) => [order.transaction_type, order.status, order.purpose])).toEqual([
      ['BUY', 'COMPLETE', 'squareoff'],
      ['BUY', 'COMPLETE', 'squareoff'],
    ]);

    t.at(monday, '10:00');
    expect((await t.tick()).acted).toBe(0);
    expect(await t.orders('daily', waiting.id)).toEqual([]);

    const resumed = await t.call('updateDailyBot', { token: t.desk.token, params: { id: waiting.id }, body: { status: 'active' } });
    expect(resumed.status).toBe(200);
    t.at(monday, '10:05');
    expect((await t.tick()).acted).toBe(1);
    const [entry] = await t.actions('daily', waiting.id);
    expect(entry).toMatchObject({ action: 'enter', status: 'failed' });
    expect(entry!.message).toMatch(/kill switch .* is on/);
    // Coded for the app to say in the trader's language (issue 24): the kill switch's own refusal.
    expect(entry!.message_i18n).toMatchObject({ code: 'order.kill_switch_on', params: { account: expect.any(String) as string } });
    expect(await t.run('daily', waiting.id)).toMatchObject({
      state: 'stopped',
      reason: expect.stringMatching(/^Entry refused: The kill switch/) as string,
      reason_i18n: { code: 'bot.entry_refused', params: { reason: { code: 'order.kill_switch_on' } } },
    });
    expect(await t.orders('daily', waiting.id)).toEqual([]);
    expect((await t.alerts(waiting.id)).map((alert) => alert.event)).toEqual(['bot_stopped', 'bot_rejected']);
  });

  it('stops the bots when a breached risk limit arms the kill switch, saying which limit', async () => {
    const bot = await t.createDaily();
    t.straddle(100.25, 100.25);
    t.at(monday, '09:20');
    await t.tick();
    const limits = { max_loss_today: 2000, profit_lock_from: null, profit_lock_keep_pct: null, max_trades_today: null, max_lots_per_order: null, max_open_positions: null };
    expect((await t.call('updateRiskLimits', { token: t.desk.token, params: { accountNumber: t.desk.accountNumber }, body: limits })).status).toBe(200);
    t.straddle(130, 110);
    t.at(monday, '09:25');
    expect(await t.desk.services.riskLimits.watch(t.server.clock.now())).toBe(1);
    const state = await t.run('daily', bot.id);
    expect(state?.state).toBe('stopped');
    expect(state?.reason).toMatch(/^Kill switch: Risk limit: today's loss of .* reached your maximum loss of ₹2,000\.00\.$/);
    expect(state?.reason_i18n).toEqual({
      code: 'bot.stopped_kill_switch',
      params: { reason: { code: 'kill_switch.max_loss', params: { loss: expect.any(Number) as number, limit: 2000 } } },
    });
    // The API carries it to the bot's card.
    const states = await t.call<Schemas['BotStatesResponse']>('getBotStates', { token: t.desk.token, params: { portfolioId: t.portfolio.id } });
    expect(states.body.bots.find((entry) => entry.bot_id === bot.id)?.reason_i18n).toEqual(state?.reason_i18n);
    expect((await t.alerts(bot.id)).map((alert) => alert.event)).toEqual(['bot_entered', 'bot_stopped']);
    t.at(monday, '09:30');
    expect((await t.tick()).evaluated).toBe(0);
  });

  it("leaves a bot whose entry a risk limit refused exited, not stopped: the limit's words name the kill-switch page, yet the switch is off", async () => {
    const bot = await t.createDaily({ lots: 2 });
    const limits = { max_loss_today: null, profit_lock_from: null, profit_lock_keep_pct: null, max_trades_today: null, max_lots_per_order: 1, max_open_positions: null };
    expect((await t.call('updateRiskLimits', { token: t.desk.token, params: { accountNumber: t.desk.accountNumber }, body: limits })).status).toBe(200);
    t.straddle(100.25, 100.25);
    t.at(monday, '09:20');
    expect((await t.tick()).acted).toBe(1);
    const [entry] = await t.actions('daily', bot.id);
    expect(entry).toMatchObject({ action: 'enter', status: 'failed', message_i18n: { code: 'refusal.risk_lots_per_order' } });
    expect(await t.run('daily', bot.id)).toMatchObject({ state: 'exited', reason_i18n: { code: 'bot.entry_refused', params: { reason: { code: 'refusal.risk_lots_per_order' } } } });
  });

  it('records a broker refusal on the action, and exits what filled of a partly refused entry', async () => {
    const bot = await t.createDaily();
    // No price for the put: its order is refused while the call's fills.
    t.price(0, 'CE', 100.25);
    t.at(monday, '09:20');
    expect((await t.tick()).acted).toBe(1);
    expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.status])).toEqual([
      ['enter', 'failed'],
      ['exit', 'completed'],
    ]);
    expect((await t.actions('daily', bot.id))[0]!.message).toMatch(/No price for/);
    // The broker's coded reason, inside the bot's words, stored and served to the bot's history (issue 24).
    const put = t.symbol(0, 'PE');
    const failure = { code: 'bot.order_refused', params: { tradingsymbol: put, reason: { code: 'order.no_price', params: { tradingsymbol: put } } } };
    expect((await t.actions('daily', bot.id))[0]!.message_i18n).toEqual(failure);
    const runs = await t.call<Schemas['BotRunsResponse']>('getBotRuns', { token: t.desk.token, params: { kind: 'daily', id: bot.id } });
    expect(runs.body.runs[0]!.actions[0]).toMatchObject({ status: 'failed', message_i18n: failure });
    expect(runs.body.runs[0]!.reason_i18n).toEqual({ code: 'bot.exit_reason', params: { action: 'exit' } });
    expect((await t.orders('daily', bot.id)).map((order) => [order.tradingsymbol, order.transaction_type, order.status])).toEqual([
      [t.symbol(0, 'CE'), 'SELL', 'COMPLETE'],
      [t.symbol(0, 'PE'), 'SELL', 'REJECTED'],
      [t.symbol(0, 'CE'), 'BUY', 'COMPLETE'],
    ]);
    expect((await t.alerts(bot.id)).map((alert) => alert.event)).toEqual(['bot_rejected', 'bot_exited']);
    t.at(monday, '09:25');
    expect((await t.tick()).acted).toBe(0);
  });

  it('answers states, runs and positions by bot as the contract says, and 404 for another trader', async () => {
    const bot = await t.createDaily();
    const later = await t.createDaily({ entry_time: '12:00', name: 'Noon straddle' });
    t.straddle(100.25, 100.25);
    t.at(monday, '09:20');
    await t.tick();
    t.price(2, 'CE', 50);
    const own = await t.desk.trade<Schemas['OrdersResponse']>('placeTrades', { portfolio_id: t.portfolio.id, orders: [t.desk.order(t.symbol(2, 'CE'), 'BUY', t.desk.lotSize)] });
    expect(own.body.orders.map((order) => order.status)).toEqual(['COMPLETE']);

    const states = await t.call<Schemas['BotStatesResponse']>('getBotStates', { token: t.desk.token, params: { portfolioId: t.portfolio.id } });
    expect(states.status, JSON.stringify(states.body)).toBe(200);
    const [first, second] = states.body.bots;
    expect(first).toMatchObject({ kind: 'daily', bot_id: bot.id, trading_day: monday, state: 'in_position', entries_today: 1, open_positions: 2 });
    expect(first!.last_action).toMatchObject({ action: 'enter', sequence: 1, status: 'completed' });
    expect(first!.next_action_at).toBe(istInstant(monday, '15:10').toISOString());
    expect(typeof first!.pnl_today).toBe('number');
    expect(second).toMatchObject({ bot_id: later.id, state: 'waiting', pnl_today: null, last_action: null, next_action_at: istInstant(monday, '12:00').toISOString() });

    const runs = await t.call<Schemas['BotRunsResponse']>('getBotRuns', { token: t.desk.token, params: { kind: 'daily', id: bot.id } });
    expect(runs.status).toBe(200);
    expect(runs.body.bot).toEqual({ kind: 'daily', id: bot.id, name: bot.name });
    expect(runs.body.runs.map((run) => [run.trading_day, run.state, run.entries, run.actions.map((action) => action.action)])).toEqual([[monday, 'in_position', 1, ['enter']]]);
    // Today's run, still in position, carries the card's P&L (one figure, one value), not "no trade yet".
    expect(runs.body.runs[0]!.pnl).toBe(first!.pnl_today);
    expect(runs.body.runs[0]!.pnl).not.toBeNull();

    const byBot = await t.call<Schemas['PositionsByBotResponse']>('getPositionsByBot', { token: t.desk.token, params: { portfolioId: t.portfolio.id } });
    expect(byBot.status, JSON.stringify(byBot.body)).toBe(200);
    expect(byBot.body.data.groups.map((group) => [group.bot?.id ?? null, group.positions.map((position) => [position.tradingsymbol, position.quantity])])).toEqual([
      [null, [[t.symbol(2, 'CE'), t.desk.lotSize]]],
      [bot.id, expect.arrayContaining([[t.symbol(0, 'CE'), -t.desk.lotSize], [t.symbol(0, 'PE'), -t.desk.lotSize]])],
    ]);

    const other = await signedInAccount(t.call);
    expect((await t.call('getBotStates', { token: other.token, params: { portfolioId: t.portfolio.id } })).status).toBe(404);
    expect((await t.call('getBotRuns', { token: other.token, params: { kind: 'daily', id: bot.id } })).status).toBe(404);
    expect((await t.call('getPositionsByBot', { token: other.token, params: { portfolioId: t.portfolio.id } })).status).toBe(404);
  });
});

// The race a live broker opens: the arming commits while a bot's entry is on its way, and the arming's
// flatten does not see the order (here its instance dies before closing anything). The engine closes the
// entry once the broker acknowledged it, as the order pipeline does for the trader's own entries.
describe.each(testBackends)('a bot entry racing the kill switch on %s', (backend) => {
  it('closes an entry the broker acknowledged after the kill switch armed; the bot stays stopped, holding nothing', async () => {
    let afterEntry = async () => undefined as void;
    let arming = 0;
    const t = await openBotDesk(backend, {
      capital: 2_000_000,
      engineHooks: { afterBrokerCall: () => afterEntry() },
      tradingHooks: {
        afterArmed: () => {
          arming += 1;
          if (arming === 1) throw new Error('power cut after arming');
        },
      },
    });
    try {
      const bot = await t.createDaily();
      t.straddle(100.25, 100.25);
      afterEntry = async () => {
        afterEntry = async () => undefined;
        const armed = await t.call('armKillSwitch', {
          token: t.desk.token,
          body: { account_number: t.desk.accountNumber, source: 'header' },
          headers: { 'idempotency-key': randomUUID() },
        });
        expect(armed.status).toBe(500);
      };
      t.at(monday, '09:20');
      expect((await t.tick()).acted).toBe(1);

      const [entry] = await t.actions('daily', bot.id);
      expect(entry).toMatchObject({ action: 'enter', status: 'failed' });
      expect(entry!.message).toBe('The kill switch was turned on while this was being placed, so everything was closed at once: 0 working orders cancelled, 2 exits filled.');
      const orders = await t.orders('daily', bot.id);
      expect(orders.map((order) => [order.transaction_type, order.status, order.purpose, order.tag])).toEqual([
        ['SELL', 'COMPLETE', 'entry', entry!.idempotency_key],
        ['SELL', 'COMPLETE', 'entry', entry!.idempotency_key],
        ['BUY', 'COMPLETE', 'squareoff', 'KILL-SWITCH'],
        ['BUY', 'COMPLETE', 'squareoff', 'KILL-SWITCH'],
      ]);
      expect((await t.desk.positionBook()).net.filter((position) => position.quantity !== 0)).toEqual([]);
      expect(await t.run('daily', bot.id)).toMatchObject({
        state: 'stopped',
        reason: `Kill switch: ${entry!.message}`,
        // Coded, for the app to say in the trader's language (it was the English words as they were).
        reason_i18n: { code: 'bot.stopped_kill_switch', params: { reason: { code: 'kill_switch.late_closed', params: { cancelled: 0, filled: 2, unfilled: 0 } } } },
      });
      expect((await t.alerts(bot.id)).map((alert) => alert.event)).toEqual(['bot_stopped', 'bot_rejected']);

      t.at(monday, '09:25');
      expect((await t.tick()).acted).toBe(0);
      expect(await t.orders('daily', bot.id)).toHaveLength(4);
    } finally {
      await t.server.close();
    }
  });
});
