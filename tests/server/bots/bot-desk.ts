// A desk for bot-engine tests: a real server whose paper broker prices from scripted quotes, a signed-in
// trader with a logged-in paper account and a portfolio, the clock set on Monday 23 November 2026 (a trading
// day; Tuesday the 24th is a holiday, Guru Nanak Jayanti), and the engine ticked by hand at IST times.
import { afterAll, beforeAll, expect } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../../server/db/database.ts';
import type { EngineHooks } from '../../../server/services/bots/engine/bot-engine.ts';
import type { EngineBot } from '../../../server/services/bots/engine/engine-types.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services, TradingHooks } from '../../../server/services/services.ts';
import type { RateLimits } from '../../../server/services/trading/order-rate.ts';
import { istOffsetMs } from '../../../server/services/market/ist.ts';
import { openDesk, scriptedMarket } from '../support/paper-desk.ts';
import type { TestBackend } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { baseStrategies, createPortfolio, dailyBotBody, guardedClient, tradingBotBody } from '../support/trading.ts';

type Schemas = components['schemas'];

export const monday = '2026-11-23';
export const tuesdayHoliday = '2026-11-24';
export const istInstant = (day: string, time: string) => new Date(Date.parse(`${day}T${time}:00Z`) - istOffsetMs);

export type BotDesk = Awaited<ReturnType<typeof openBotDesk>>;

/** One-minute NIFTY candles on Monday from `time` (IST) on, one per close: the index path a trend bot reads. */
export async function writeIndexCandles(db: Database, time: string, closes: readonly number[]): Promise<void> {
  const start = istInstant(monday, time).getTime();
  for (const [index, close] of closes.entries()) {
    await db.query(
      `INSERT INTO market_candles (index_name, minute, open, high, low, close, ticks, volume) VALUES ('NIFTY', $1, $2, $2, $2, $2, 1, 0)
       ON CONFLICT (index_name, minute) DO UPDATE SET close = $2`,
      [new Date(start + index * 60_000), close],
    );
  }
}

/** The bot engine of a server instance (a second one on the same database, or one started after a crash). */
export const engineOf = (server: TestServer) => server.app.getDecorator<Services>(servicesDecorator).botEngine;

/** `rateLimits`: the brokers' order rate limits, lifted where a test puts many bots on one account (no broker would take them). */
type BotDeskOptions = {
  database?: Database;
  engineHooks?: EngineHooks;
  tradingHooks?: TradingHooks;
  clockStart?: Date;
  capital?: number;
  rateLimits?: RateLimits;
  /** Web push to a local push service (tests/server/alerts/local-push-service.ts): its origin on the allow-list. */
  pushServiceHosts?: string[];
};

/** One bot desk for a test file: opened before its first test, closed after its last. */
export function botDeskPerFile(backend: TestBackend, options: BotDeskOptions, use: (desk: BotDesk) => void): void {
  let desk: BotDesk | undefined;
  beforeAll(async () => {
    desk = await openBotDesk(backend, options);
    use(desk);
  });
  afterAll(async () => {
    await desk?.server.close();
  });
}

export async function openBotDesk(backend: TestBackend, options: BotDeskOptions = {}) {
  const clock = manualClock(options.clockStart ?? istInstant(monday, '09:00'));
  const market = scriptedMarket(clock);
  const server = await startTestServer({
    backend,
    clock,
    market: { seed: 'paper', demo: true, tickMs: 1000 },
    prices: market.source,
    ...(options.database === undefined ? {} : { database: options.database }),
    // The engine's tick stops placing orders after 600 ms of wall-clock time (the rest waits for the next
    // tick): on a loaded machine (CI, Stryker's instrumented code) one order can take that long, so a test of
    // what a tick does would depend on the machine. Tests of that budget pass their own.
    engineHooks: { actBudgetMs: 60_000, ...options.engineHooks },
    ...(options.tradingHooks === undefined ? {} : { tradingHooks: options.tradingHooks }),
    ...(options.rateLimits === undefined ? {} : { rateLimits: options.rateLimits }),
    ...(options.pushServiceHosts === undefined ? {} : { push: { serviceHosts: options.pushServiceHosts, subject: 'mailto:ops@strikedesk.example.com' } }),
  });
  const call = guardedClient(server.app);
  const desk = await openDesk(server, call, options.capital);
  const portfolio = await createPortfolio(call, desk.token, desk.account.id);
  const strategies = await baseStrategies(call, desk.token);
  market.spot(desk.atm);
  const step = 50;
  const symbol = (offsetSteps: number, type: 'CE' | 'PE') => desk.contract(desk.atm + offsetSteps * step, type).tradingsymbol;
  /** Sets a contract's price (rupees), with a 0.50 spread around it. */
  const price = (offsetSteps: number, type: 'CE' | 'PE', rupees: number) => market.set(symbol(offsetSteps, type), { bid: rupees - 0.25, ask: rupees + 0.25, last: rupees, close: rupees });
  const straddle = (call: number, put: number) => {
    price(0, 'CE', call);
    price(0, 'PE', put);
  };
  /** An iron condor's four strikes (shorts 4 steps out, wings 8) at their opening prices. */
  const condor = () => {
    for (const [steps, type, rupees] of [[4, 'CE', 60], [8, 'CE', 20], [-4, 'PE', 55], [-8, 'PE', 18]] as const) price(steps, type, rupees);
  };

  const at = (day: string, time: string, seconds = 0) => {
    const target = istInstant(day, time).getTime() + seconds * 1000;
    server.clock.advance(target - server.clock.now().getTime());
  };
  const tick = () => desk.services.botEngine.tick(server.clock.now());

  const createDaily = async (overrides: Record<string, unknown> = {}) => {
    const slug = typeof overrides.strategy === 'string' ? overrides.strategy : 'short_straddle';
    const { strategy: _strategy, ...rest } = overrides;
    const res = await call<{ daily_bot: Schemas['DailyBot'] }>('createDailyBot', {
      token: desk.token,
      params: { portfolioId: portfolio.id },
      body: dailyBotBody(portfolio.id, strategies.get(slug)!.id, { lots: 1, weekdays: [1, 2], entry_time: '09:20', exit_time: '15:10', params: {}, ...rest }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.daily_bot;
  };

  const createTrading = async (overrides: Record<string, unknown> = {}) => {
    const res = await call<{ trading_bot: Schemas['TradingBot'] }>('createTradingBot', {
      token: desk.token,
      params: { portfolioId: portfolio.id },
      body: tradingBotBody(portfolio.id, strategies.get('trend_option_buyer')!.id, { lots: 1, params: {}, ...overrides }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.trading_bot;
  };

  const actions = async (kind: 'daily' | 'trading', botId: number) =>
    (
      await server.db.query<{ action: string; sequence: number; status: string; message: string | null; message_i18n: unknown; idempotency_key: string; order_ids: string[] }>(
        'SELECT action, sequence, status, message, message_i18n, idempotency_key, order_ids FROM bot_actions WHERE bot_kind = $1 AND bot_id = $2 ORDER BY id',
        [kind, botId],
      )
    ).rows;
  const orders = async (kind: 'daily' | 'trading', botId: number) =>
    (
      await server.db.query<{ order_id: string; tradingsymbol: string; transaction_type: string; quantity: number; status: string; tag: string; purpose: string }>(
        'SELECT order_id, tradingsymbol, transaction_type, quantity, status, tag, purpose FROM paper_orders WHERE bot_kind = $1 AND bot_id = $2 ORDER BY id',
        [kind, botId],
      )
    ).rows;
  const alerts = async (botId: number) =>
    (await server.db.query<{ event: string; body: string; body_i18n: unknown; link: string }>('SELECT event, body, body_i18n, link FROM alerts WHERE bot_id = $1 ORDER BY id', [botId])).rows;
  const run = async (kind: 'daily' | 'trading', botId: number, day = monday) =>
    (
      await server.db.query<{ state: string; reason: string | null; reason_i18n: unknown; entries: number; pause_action: string | null }>(
        `SELECT state, reason, reason_i18n, entries, pause_action FROM bot_runs WHERE bot_kind = $1 AND bot_id = $2 AND trading_day = $3::date`,
        [kind, botId, day],
      )
    ).rows[0];

  return { server, call, market, desk, portfolio, strategies, symbol, price, straddle, condor, at, tick, createDaily, createTrading, actions, orders, alerts, run };
}

/** A daily short straddle as the engine reads it (one lot of NIFTY, 50 % stop-loss, 40 % target, entry 09:20). */
export const dailyStraddleBot = (overrides: Partial<EngineBot> = {}): EngineBot => ({
  kind: 'daily',
  id: 1,
  name: 'Straddle',
  portfolioId: 1,
  userId: 1,
  account: { id: 1, accountNumber: 'PA1', capitalPaise: 100_000_000 },
  broker: 'paper',
  sessionOpen: true,
  status: 'active',
  strategy: 'short_straddle',
  underlying: 'NIFTY',
  lots: 1,
  stopLossPct: 50,
  targetPct: 40,
  params: {},
  entryFrom: '09:20',
  entryUntil: '09:20',
  exitTime: '15:10',
  weekdays: [1],
  changedAt: new Date(0),
  ...overrides,
});
