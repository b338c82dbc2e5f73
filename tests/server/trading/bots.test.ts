// Trading bots and daily bots inside a portfolio: create, list, partial update (pause, resume, edit) and
// delete, with every rule the server enforces beyond the contract's schemas.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  baseStrategies,
  createBrokerAccount,
  createPortfolio,
  dailyBotBody,
  guardedClient,
  tradingBotBody,
  type BaseStrategy,
  type DailyBot,
  type TradingBot,
} from '../support/trading.ts';
import { validationRefusal } from '../support/validation-refusal.ts';

describe.each(testBackends)('trading and daily bots on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;
  let portfolioId: number;
  let strategies: Map<string, BaseStrategy>;
  const id = (slug: string) => strategies.get(slug)?.id ?? 0;

  beforeAll(async () => {
    // Outside demo mode: schedules must fit the exchange's session (a demo server takes any time, below).
    server = await startTestServer({ backend, market: { demo: false } });
    call = guardedClient(server.app);
    token = (await signedInAccount(call)).token;
    const { account } = await createBrokerAccount(call, token);
    portfolioId = (await createPortfolio(call, token, account.id)).id;
    strategies = await baseStrategies(call, token);
  });

  afterAll(async () => {
    await server.close();
  });

  /** A created bot, or an error's code, field and message. */
  type Answer<Key extends string, Bot> = Record<Key, Bot> & { code?: string; field?: string; message?: string };
  const createTrading = (body: Record<string, unknown>, pathId = portfolioId) =>
    call<Answer<'trading_bot', TradingBot>>('createTradingBot', { token, params: { portfolioId: pathId }, body });
  const createDaily = (body: Record<string, unknown>, pathId = portfolioId) =>
    call<Answer<'daily_bot', DailyBot>>('createDailyBot', { token, params: { portfolioId: pathId }, body });

  it('creates a trading bot (active, paper, params completed from the schema defaults), lists, edits, pauses and deletes it', async () => {
    const created = await createTrading(tradingBotBody(portfolioId, id('short_straddle'), { name: '  NIFTY   straddle ', params: { strike_offset: 1 } }));
    expect(created.status).toBe(201);
    const bot = created.body.trading_bot;
    expect(bot).toEqual({
      id: expect.any(Number),
      portfolio_id: portfolioId,
      name: 'NIFTY straddle',
      base_strategy: id('short_straddle'),
      underlying: 'NIFTY',
      lots: 2,
      max_stock_positions: 5,
      stop_loss_pct: 25,
      target_pct: 50,
      status: 'active',
      // Trades its own underlying, not the stock an alert names (issue 63).
      stock_from_alert: false,
      mode: 'paper',
      // The entry window a trader who leaves it out gets.
      entry_from: '09:30',
      entry_until: '14:30',
      exit_time: '15:15',
      params: {
        expiry: 'current_weekly',
        strike_offset: 1,
        leg_stop_loss_pct: 30,
        move_sl_to_cost: true,
        re_entry: 'none',
        max_re_entries: 1,
        trailing_sl: false,
        trail_trigger_pct: 20,
        trail_step_pct: 10,
        // What every bot sets (issue 40): NRML, the stop-loss and target in percent, no conditions.
        product: 'NRML',
        risk_unit: 'percent',
        stop_loss_points: 30,
        target_points: 60,
        entry_condition: 'none',
        exit_condition: 'none',
        condition_strikes_at: '09:20',
        premium_move: 20,
        premium_move_unit: 'percent',
        iv_level: 15,
      },
    });

    const listed = await call<{ trading_bots: TradingBot[] }>('getTradingBots', { token, params: { portfolioId } });
    expect(listed.body.trading_bots).toContainEqual(bot);

    const paused = await call<{ trading_bot: TradingBot }>('updateTradingBot', { token, params: { id: bot.id }, body: { status: 'paused' } });
    expect(paused.status).toBe(200);
    expect(paused.body.trading_bot).toEqual({ ...bot, status: 'paused' });

    const edited = await call<{ trading_bot: TradingBot }>('updateTradingBot', {
      token,
      params: { id: bot.id },
      body: { underlying: 'BANKNIFTY', lots: 20, stop_loss_pct: 12.5, base_strategy: id('iron_condor'), params: { wing_width: 2 } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.trading_bot).toMatchObject({ status: 'paused', underlying: 'BANKNIFTY', lots: 20, stop_loss_pct: 12.5, base_strategy: id('iron_condor') });
    expect(edited.body.trading_bot.params).toMatchObject({ wing_width: 2, call_distance: 4, put_distance: 4 });

    const deleted = await call('deleteTradingBot', { token, params: { id: bot.id } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Trading bot deleted', message_i18n: { code: 'done.trading_bot_deleted', params: {} } });
    expect((await call<{ trading_bots: TradingBot[] }>('getTradingBots', { token, params: { portfolioId } })).body.trading_bots.map((b) => b.id)).not.toContain(bot.id);
    expect((await call('deleteTradingBot', { token, params: { id: bot.id } })).status).toBe(404);
    expect((await call('updateTradingBot', { token, params: { id: bot.id }, body: { status: 'active' } })).status).toBe(404);
  });

  it('creates a daily bot with its schedule (weekdays sorted), edits, stops and deletes it', async () => {
    const created = await createDaily(dailyBotBody(portfolioId, id('iron_condor'), { weekdays: [4, 2], status: 'paused', mode: 'paper', params: {} }));
    expect(created.status).toBe(201);
    const bot = created.body.daily_bot;
    expect(bot).toMatchObject({ portfolio_id: portfolioId, entry_time: '09:20', exit_time: '15:15', weekdays: [2, 4], status: 'paused', mode: 'paper' });
    expect(bot.params).toMatchObject({ call_distance: 4, put_distance: 4, wing_width: 4 });

    const listed = await call<{ daily_bots: DailyBot[] }>('getDailyBots', { token, params: { portfolioId } });
    expect(listed.body.daily_bots).toContainEqual(bot);

    const edited = await call<{ daily_bot: DailyBot }>('updateDailyBot', { token, params: { id: bot.id }, body: { entry_time: '09:15', exit_time: '15:30', weekdays: [1, 2, 3, 4, 5] } });
    expect(edited.status).toBe(200);
    expect(edited.body.daily_bot).toEqual({ ...bot, entry_time: '09:15', exit_time: '15:30', weekdays: [1, 2, 3, 4, 5] });
    const stopped = await call<{ daily_bot: DailyBot }>('updateDailyBot', { token, params: { id: bot.id }, body: { status: 'stopped' } });
    expect(stopped.body.daily_bot.status).toBe('stopped');

    expect((await call('deleteDailyBot', { token, params: { id: bot.id } })).body).toEqual({ message: 'Daily bot deleted', message_i18n: { code: 'done.daily_bot_deleted', params: {} } });
    expect((await call<{ daily_bots: DailyBot[] }>('getDailyBots', { token, params: { portfolioId } })).body.daily_bots.map((b) => b.id)).not.toContain(bot.id);
  });

  it('refuses a body whose portfolio_id is not the path portfolio (400)', async () => {
    const other = await createPortfolio(call, token, (await createBrokerAccount(call, token)).account.id);
    const res = await createTrading(tradingBotBody(other.id, id('short_straddle')));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'portfolio_mismatch', field: 'portfolio_id' });
    expect((await createDaily(dailyBotBody(other.id, id('short_straddle')))).status).toBe(400);
  });

  it.each([
    ['an unknown parameter', { hedge: 1 }, 'params.hedge', 'unknown field "params.hedge" (Short straddle)'],
    ['a parameter out of range', { strike_offset: 11 }, 'params.strike_offset', 'params.strike_offset: must be at most 10 (Short straddle)'],
    ['a parameter of the wrong type', { strike_offset: '1' }, 'params.strike_offset', 'params.strike_offset: must be a whole number (Short straddle)'],
    ['a value outside the enum', { re_entry: 'always' }, 'params.re_entry', 'params.re_entry: must be one of none, same_strike, new_atm (Short straddle)'],
  ])('refuses params with %s (422 naming the parameter)', async (_label, params, field, message) => {
    for (const res of [await createTrading(tradingBotBody(portfolioId, id('short_straddle'), { params })), await createDaily(dailyBotBody(portfolioId, id('short_straddle'), { params }))]) {
      expect(res.status).toBe(422);
      // Coded, so the form says it in French: the parameter's rule inside, and the strategy's name.
      expect(res.body).toEqual({ code: 'invalid_params', field, message, details: { text: { code: 'bot.invalid_params', params: expect.objectContaining({ strategy: 'Short straddle' }) } } });
    }
  });

  it('checks params against the new strategy when an update changes it', async () => {
    const bot = (await createTrading(tradingBotBody(portfolioId, id('short_straddle')))).body.trading_bot;
    const res = await call('updateTradingBot', { token, params: { id: bot.id }, body: { base_strategy: id('trend_option_buyer') } });
    expect(res.status).toBe(422);
    // The straddle's own params (leg stop-loss, re-entry...) mean nothing to the trend follower.
    expect(res.body).toMatchObject({ code: 'invalid_params', field: expect.stringMatching(/^params\./), message: expect.stringMatching(/^unknown field/) });
  });

  it('refuses an unknown base strategy (422)', async () => {
    const res = await createTrading(tradingBotBody(portfolioId, 9999));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'unknown_base_strategy', field: 'base_strategy' });
  });

  it.each([
    ['NIFTY', 27, 'NIFTY allows at most 27 lots per order (freeze quantity 1,800 units, lot size 65); got 28'],
    // The freeze quantities of NSE/FAOP/72094, in force on the test's day (15 January 2026).
    ['BANKNIFTY', 20, 'BANKNIFTY allows at most 20 lots per order (freeze quantity 600 units, lot size 30); got 21'],
    ['FINNIFTY', 20, 'FINNIFTY allows at most 20 lots per order (freeze quantity 1,200 units, lot size 60); got 21'],
    ['MIDCPNIFTY', 23, 'MIDCPNIFTY allows at most 23 lots per order (freeze quantity 2,800 units, lot size 120); got 24'],
    ['SENSEX', 50, 'SENSEX allows at most 50 lots per order (freeze quantity 1,000 units, lot size 20); got 51'],
    // A stock's of NSE's freeze file (migration 142), with the stock's own lot.
    ['RELIANCE', 30, 'RELIANCE allows at most 30 lots per order (freeze quantity 15,000 units, lot size 500); got 31'],
    // LTIMindtree's, written under LTM, its symbol since the file.
    ['LTM', 30, 'LTM allows at most 30 lots per order (freeze quantity 4,500 units, lot size 150); got 31'],
  ])('keeps %s lots within the freeze limit (%i lots)', async (underlying, limit, message) => {
    const body = (lots: number) => tradingBotBody(portfolioId, id('long_straddle'), { underlying, lots });
    expect((await createTrading(body(limit))).status).toBe(201);
    const res = await createTrading(body(limit + 1));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'lots_above_freeze_limit',
      field: 'lots',
      message: `lots: ${message}`,
      details: { text: { code: 'bot.lots_above_freeze', params: expect.objectContaining({ underlying, limit, lots: limit + 1 }) } },
    });
    const daily = await createDaily(dailyBotBody(portfolioId, id('long_straddle'), { underlying, lots: limit + 1 }));
    expect(daily.body.code).toBe('lots_above_freeze_limit');
  });

  it('checks the freeze limit again when an update changes the index', async () => {
    const bot = (await createTrading(tradingBotBody(portfolioId, id('long_straddle'), { underlying: 'SENSEX', lots: 40 }))).body.trading_bot;
    const res = await call('updateTradingBot', { token, params: { id: bot.id }, body: { underlying: 'NIFTY' } });
    expect(res.status).toBe(422);
    expect(res.body.field).toBe('lots');
  });

  it.each([
    ['zero lots', { lots: 0 }, 'lots', 'lots: must be at least 1'],
    ['fractional lots', { lots: 1.5 }, 'lots', 'lots: must be a whole number'],
    ['a zero stop-loss', { stop_loss_pct: 0 }, 'stop_loss_pct', 'stop_loss_pct: must be at least 0.01'],
    ['a stop-loss above 100%', { stop_loss_pct: 100.5 }, 'stop_loss_pct', 'stop_loss_pct: must be at most 100'],
    ['a zero target', { target_pct: 0 }, 'target_pct', 'target_pct: must be at least 0.01'],
    ['a target above 1000%', { target_pct: 1001 }, 'target_pct', 'target_pct: must be at most 1000'],
    ['an unknown status', { status: 'running' }, 'status', 'status: must be one of active, paused, stopped'],
    ['an underlying that is no symbol', { underlying: 'nifty it' }, 'underlying', 'underlying: is not in the expected format'],
    ['a blank name', { name: ' ' }, 'name', 'name: must not be empty'],
    ['params that are not an object', { params: [1] }, 'params', 'params: must be an object'],
    ['an unknown field', { schedule: 'daily' }, 'schedule', 'unknown field "schedule"'],
  ])('refuses %s (400)', async (_label, overrides, field, message) => {
    const res = await createTrading(tradingBotBody(portfolioId, id('short_straddle'), overrides));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationRefusal(field, message));
  });

  // Issue 63: a bot's underlying is any index or F&O stock the underlyings table lists; another symbol is none.
  it('takes an F&O stock as its underlying and refuses a symbol that is no index or F&O stock (404)', async () => {
    const stock = await createTrading(tradingBotBody(portfolioId, id('short_straddle'), { underlying: 'RELIANCE' }));
    expect(stock.status, JSON.stringify(stock.body)).toBe(201);
    expect(stock.body.trading_bot.underlying).toBe('RELIANCE');
    const unknown = await createTrading(tradingBotBody(portfolioId, id('short_straddle'), { underlying: 'NIFTYIT' }));
    expect(unknown.status).toBe(404);
    expect((unknown.body as unknown as { details: { text: unknown } }).details.text).toEqual({ code: 'not_found.underlying', params: { symbol: 'NIFTYIT' } });
  });

  it.each([
    ['repeated weekdays', { weekdays: [1, 1] }, 'weekdays', 'weekdays: must not contain the same value twice'],
    ['a Saturday', { weekdays: [6] }, 'weekdays', 'weekdays.0: must be at most 5'],
    ['a Sunday as 0', { weekdays: [0] }, 'weekdays', 'weekdays.0: must be at least 1'],
    ['no weekdays', { weekdays: [] }, 'weekdays', 'weekdays: must have at least 1 item'],
    ['a time that is not HH:MM', { entry_time: '9:20' }, 'entry_time', 'entry_time: is not in the expected format'],
    ['a missing exit time', { exit_time: undefined }, 'exit_time', 'exit_time: is required'],
  ])('refuses a daily bot with %s (400)', async (_label, overrides, field, message) => {
    const res = await createDaily(dailyBotBody(portfolioId, id('short_straddle'), overrides));
    expect(res.status).toBe(400);
    expect(res.body.field).toMatch(new RegExp(`^${field}`));
    expect(res.body.message).toBe(message);
  });

  it.each([
    ['an entry before the open', { entry_time: '09:14' }, 'outside_market_hours', 'entry_time', 'entry_time: 09:14 is outside market hours (09:15–15:30 IST) and inside no special session of the exchange calendar', 'bot.outside_market_hours'],
    ['an exit after the close', { exit_time: '15:31' }, 'outside_market_hours', 'exit_time', 'exit_time: 15:31 is outside market hours (09:15–15:30 IST) and inside no special session of the exchange calendar', 'bot.outside_market_hours'],
    ['an exit at night', { entry_time: '20:00', exit_time: '21:00' }, 'outside_market_hours', 'entry_time', 'entry_time: 20:00 is outside market hours (09:15–15:30 IST) and inside no special session of the exchange calendar', 'bot.outside_market_hours'],
    ['entry and exit at the same time', { entry_time: '10:00', exit_time: '10:00' }, 'entry_not_before_exit', 'exit_time', 'exit_time: must be after the entry time (10:00)', 'bot.exit_before_entry'],
    ['an exit before the entry', { entry_time: '14:00', exit_time: '10:00' }, 'entry_not_before_exit', 'exit_time', 'exit_time: must be after the entry time (14:00)', 'bot.exit_before_entry'],
  ])('refuses a daily bot with %s (422)', async (_label, overrides, code, field, message, textCode) => {
    const res = await createDaily(dailyBotBody(portfolioId, id('short_straddle'), overrides));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ code, field, message, details: { text: { code: textCode, params: expect.any(Object) } } });
  });

  it.each([
    ['a window opening before the market', { entry_from: '09:00' }, 'outside_market_hours', 'entry_from', 'entry_from: 09:00 is outside market hours (09:15–15:30 IST) and inside no special session of the exchange calendar', 'bot.outside_market_hours'],
    ['a window closing before it opens', { entry_from: '11:00', entry_until: '10:00' }, 'entry_not_before_exit', 'entry_until', 'entry_until: must be after the start of the entry window (11:00)', 'bot.entry_window_backwards'],
    ['an exit inside the window', { entry_until: '15:00', exit_time: '14:00' }, 'entry_not_before_exit', 'exit_time', 'exit_time: must not be before the end of the entry window (15:00)', 'bot.exit_inside_entry_window'],
  ])('refuses a trading bot with %s (422)', async (_label, overrides, code, field, message, textCode) => {
    const res = await createTrading(tradingBotBody(portfolioId, id('trend_option_buyer'), overrides));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ code, field, message, details: { text: { code: textCode, params: expect.any(Object) } } });
  });

  // Special sessions (issue 39): a bot is timed for one by giving it times inside it, both in the same session, as
  // an AlgoTest or Kite trader sets up a separate strategy for the Muhurat hour. NSE's calendar holds Muhurat
  // trading of 1 November 2024 (18:00–19:00), 21 October 2025 (13:45–14:45) and 8 November 2026 (18:00–19:00).
  it('takes a daily or trading bot timed inside a special session of the calendar, on create and update', async () => {
    const muhurat = await createDaily(dailyBotBody(portfolioId, id('short_straddle'), { entry_time: '18:05', exit_time: '18:45', params: { product: 'MIS' } }));
    expect(muhurat.status, JSON.stringify(muhurat.body)).toBe(201);
    expect(muhurat.body.daily_bot).toMatchObject({ entry_time: '18:05', exit_time: '18:45' });
    const edited = await call<{ daily_bot: DailyBot }>('updateDailyBot', { token, params: { id: muhurat.body.daily_bot.id }, body: { entry_time: '18:00', exit_time: '19:00' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const trading = await createTrading(tradingBotBody(portfolioId, id('trend_option_buyer'), { entry_from: '18:05', entry_until: '18:30', exit_time: '18:50' }));
    expect(trading.status, JSON.stringify(trading.body)).toBe(201);
  });

  it.each([
    ['a time no session holds', { entry_time: '20:00', exit_time: '20:30' }, 'entry_time', 'entry_time: 20:00 is outside market hours (09:15–15:30 IST) and inside no special session of the exchange calendar', 'bot.outside_market_hours'],
    ['a regular entry with an evening exit', { entry_time: '09:20', exit_time: '18:30' }, 'exit_time', 'exit_time: 18:30 is outside market hours (09:15–15:30 IST) and inside no special session of the exchange calendar', 'bot.outside_market_hours'],
    [
      'a Muhurat entry with an exit after that session',
      { entry_time: '18:05', exit_time: '19:30' },
      'exit_time',
      "exit_time: 19:30 is outside the special session of 08 Nov 2026 (18:00–19:00 IST) that entry_time falls in; a bot's times lie in one session",
      'bot.outside_special_session',
    ],
  ])('refuses a daily bot with %s (422), naming the session', async (_label, overrides, field, message, textCode) => {
    const res = await createDaily(dailyBotBody(portfolioId, id('short_straddle'), overrides));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ code: 'outside_market_hours', field, message, details: { text: { code: textCode, params: expect.objectContaining({ field }) } } });
  });

  it('checks the schedule of an update against the stored half (a new exit before the stored entry)', async () => {
    const bot = (await createDaily(dailyBotBody(portfolioId, id('short_straddle'), { entry_time: '11:00', exit_time: '15:00' }))).body.daily_bot;
    const res = await call('updateDailyBot', { token, params: { id: bot.id }, body: { exit_time: '10:30' } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('entry_not_before_exit');
  });

  it('refuses live mode for a bot on a paper account (422), on create and update', async () => {
    const res = await createTrading(tradingBotBody(portfolioId, id('short_straddle'), { mode: 'live' }));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'live_trading_unavailable', field: 'mode' });
    expect(String(res.body.message)).toMatch(/trades on paper; a bot runs live only on a live broker's account$/);
    const bot = (await createDaily(dailyBotBody(portfolioId, id('short_straddle')))).body.daily_bot;
    expect((await call('updateDailyBot', { token, params: { id: bot.id }, body: { mode: 'live' } })).status).toBe(422);
  });

  it('lets a bot be paused even when its stored params no longer satisfy the strategy', async () => {
    const bot = (await createTrading(tradingBotBody(portfolioId, id('short_straddle')))).body.trading_bot;
    await server.db.query(`UPDATE trading_bots SET params = '{"obsolete": true}'::jsonb WHERE id = $1`, [bot.id]);
    const paused = await call<{ trading_bot: TradingBot }>('updateTradingBot', { token, params: { id: bot.id }, body: { status: 'paused' } });
    expect(paused.status).toBe(200);
    expect(paused.body.trading_bot.status).toBe('paused');
    expect((await call('updateTradingBot', { token, params: { id: bot.id }, body: { lots: 3 } })).status).toBe(422);
  });

  it('refuses an empty update (400)', async () => {
    const bot = (await createTrading(tradingBotBody(portfolioId, id('short_straddle')))).body.trading_bot;
    const res = await call('updateTradingBot', { token, params: { id: bot.id }, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Send at least 1 field');
  });

  it('deletes the bots of a deleted portfolio and of a deleted account', async () => {
    const { account } = await createBrokerAccount(call, token);
    const first = await createPortfolio(call, token, account.id);
    const second = await createPortfolio(call, token, account.id);
    for (const portfolio of [first, second]) {
      await createTrading(tradingBotBody(portfolio.id, id('short_straddle')), portfolio.id);
      await createDaily(dailyBotBody(portfolio.id, id('short_straddle')), portfolio.id);
    }
    const count = async (table: string, portfolio: number) =>
      (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE portfolio_id = $1`, [portfolio])).rows[0]?.n;
    expect([await count('trading_bots', first.id), await count('daily_bots', first.id)]).toEqual([1, 1]);
    await call('deletePortfolio', { token, params: { id: first.id } });
    expect([await count('trading_bots', first.id), await count('daily_bots', first.id)]).toEqual([0, 0]);
    await call('deleteBrokerAccount', { token, params: { id: account.id } });
    expect([await count('trading_bots', second.id), await count('daily_bots', second.id)]).toEqual([0, 0]);
  });
});

describe('bots on a demo-mode server', () => {
  it('accept a schedule at any time of day: the simulated market never closes', async () => {
    const server = await startTestServer();
    try {
      const call = guardedClient(server.app);
      const { token } = await signedInAccount(call);
      const { account } = await createBrokerAccount(call, token);
      const portfolioId = (await createPortfolio(call, token, account.id)).id;
      const strategy = (await baseStrategies(call, token)).get('short_straddle')!.id;
      const daily = await call<{ daily_bot: DailyBot }>('createDailyBot', {
        token,
        params: { portfolioId },
        body: dailyBotBody(portfolioId, strategy, { entry_time: '20:05', exit_time: '21:00' }),
      });
      expect(daily.status).toBe(201);
      expect(daily.body.daily_bot).toMatchObject({ entry_time: '20:05', exit_time: '21:00' });
      const trading = await call('createTradingBot', {
        token,
        params: { portfolioId },
        body: tradingBotBody(portfolioId, strategy, { entry_from: '06:00', entry_until: '07:00', exit_time: '23:30' }),
      });
      expect(trading.status).toBe(201);
      const backwards = await call<{ code: string }>('createDailyBot', { token, params: { portfolioId }, body: dailyBotBody(portfolioId, strategy, { entry_time: '21:00', exit_time: '20:05' }) });
      expect(backwards.body.code).toBe('entry_not_before_exit');
    } finally {
      await server.close();
    }
  });
});
