// Backtests as jobs: the request's refusals (coded texts), another trader's backtests as 404, the queue's
// life (queued, running with progress, done with its report kept until deleted, cancelled, failed), and two
// server instances sharing one queue without running a job twice. The jobs run injected runners here: the
// queue is what is under test, not the engine over history.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../../server/db/database.ts';
import { servicesDecorator } from '../../../server/app.ts';
import { BacktestCancelled, type BacktestJob, type BacktestReport } from '../../../server/services/analysis/backtests/backtest-jobs.ts';
import type { BacktestRun } from '../../../server/services/analysis/backtests/backtest-worker.ts';
import type { Services } from '../../../server/services/services.ts';
import { signedInAccount } from '../support/accounts.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody, guardedClient, tradingBotBody } from '../support/trading.ts';

type Schemas = components['schemas'];
type ErrorBody = Schemas['Error'] & { details?: { text?: Schemas['LocalText'] } };

const report = (job: BacktestJob): BacktestReport => ({
  summary: {
    net_pnl: 1000,
    gross_pnl: 1100,
    charges: { total: 100, by_kind: { brokerage: 80, stt: 10, exchange: 5, sebi: 0, stamp_duty: 1, gst: 4, call_and_trade: 0 } },
    trades: 1,
    win_rate: 1,
    avg_win: 1000,
    avg_loss: null,
    expectancy: 1000,
    max_drawdown: { amount: 0, from: null, to: null, days: 0 },
    best_day: { date: job.from, pnl: 1000 },
    worst_day: { date: job.from, pnl: 1000 },
    max_margin: 150000,
    modelled_share: 1,
    real_fills: 0,
    modelled_fills: 2,
    trading_days: 1,
  },
  trades: [],
  equity: [{ date: job.from, equity: job.capitalPaise / 100 + 1000, drawdown: 0 }],
  daily: [{ date: job.from, pnl: 1000 }],
});

const servicesOf = (server: TestServer) => server.app.getDecorator<Services>(servicesDecorator);

/** One NIFTY option row a day, enough for "history exists in the range". */
async function importDays(db: Database, days: string[]): Promise<void> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO history_imports (kind, file_name, sha256, first_day, last_day, row_count, uploaded_by, imported_at)
     VALUES ('bhavcopy_udiff', 'fixture.csv', $1, $2::date, $3::date, $4, NULL, now()) RETURNING id`,
    ['0'.repeat(64), days[0], days[days.length - 1], days.length],
  );
  for (const day of days) {
    await db.query(
      `INSERT INTO history_option_days (index_name, trade_date, expiry, strike_paise, option_type, open_paise, high_paise, low_paise, close_paise,
         settle_paise, open_interest, change_in_oi, volume_contracts, underlying_paise, lot_size, import_id)
       VALUES ('NIFTY', $1::date, $1::date, 2400000, 'CE', 10000, 12000, 9000, 11000, 11000, 750, 0, 10, 2410000, 75, $2)`,
      [day, rows[0]!.id],
    );
  }
}

async function trader(server: TestServer) {
  const call = guardedClient(server.app);
  const { token } = await signedInAccount(call);
  const { account } = await createBrokerAccount(call, token);
  const portfolio = await createPortfolio(call, token, account.id);
  const strategies = await baseStrategies(call, token);
  const botBody = dailyBotBody(portfolio.id, strategies.get('short_straddle')!.id, { lots: 1, weekdays: [1, 2, 3, 4, 5], entry_time: '09:20', exit_time: '15:10', params: {} });
  const bot = await call<{ daily_bot: Schemas['DailyBot'] }>('createDailyBot', { token, params: { portfolioId: portfolio.id }, body: botBody });
  expect(bot.status, JSON.stringify(bot.body)).toBe(201);
  const create = (body: Record<string, unknown>) => call<{ backtest: Schemas['Backtest'] } & ErrorBody>('createBacktest', { token, body });
  const get = (id: number) => call<{ backtest: Schemas['Backtest'] } & ErrorBody>('getBacktest', { token, params: { id } });
  const remove = (id: number) => call<{ backtest: Schemas['Backtest'] | null } & ErrorBody>('deleteBacktest', { token, params: { id } });
  const list = () => call<{ backtests: Schemas['Backtest'][] }>('getBacktests', { token });
  return { token, call, botBody, bot: bot.body.daily_bot, create, get, remove, list };
}

const range = { from: '2026-11-02', to: '2026-11-06', capital: 500000 };

describe.each(testBackends)('backtest jobs on %s', (backend) => {
  let server: TestServer;
  let ran: number[];
  let runner: BacktestRun;

  beforeEach(async () => {
    ran = [];
    runner = async (job, progress) => {
      ran.push(job.id);
      await progress(0.5);
      return report(job);
    };
    server = await startTestServer({ backend, backtestRun: (job, progress) => runner(job, progress) });
    await importDays(server.db, ['2026-11-02', '2026-11-03', '2026-11-04']);
  });

  afterEach(async () => {
    await server.close();
  });

  it('refuses a request without exactly one bot, a reversed range, a range over 5 years and a range without history, each with its coded text', async () => {
    const t = await trader(server);
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ ...range }, 400, 'backtest_bot_required', 'backtest.bot_required'],
      [{ ...range, daily_bot_id: t.bot.id, bot: t.botBody }, 400, 'backtest_bot_required', 'backtest.bot_required'],
      [{ ...range, daily_bot_id: t.bot.id, from: '2026-11-06', to: '2026-11-02' }, 400, 'backtest_range_invalid', 'backtest.range_invalid'],
      [{ ...range, daily_bot_id: t.bot.id, from: '2021-11-01', to: '2026-11-06' }, 422, 'backtest_range_too_long', 'backtest.range_too_long'],
      [{ ...range, daily_bot_id: t.bot.id, from: '2025-01-01', to: '2025-03-31' }, 422, 'backtest_no_history', 'backtest.no_history'],
      [{ ...range, bot: { ...t.botBody, underlying: 'SENSEX' } }, 422, 'backtest_no_history', 'backtest.no_history'],
    ];
    for (const [body, status, code, textCode] of cases) {
      const res = await t.create(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.code).toBe(code);
      expect(res.body.details?.text?.code).toBe(textCode);
    }
    // Exactly five years is allowed (the history is there).
    expect((await t.create({ ...range, daily_bot_id: t.bot.id, from: '2021-11-06', to: '2026-11-06' })).status).toBe(202);
    // A bot id that is not the trader's, and an invalid bot configured on the spot.
    expect((await t.create({ ...range, daily_bot_id: 999999 })).status).toBe(404);
    expect((await t.create({ ...range, bot: { ...t.botBody, entry_time: '15:20', exit_time: '09:30' } })).status).toBe(422);
    expect((await t.create({ ...range, daily_bot_id: t.bot.id, capital: 0 })).status).toBe(400);
  });

  it('queues, runs with progress, keeps the report until deleted, and hides it from another trader', async () => {
    const t = await trader(server);
    const other = await trader(server);
    const queued = await t.create({ ...range, daily_bot_id: t.bot.id });
    expect(queued.status).toBe(202);
    const id = queued.body.backtest.id;
    expect(queued.body.backtest).toMatchObject({ status: 'queued', progress: 0, from: range.from, to: range.to, capital: 500000, summary: null });
    expect(queued.body.backtest.bot).toMatchObject({ kind: 'daily', id: t.bot.id, strategy: 'short_straddle', underlying: 'NIFTY', weekdays: [1, 2, 3, 4, 5] });
    // A bot configured on the spot is checked, not saved.
    const spot = await t.create({ ...range, bot: t.botBody });
    expect(spot.status).toBe(202);
    expect(spot.body.backtest.bot.id).toBeNull();
    expect(spot.body.backtest.bot).not.toHaveProperty('entry_until');
    // A trading bot's entry window comes back whole, so the PWA can save the bot as it was backtested.
    const window = { entry_from: '09:45', entry_until: '13:05', exit_time: '15:00' };
    const spotTrading = await t.create({ ...range, bot: tradingBotBody(t.botBody.portfolio_id, t.botBody.base_strategy, window) });
    expect(spotTrading.status, JSON.stringify(spotTrading.body)).toBe(202);
    expect(spotTrading.body.backtest.bot).toMatchObject({ kind: 'trading', id: null, entry_time: '09:45', entry_until: '13:05', exit_time: '15:00', weekdays: null });
    expect((await t.get(spotTrading.body.backtest.id)).body.backtest.bot.entry_until).toBe('13:05');
    // Queued, so the first delete cancels it and the second removes it.
    for (let n = 0; n < 2; n += 1) expect((await t.remove(spotTrading.body.backtest.id)).status).toBe(200);

    let seenRunning: Schemas['Backtest'] | null = null;
    runner = async (job, progress) => {
      await progress(0.5);
      seenRunning = (await t.get(job.id)).body.backtest;
      return report(job);
    };
    expect(await servicesOf(server).backtests.worker.pass()).toEqual({ ran: id, outcome: 'done' });
    expect(seenRunning).toMatchObject({ status: 'running', progress: 0.5 });
    const done = (await t.get(id)).body.backtest;
    expect(done).toMatchObject({ status: 'done', progress: 1, summary: { net_pnl: 1000, trades: 1 }, daily: [{ date: range.from, pnl: 1000 }] });
    expect(done.finished_at).not.toBeNull();
    const listed = (await t.list()).body.backtests;
    expect(listed.map((backtest) => backtest.id)).toEqual([spot.body.backtest.id, id]);
    expect(listed[1]).toMatchObject({ status: 'done', summary: { net_pnl: 1000 }, trades: [], equity: [] });

    expect((await other.get(id)).status).toBe(404);
    expect((await other.remove(id)).status).toBe(404);
    expect((await other.list()).body.backtests).toEqual([]);
    expect((await t.get(id)).status).toBe(200);

    const removed = await t.remove(id);
    expect(removed.status).toBe(200);
    expect(removed.body.backtest).toBeNull();
    expect((await t.get(id)).status).toBe(404);
  });

  it('a cancel stops a running job at its next progress report; a failure is kept with its coded reason', async () => {
    const t = await trader(server);
    const id = (await t.create({ ...range, daily_bot_id: t.bot.id })).body.backtest.id;
    const reports: number[] = [];
    runner = async (job, progress) => {
      await progress(0.2);
      reports.push(0.2);
      const cancelled = await t.remove(job.id);
      expect(cancelled.body.backtest).toMatchObject({ status: 'cancelled' });
      await progress(0.4);
      reports.push(0.4);
      return report(job);
    };
    expect(await servicesOf(server).backtests.worker.pass()).toEqual({ ran: id, outcome: 'cancelled' });
    expect(reports).toEqual([0.2]);
    expect((await t.get(id)).body.backtest).toMatchObject({ status: 'cancelled', progress: 0.2, summary: null });
    // A queued job is cancelled before any worker sees it; deleting a cancelled one removes it.
    const queued = (await t.create({ ...range, daily_bot_id: t.bot.id })).body.backtest.id;
    expect((await t.remove(queued)).body.backtest).toMatchObject({ status: 'cancelled' });
    expect(await servicesOf(server).backtests.worker.pass()).toEqual({ ran: null, outcome: 'idle' });
    expect((await t.remove(queued)).body.backtest).toBeNull();

    const failing = (await t.create({ ...range, daily_bot_id: t.bot.id })).body.backtest.id;
    runner = async () => {
      throw new Error('no quote for NIFTY 24000 CE');
    };
    expect(await servicesOf(server).backtests.worker.pass()).toEqual({ ran: failing, outcome: 'failed' });
    const failed = (await t.get(failing)).body.backtest;
    expect(failed.status).toBe('failed');
    expect(failed.error).toEqual({ code: 'backtest.failed', params: { day: range.from, reason: { code: 'text', params: { text: 'no quote for NIFTY 24000 CE' } } } });
  });
  it('a running job whose worker fell silent for 10 minutes is run again by another worker, and the silent one is fenced off', async () => {
    const t = await trader(server);
    const id = (await t.create({ ...range, daily_bot_id: t.bot.id })).body.backtest.id;
    const { jobs, worker } = servicesOf(server).backtests;
    // A worker claims it, then its instance dies: no progress write ever comes.
    expect((await jobs.claim('crashed-instance'))?.id).toBe(id);
    expect(await worker.pass()).toEqual({ ran: null, outcome: 'idle' });
    server.clock.advance(10 * 60_000 - 1000);
    expect(await worker.pass()).toEqual({ ran: null, outcome: 'idle' });
    server.clock.advance(2000);
    expect(await worker.pass()).toEqual({ ran: id, outcome: 'done' });
    expect((await t.get(id)).body.backtest).toMatchObject({ status: 'done', summary: { net_pnl: 1000 } });
    await expect(jobs.progress(id, 'crashed-instance', 0.5)).rejects.toThrow(BacktestCancelled);
    expect(await jobs.finish(id, 'crashed-instance', report({ id } as BacktestJob))).toBe(false);
  });
});

describe.each(testBackends)('two server instances sharing one backtest queue on %s', (backend) => {
  it('run every queued backtest exactly once', async () => {
    const database = await createMigratedTestDatabase(backend);
    const runs: Array<{ id: number; worker: string }> = [];
    const slowRunner = (worker: string): BacktestRun => async (job, progress) => {
      runs.push({ id: job.id, worker });
      // Long enough for the other instance to look for work meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 15));
      await progress(1);
      return report(job);
    };
    const first = await startTestServer({ backend, database, backtestRun: slowRunner('first') });
    const second = await startTestServer({ backend, database, backtestRun: slowRunner('second') });
    try {
      await importDays(database, ['2026-11-02']);
      const t = await trader(first);
      const ids: number[] = [];
      for (let n = 0; n < 8; n += 1) ids.push((await t.create({ ...range, daily_bot_id: t.bot.id })).body.backtest.id);
      const [a, b] = await Promise.all([servicesOf(first).backtests.worker.drain(), servicesOf(second).backtests.worker.drain()]);
      expect(a + b).toBe(8);
      expect(runs.map((run) => run.id).sort((x, y) => x - y)).toEqual(ids);
      const states = await database.query<{ status: string }>('SELECT status FROM backtests ORDER BY id');
      expect(states.rows.map((row) => row.status)).toEqual(Array(8).fill('done'));
    } finally {
      await first.close();
      await second.close();
      await database.close();
    }
  });
});
