// Portfolio protection (issue 41) through the HTTP contract on scripted quotes, on the paper broker: each kind
// fires at the MTM it names and not a tick before; a trailing stop that moved fires where it moved to; a hit
// cancels the portfolio's working orders and squares off its positions (hand-placed ones too) once, leaves the
// account's other portfolios alone, disarms itself saying when, why and at what MTM, and tells the trader; the
// risk limits never hold the exit back; levels that mean nothing or would fire at once are refused with a
// coded 4xx. Two watchers (two instances) that see one breach square it off once, and pause the portfolio's
// running bots once, each saying why.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import { formatPaise } from '../../../server/services/brokers/paper/paise.ts';
import { createProtectionWatcher } from '../../../server/services/portfolios/protection-watcher.ts';
import { createTradingAccounts } from '../../../server/services/trading/trading-accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, scriptedMarket, scriptedServerPerFile, type Desk, type ScriptedMarket } from '../support/paper-desk.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { baseStrategies, createPortfolio, dailyBotBody, guardedClient, tradingBotBody } from '../support/trading.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

type Schemas = components['schemas'];
type Answer = Schemas['PortfolioProtectionResponse'];
type Levels = Schemas['PortfolioProtectionLevels'];

const inr = (value: number) => ({ value, unit: 'inr' as const });

const tick = 0.05;

/** The protection calls, the MTM and quotes of one portfolio holding a long call. */
function protectedPortfolio(call: ContractCall, desk: Desk, market: ScriptedMarket, portfolioId: number, symbol: string) {
  const set = (levels: Levels) => call<Answer>('updatePortfolioProtection', { token: desk.token, params: { id: portfolioId }, body: levels });
  const state = async () => {
    const res = await call<Answer>('getPortfolioProtection', { token: desk.token, params: { id: portfolioId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const quote = (last: number) => market.set(symbol, { bid: last, ask: Number((last + 0.5).toFixed(2)), last, close: 120 });
  /**
   * The last price at which the MTM is `mtm` or just above it (within one tick's worth: 65 × ₹0.05), from the
   * MTM read at a known price (the charges are the same whatever the price while nothing more trades).
   */
  const lastFor = async (mtm: number, quantity: number) => {
    quote(120);
    const at120 = (await state()).mtm!;
    const exact = 120 + (mtm - at120) / quantity;
    return Number((Math.ceil(exact / tick - 1e-9) * tick).toFixed(2));
  };
  return { set, state, quote, lastFor };
}

describe.each(testBackends)('portfolio protection on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let desk: Desk;
  let portfolioId: number;
  let symbol: string;
  let lot: number;
  let p: ReturnType<typeof protectedPortfolio>;

  scriptedServerPerFile(backend, (started) => ({ server, market, call } = started));

  const watch = () => desk.services.protectionWatcher.watch(server.clock.now());
  const noticeCount = async () =>
    Number((await server.db.query<{ n: string }>('SELECT count(*) AS n FROM stream_notices WHERE broker_account_id = $1', [desk.account.id])).rows[0]!.n);
  const buyInto = async (portfolio: number, tradingsymbol: string, extra: Record<string, unknown> = {}) => {
    const res = await desk.trade('placeTrades', { portfolio_id: portfolio, orders: [desk.order(tradingsymbol, 'BUY', lot, extra)] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.orders[0]!;
  };
  const openIn = async (portfolio: number) => {
    const res = await call<Schemas['PositionsResponse']>('getPositions', { token: desk.token, params: { portfolioId: portfolio } });
    expect(res.status).toBe(200);
    return res.body.data.positions.filter((position) => position.quantity !== 0);
  };

  beforeEach(async () => {
    server.clock.advance(60_000);
    market.open(true);
    desk = await openDesk(server, call);
    lot = desk.lotSize;
    symbol = desk.contract(desk.atm, 'CE').tradingsymbol;
    portfolioId = (await createPortfolio(call, desk.token, desk.account.id, 100000, 'Protected')).id;
    p = protectedPortfolio(call, desk, market, portfolioId, symbol);
    p.quote(120);
    // Bought by hand into the portfolio at the ask, 120.50.
    await buyInto(portfolioId, symbol);
  });

  it('fires the stop-loss at its MTM and not a tick before, squares off once and disarms saying why', async () => {
    const other = (await createPortfolio(call, desk.token, desk.account.id, 100000, 'Untouched')).id;
    const put = desk.contract(desk.atm, 'PE').tradingsymbol;
    market.set(put, { bid: 130, ask: 130.5, last: 130.25, close: 130 });
    await buyInto(other, put);
    // A working entry and a stop-loss order in the protected portfolio: both cancelled by the hit.
    const resting = await buyInto(portfolioId, symbol, { order_type: 'LIMIT', price: 60 });
    expect(resting.status).toBe('OPEN');
    // Trades used up: the risk limits hold entries, never the protection's exit.
    const limits = await call('updateRiskLimits', {
      token: desk.token,
      params: { accountNumber: desk.accountNumber },
      body: { max_loss_today: null, profit_lock_from: null, profit_lock_keep_pct: null, max_trades_today: 1, max_lots_per_order: null, max_open_positions: null },
    });
    expect(limits.status, JSON.stringify(limits.body)).toBe(200);

    const armed = await p.set({ stop_loss: inr(1000) });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    expect(armed.body.protection).toMatchObject({ armed: true, stop_loss: -1000, stop: { level: -1000, kind: 'stop_loss' }, fired: null });

    const justAbove = await p.lastFor(-1000, lot);
    p.quote(justAbove);
    const above = await p.state();
    expect(above.mtm).toBeGreaterThan(-1000);
    expect(above.mtm).toBeLessThanOrEqual(-1000 + lot * tick);
    // The MTM's open positions and the price each was marked at: a screen moves the MTM by quantity × the
    // price's change between reads, and lands where the server's next read does.
    expect(above.marks).toEqual([{ exchange: 'NFO', tradingsymbol: symbol, quantity: lot, last_price: justAbove }]);
    p.quote(Number((justAbove + 1).toFixed(2)));
    expect((await p.state()).mtm).toBeCloseTo(above.mtm! + lot * 1, 2);
    p.quote(justAbove);
    expect(await watch()).toMatchObject({ checked: 1, fired: 0, exits: 0 });
    expect(await openIn(portfolioId)).toHaveLength(1);

    p.quote(Number((justAbove - tick).toFixed(2)));
    const report = await watch();
    expect(report).toMatchObject({ fired: 1, exits: 1, errors: [] });
    const fired = await p.state();
    expect(fired.protection).toMatchObject({ armed: false, stop: null, fired: { kind: 'stop_loss', level: -1000, exit_status: 'done' } });
    expect(fired.protection!.fired!.mtm).toBeLessThanOrEqual(-1000);
    expect(fired.protection!.fired!.mtm).toBeGreaterThan(-1000 - lot * tick);
    expect(new Date(fired.protection!.fired!.at).getTime()).toBe(server.clock.now().getTime());

    // Squared off once, the working orders cancelled saying why; the other portfolio still holds its put.
    expect(await openIn(portfolioId)).toEqual([]);
    expect(await openIn(other)).toHaveLength(1);
    const book = await desk.orderBook();
    const exits = book.order_book.filter((order) => order.portfolio_id === portfolioId && order.transaction_type === 'SELL');
    expect(exits.map((order) => [order.status, order.quantity])).toEqual([['COMPLETE', lot]]);
    const cancelled = book.order_book.find((order) => order.order_id === resting.order_id)!;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', status_message: "Cancelled by the portfolio's stop-loss." });
    expect(cancelled.status_message_i18n).toEqual({ code: 'order.cancelled_by_protection', params: { kind: 'stop_loss' } });

    // The trader is told: an alert (pushed, and on the stream), coded for their language.
    const alerts = await call<Schemas['AlertsResponse']>('getAlerts', { token: desk.token });
    const told = alerts.body.alerts.filter((alert) => alert.title === 'Stop-loss hit: Protected');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ event: 'stop_loss_hit', link: '/app/position', title_i18n: { code: 'alert.portfolio_protection_title', params: { portfolio: 'Protected', kind: 'stop_loss' } } });

    // Fired is fired: prices falling further do nothing more.
    p.quote(50);
    expect(await watch()).toMatchObject({ checked: 0, fired: 0, exits: 0 });
    expect((await desk.orderBook()).order_book.filter((order) => order.portfolio_id === portfolioId && order.transaction_type === 'SELL')).toHaveLength(1);
  });

  it('takes the target at its MTM and not a tick before', async () => {
    expect((await p.set({ target: inr(1500) })).status).toBe(200);
    const justBelow = Number(((await p.lastFor(1500, lot)) - tick).toFixed(2));
    p.quote(justBelow);
    expect((await p.state()).mtm).toBeLessThan(1500);
    expect(await watch()).toMatchObject({ checked: 1, fired: 0 });
    p.quote(Number((justBelow + tick).toFixed(2)));
    expect(await watch()).toMatchObject({ fired: 1, exits: 1 });
    expect((await p.state()).protection!.fired).toMatchObject({ kind: 'target', level: 1500, exit_status: 'done' });
    expect(await openIn(portfolioId)).toEqual([]);
  });

  it('moves the trailing stop with the new high MTM and fires it where it moved to', async () => {
    // ₹1,000 stop-loss; for every ₹500 of new high MTM, the stop moves ₹250 up.
    const armed = await p.set({ stop_loss: inr(1000), trailing: { every: inr(500), by: inr(250) } });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    p.quote(await p.lastFor(400, lot));
    expect(await watch()).toMatchObject({ fired: 0 });
    const notices = await noticeCount();
    p.quote(await p.lastFor(1100, lot));
    expect(await watch()).toMatchObject({ fired: 0 });
    // The stop moved: the trader's streams are told to read it again (once; a pass that moves nothing tells nothing).
    expect(await noticeCount()).toBe(notices + 1);
    expect(await watch()).toMatchObject({ fired: 0 });
    expect(await noticeCount()).toBe(notices + 1);
    // Peak ≥ ₹1,000: two steps, the stop at −₹1,000 + 2 × ₹250 = −₹500.
    const moved = await p.state();
    expect(moved.protection).toMatchObject({ stop: { level: -500, kind: 'trailing_stop_loss' } });
    expect(moved.protection!.peak_mtm).toBeGreaterThanOrEqual(1100);
    // Back down to just above −₹500: holds (the stop never moves down); a tick lower: fires as the trailed stop.
    const justAbove = await p.lastFor(-500, lot);
    p.quote(justAbove);
    expect(await watch()).toMatchObject({ fired: 0 });
    expect((await p.state()).protection!.stop).toEqual({ level: -500, kind: 'trailing_stop_loss' });
    p.quote(Number((justAbove - tick).toFixed(2)));
    expect(await watch()).toMatchObject({ fired: 1, exits: 1 });
    expect((await p.state()).protection!.fired).toMatchObject({ kind: 'trailing_stop_loss', level: -500 });
    expect(await openIn(portfolioId)).toEqual([]);
  });

  it('locks a profit once the MTM reached it and exits when the MTM falls back to it', async () => {
    expect((await p.set({ profit_lock: { at: inr(1000), keep: inr(300) } })).status).toBe(200);
    p.quote(await p.lastFor(600, lot));
    expect(await watch()).toMatchObject({ fired: 0 });
    expect((await p.state()).protection!.stop).toBeNull();
    p.quote(await p.lastFor(1000, lot));
    expect(await watch()).toMatchObject({ fired: 0 });
    expect((await p.state()).protection!.stop).toEqual({ level: 300, kind: 'profit_lock' });
    const justAbove = await p.lastFor(300, lot);
    p.quote(justAbove);
    expect(await watch()).toMatchObject({ fired: 0 });
    p.quote(Number((justAbove - tick).toFixed(2)));
    expect(await watch()).toMatchObject({ fired: 1, exits: 1 });
    expect((await p.state()).protection!.fired).toMatchObject({ kind: 'profit_lock', level: 300 });
  });

  it('refuses levels that mean nothing or would fire at once, with coded 4xx answers', async () => {
    p.quote(await p.lastFor(-1500, lot));
    const above = await p.set({ stop_loss: inr(1000) });
    expect(above.status).toBe(422);
    expect(above.body).toMatchObject({ code: 'invalid_params', field: 'stop_loss', details: { text: { code: 'refusal.protection_stop_at_mtm' } } });
    expect((above.body as unknown as { message: string }).message).toMatch(/^A stop at an MTM of -₹1,000\.00 would fire at once: the portfolio's MTM is -₹1,4\d\d\.\d\d now\.$/);
    const zeroStep = await p.set({ stop_loss: inr(5000), trailing: { every: inr(0), by: inr(100) } });
    expect(zeroStep.status).toBe(422);
    expect(zeroStep.body).toMatchObject({ code: 'invalid_params', field: 'trailing.every', details: { text: { code: 'refusal.protection_zero' } } });
    // In profit by ₹200: a ₹100 target is already reached.
    p.quote(await p.lastFor(200, lot));
    const target = await p.set({ target: inr(100) });
    expect(target.status).toBe(422);
    expect(target.body).toMatchObject({ details: { text: { code: 'refusal.protection_target_at_mtm' } } });
    const badUnit = await call('updatePortfolioProtection', { token: desk.token, params: { id: portfolioId }, body: { stop_loss: { value: 5, unit: 'usd' } } });
    expect(badUnit.status).toBe(400);
    const missing = await call('updatePortfolioProtection', { token: desk.token, params: { id: 999_999 }, body: { stop_loss: inr(1000) } });
    expect(missing.status).toBe(404);
    // Nothing was armed by the refusals; a level in percent of the margin blocked is resolved in rupees.
    expect((await p.state()).protection).toBeNull();
    const { margin } = await p.state();
    const pct = await p.set({ stop_loss: { value: 50, unit: 'pct' } });
    expect(pct.status, JSON.stringify(pct.body)).toBe(200);
    expect(pct.body.protection!.stop_loss).toBeCloseTo(-margin! / 2, 1);
    const cleared = await call<Answer>('deletePortfolioProtection', { token: desk.token, params: { id: portfolioId } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.protection).toBeNull();
  });

  it('pauses the running bots of the portfolio once, each saying why, and leaves resuming to the trader', async () => {
    const strategy = (await baseStrategies(call, desk.token)).get('short_straddle')!.id;
    // Out of their hours (10:00 IST on a Friday): the engine has nothing for them to do while the test runs.
    const quiet = { entry_from: '15:00', entry_until: '15:05', exit_time: '15:15' };
    const tradingBot = async (portfolio: number, name: string, extra: Record<string, unknown> = {}) => {
      const res = await call<{ trading_bot: Schemas['TradingBot'] }>('createTradingBot', {
        token: desk.token,
        params: { portfolioId: portfolio },
        body: tradingBotBody(portfolio, strategy, { name, ...quiet, ...extra }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.trading_bot;
    };
    const running = await tradingBot(portfolioId, 'Straddle A');
    const daily = await call<{ daily_bot: Schemas['DailyBot'] }>('createDailyBot', {
      token: desk.token,
      params: { portfolioId },
      body: dailyBotBody(portfolioId, strategy, { name: 'Monday straddle', weekdays: [1] }),
    });
    expect(daily.status, JSON.stringify(daily.body)).toBe(201);
    const pausedBefore = await tradingBot(portfolioId, 'Paused by me', { status: 'paused' });
    const other = (await createPortfolio(call, desk.token, desk.account.id, 100000, 'Elsewhere')).id;
    const elsewhere = await tradingBot(other, 'Straddle elsewhere');
    const statuses = async (portfolio: number) => {
      const [trading, dailyBots] = await Promise.all([
        call<Schemas['TradingBotsResponse']>('getTradingBots', { token: desk.token, params: { portfolioId: portfolio } }),
        call<Schemas['DailyBotsResponse']>('getDailyBots', { token: desk.token, params: { portfolioId: portfolio } }),
      ]);
      return Object.fromEntries([...trading.body.trading_bots, ...dailyBots.body.daily_bots].map((bot) => [bot.name, bot.status]));
    };
    const states = async () => {
      const res = await call<Schemas['BotStatesResponse']>('getBotStates', { token: desk.token, params: { portfolioId } });
      expect(res.status).toBe(200);
      return res.body.bots;
    };

    expect((await p.set({ stop_loss: inr(1000) })).status).toBe(200);
    p.quote(await p.lastFor(-1100, lot));
    // Not yet hit: nothing paused.
    expect(await statuses(portfolioId)).toEqual({ 'Straddle A': 'active', 'Monday straddle': 'active', 'Paused by me': 'paused' });
    const noticesBefore = await noticeCount();

    // Two instances' watchers see the breach: one fires, and the bots are paused by that one alone.
    const clock = () => server.clock.now();
    const accounts = createTradingAccounts({ db: server.db, clock, brokers: desk.services.brokerRegistry });
    const second = createProtectionWatcher({ db: server.db, clock, brokers: desk.services.brokerRegistry, accounts, trading: desk.services.trading });
    p.quote(await p.lastFor(-1200, lot));
    const reports = await Promise.all([watch(), second.watch(server.clock.now())]);
    expect(reports.map((report) => report.fired).reduce((a, b) => a + b)).toBe(1);
    expect(reports.flatMap((report) => report.errors)).toEqual([]);

    expect(await statuses(portfolioId)).toEqual({ 'Straddle A': 'paused', 'Monday straddle': 'paused', 'Paused by me': 'paused' });
    expect(await statuses(other)).toEqual({ 'Straddle elsewhere': 'active' });
    const mtm = (await p.state()).protection!.fired!.mtm;
    const byId = new Map((await states()).map((state) => [`${state.kind}${state.bot_id}`, state]));
    for (const key of [`trading${running.id}`, `daily${daily.body.daily_bot.id}`]) {
      expect(byId.get(key)).toMatchObject({
        state: 'paused',
        reason: `Paused: the stop-loss of Protected was hit at an MTM of ${formatPaise(Math.round(mtm * 100))} and its positions squared off. Resume the bot when you choose.`,
        reason_i18n: { code: 'bot.paused_by_protection', params: { portfolio: 'Protected', kind: 'stop_loss', mtm } },
      });
    }
    // The bot the trader had paused keeps its own state, without the protection's reason.
    expect(byId.get(`trading${pausedBefore.id}`)!.reason_i18n?.code).not.toBe('bot.paused_by_protection');
    // Its history (the bot's log) says it too.
    const runs = await call<Schemas['BotRunsResponse']>('getBotRuns', { token: desk.token, params: { kind: 'trading', id: running.id } });
    expect(runs.body.runs[0]).toMatchObject({ state: 'paused', reason_i18n: { code: 'bot.paused_by_protection' } });

    // One alert names the bots it paused; the streams are told (the alert's notice, the account's, and the bots'
    // cards' once for both bots).
    const told = (await call<Schemas['AlertsResponse']>('getAlerts', { token: desk.token })).body.alerts.filter((alert) => alert.title === 'Stop-loss hit: Protected');
    expect(told).toHaveLength(1);
    expect(told[0]!.body_i18n).toMatchObject({ code: 'alert.portfolio_protection_paused_body', params: { count: 2, bots: 'Monday straddle, Straddle A' } });
    expect(told[0]!.body).toContain('its 2 running bots paused (Monday straddle, Straddle A): resume them when you choose.');
    expect(await noticeCount()).toBe(noticesBefore + 3);

    // Resuming is the trader's choice, and a later pass of the (now fired) protection does not pause it again.
    const resumed = await call<{ trading_bot: Schemas['TradingBot'] }>('updateTradingBot', { token: desk.token, params: { id: running.id }, body: { status: 'active' } });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    p.quote(50);
    await watch();
    expect((await statuses(portfolioId))['Straddle A']).toBe('active');
    expect(elsewhere.status).toBe('active');
  });

  it('squares off once when two watchers (two instances) see the breach at the same time', async () => {
    expect((await p.set({ stop_loss: inr(1000) })).status).toBe(200);
    p.quote(await p.lastFor(-1200, lot));
    // A second instance's watcher on the same database, beside this server's.
    const clock = () => server.clock.now();
    const accounts = createTradingAccounts({ db: server.db, clock, brokers: desk.services.brokerRegistry });
    const second = createProtectionWatcher({ db: server.db, clock, brokers: desk.services.brokerRegistry, accounts, trading: desk.services.trading });
    const reports = await Promise.all([watch(), second.watch(server.clock.now())]);
    expect(reports.map((report) => report.fired).reduce((a, b) => a + b)).toBe(1);
    expect(reports.flatMap((report) => report.errors)).toEqual([]);
    const exits = (await desk.orderBook()).order_book.filter((order) => order.portfolio_id === portfolioId && order.transaction_type === 'SELL');
    expect(exits).toHaveLength(1);
    expect(await openIn(portfolioId)).toEqual([]);
  });
});

// Two server instances on one PostgreSQL database, each running its watcher on the same tick.
describe.runIf(testBackends.includes('postgres'))('a portfolio stop-loss on two instances of PostgreSQL', () => {
  it('squares off once', async () => {
    const clock = manualClock(new Date('2026-11-20T04:30:00Z'));
    const market = scriptedMarket(clock);
    const database = await createMigratedTestDatabase('postgres');
    const options = { backend: 'postgres' as const, database, clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: market.source };
    const first = await startTestServer(options);
    const second = await startTestServer(options);
    try {
      clock.advance(60_000);
      market.open(true);
      const call = guardedClient(first.app);
      const desk = await openDesk(first, call);
      const symbol = desk.contract(desk.atm, 'CE').tradingsymbol;
      const portfolioId = (await createPortfolio(call, desk.token, desk.account.id, 100000, 'Protected')).id;
      const p = protectedPortfolio(call, desk, market, portfolioId, symbol);
      p.quote(120);
      const bought = await desk.trade('placeTrades', { portfolio_id: portfolioId, orders: [desk.order(symbol, 'BUY', desk.lotSize)] }, randomUUID());
      expect(bought.status).toBe(200);
      expect((await p.set({ stop_loss: inr(1000) })).status).toBe(200);
      p.quote(await p.lastFor(-1200, desk.lotSize));
      const secondServices = second.app.getDecorator<typeof desk.services>(servicesDecorator);
      const reports = await Promise.all([desk.services.protectionWatcher.watch(clock.now()), secondServices.protectionWatcher.watch(clock.now())]);
      expect(reports.map((report) => report.fired).reduce((a, b) => a + b)).toBe(1);
      const exits = (await desk.orderBook()).order_book.filter((order) => order.portfolio_id === portfolioId && order.transaction_type === 'SELL');
      expect(exits.map((order) => order.status)).toEqual(['COMPLETE']);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
