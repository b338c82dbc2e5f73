// Issue 61, "shared across instances": two server instances on one database share the job queue (pg-boss). Imports
// posted to either are run by either, each exactly once, the line the traders see being the shared one; backtests
// too, and a backtest cancelled while it waits never runs; an instance that dies holding a job leaves it to the
// other, which finishes it. Each job's start is recorded by a hook both instances call (it holds jobs where the test
// says), so a job run twice, or run by one instance only, fails here.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../../server/db/database.ts';
import { servicesDecorator, type ServerOptions } from '../../../server/app.ts';
import type { BacktestReport } from '../../../server/services/analysis/backtests/backtest-jobs.ts';
import type { SharedJobsOptions } from '../../../server/services/jobs/shared-jobs.ts';
import type { Services } from '../../../server/services/services.ts';
import { signedInAccount } from '../support/accounts.ts';
import { contractClient } from '../support/contract-client.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody, guardedClient } from '../support/trading.ts';

type Schemas = components['schemas'];
type Instance = 'a' | 'b';
type Run = { instance: Instance; queue: string; key: number };

const udiff = readFileSync(new URL('../history/fixtures/BhavCopy_NSE_FO_0_0_0_20240708_F_0000.csv', import.meta.url), 'utf8');
/** The fixture bhavcopy as another day's (its file name and trade dates moved; its contracts expire after). */
const dayFile = (day: string) => ({ name: `BhavCopy_NSE_FO_0_0_0_${day.replaceAll('-', '')}_F_0000.csv`, data: Buffer.from(udiff.replaceAll('2024-07-08,2024-07-08', `${day},${day}`)) });

/** Enough of a report for the queue: the engine is not what runs here. */
const report = (from: string) => ({ summary: { net_pnl: 0, trades: 0 }, trades: [], equity: [], daily: [{ date: from, pnl: 0 }] }) as unknown as BacktestReport;

const servicesOf = (server: TestServer) => server.app.getDecorator<Services>(servicesDecorator);

describe.each(testBackends)('two instances share import and backtest jobs on %s', (backend) => {
  let db: Database;
  const servers = {} as Record<Instance, TestServer>;
  const tunings = {} as Record<Instance, SharedJobsOptions>;
  const runs: Run[] = [];
  const finished: Run[] = [];
  /** Jobs held at their start until the gate matching them opens. */
  const gates: Array<{ matches: (run: Run) => boolean; open: Promise<void> }> = [];
  let seen: Array<() => void> = [];
  const changed = () => {
    for (const look of seen) look();
  };
  /** Resolves once `holds` is true of the runs (looked at as each job starts or ends). */
  const until = (holds: () => boolean) =>
    new Promise<void>((done) => {
      const look = () => {
        if (!holds()) return;
        seen = seen.filter((other) => other !== look);
        done();
      };
      seen.push(look);
      look();
    });
  const gate = (matches: (run: Run) => boolean) => {
    let open = () => {};
    let refuse = (_error: Error) => {};
    gates.push({ matches, open: new Promise<void>((resolve, reject) => ((open = resolve), (refuse = reject))) });
    return { open: () => open(), refuse: (error: Error) => refuse(error) };
  };
  let token = '';
  let botId = 0;

  const start = (instance: Instance) => {
    tunings[instance] = {
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
      importSlots: 1,
      backtestSlots: 1,
      pollMs: 50,
      onStart: async (queue, key) => {
        const run = { instance, queue, key };
        runs.push(run);
        changed();
        // The newest gate that matches (an earlier one may match too, opened since).
        const held = gates.findLast((entry) => entry.matches(run));
        if (held !== undefined) await held.open;
      },
    };
    const backtestRun: ServerOptions['backtestRun'] = async (job, progress) => {
      await progress(0.5);
      finished.push({ instance, queue: 'backtest', key: job.id });
      changed();
      return report(job.from);
    };
    return startTestServer({ backend, database: db, backtestRun, jobs: tunings[instance] });
  };

  beforeAll(async () => {
    db = await createMigratedTestDatabase(backend);
    [servers.a, servers.b] = await Promise.all([start('a'), start('b')]);
    const call = guardedClient(servers.a.app);
    token = (await signedInAccount(contractClient(servers.a.app))).token;
    const { account } = await createBrokerAccount(call, token);
    const portfolio = await createPortfolio(call, token, account.id);
    const strategy = (await baseStrategies(call, token)).get('short_straddle')!.id;
    const body = dailyBotBody(portfolio.id, strategy, { lots: 1, weekdays: [1, 2, 3, 4, 5], entry_time: '09:20', exit_time: '15:10', params: {} });
    const bot = await call<{ daily_bot: Schemas['DailyBot'] }>('createDailyBot', { token, params: { portfolioId: portfolio.id }, body });
    botId = bot.body.daily_bot.id;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(Object.values(servers).map((server) => server.close()));
    await db.close();
  });

  const upload = (on: Instance, file: { name: string; data: Buffer }) =>
    servers[on].app.inject({
      method: 'POST',
      url: `/api/market-history/imports/?file_name=${file.name}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      payload: file.data,
    });
  const importLine = async (on: Instance) => (await servers[on].app.inject({ method: 'GET', url: '/api/market-history/imports/queue/', headers: { authorization: `Bearer ${token}` } })).json();
  const backtest = async (on: Instance) => {
    const res = await servers[on].app.inject({ method: 'POST', url: '/api/backtests/', headers: { authorization: `Bearer ${token}` }, payload: { daily_bot_id: botId, from: '2024-07-01', to: '2024-07-04', capital: 500000 } });
    expect(res.statusCode, res.body).toBe(202);
    return (res.json() as { backtest: Schemas['Backtest'] }).backtest.id;
  };
  const startsOf = (queue: string, key: number) => runs.filter((run) => run.queue === queue && run.key === key).map((run) => run.instance);
  const started = (queue: string) => runs.filter((run) => run.queue === queue);

  it('runs each import and backtest once, on either instance, shows one shared line, and never runs a cancelled backtest', { timeout: 120_000 }, async () => {
    // Imports: four uploads, two to each instance, each instance's one worker held on its first until the line is read.
    const imports = gate((run) => run.queue === 'history-import');
    const days = ['2024-07-01', '2024-07-02', '2024-07-03', '2024-07-04'];
    const answers = days.map((day, at) => upload(at % 2 === 0 ? 'a' : 'b', dayFile(day)));
    await until(() => new Set(started('history-import').map((run) => run.instance)).size === 2);
    // Both instances read the same line: one import running on each, two waiting, all four the trader's.
    const line = { running: 2, waiting: 2, limit: 1, places: [0, 0, 1, 2] };
    // (The last uploads are queued once their files are stored.)
    await expect.poll(() => importLine('a'), { timeout: 10_000 }).toEqual(line);
    expect(await importLine('b')).toEqual(line);
    imports.open();
    for (const answer of await Promise.all(answers)) expect(answer.statusCode, answer.body).toBe(200);
    const importKeys = [...new Set(started('history-import').map((run) => run.key))];
    expect(importKeys).toHaveLength(4);
    for (const key of importKeys) expect(startsOf('history-import', key)).toHaveLength(1);
    const { rows: stored } = await db.query<{ imports: number; days: number }>("SELECT count(*)::int AS imports, count(DISTINCT first_day)::int AS days FROM history_imports WHERE file_name LIKE 'BhavCopy%'");
    expect(stored[0]).toEqual({ imports: 4, days: 4 });
    expect((await db.query('SELECT id FROM history_import_uploads')).rows).toEqual([]);
    expect(await importLine('b')).toEqual({ running: 0, waiting: 0, limit: 1, places: [] });

    // Backtests: two held running (one on each instance), a third waiting is cancelled and never starts.
    const backtests = gate((run) => run.queue === 'backtest');
    const ids = [await backtest('a'), await backtest('b')];
    await until(() => new Set(started('backtest').map((run) => run.instance)).size === 2);
    const waiting = await backtest('a');
    const cancel = await servers.b.app.inject({ method: 'DELETE', url: `/api/backtests/${waiting}/`, headers: { authorization: `Bearer ${token}` } });
    expect(cancel.json()).toMatchObject({ backtest: { status: 'cancelled' } });
    expect((await servicesOf(servers.a).jobs!.queue.state('backtest', waiting))?.state).toBe('cancelled');
    backtests.open();
    await until(() => finished.length === 2);
    expect(finished.map((run) => run.key).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(startsOf('backtest', id)).toHaveLength(1);
    expect(startsOf('backtest', waiting)).toEqual([]);
    // Each report is stored just after its run returns.
    const statuses = async () => (await db.query<{ status: string }>('SELECT status FROM backtests ORDER BY id')).rows.map((row) => row.status);
    await expect.poll(statuses, { timeout: 10_000 }).toEqual(['done', 'done', 'cancelled']);
  });

  it('finishes on the other instance an import whose instance died running it, once', { timeout: 120_000 }, async () => {
    // The job is sent with a short expiry: the dead instance's claim lapses in seconds rather than half an hour.
    tunings.a.expireInSeconds = 2;
    tunings.b.expireInSeconds = 2;
    const before = runs.length;
    const stranded = gate((run) => run.queue === 'history-import' && runs.indexOf(run) === before);
    const answer = upload('a', dayFile('2024-07-05'));
    await until(() => runs.length > before);
    const dead = runs[before]!.instance;
    // Killed mid-job: its workers stop and never finish or fail what they hold.
    await servicesOf(servers[dead]).jobs!.queue.stop({ graceful: false });
    const res = await answer;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ files: [{ status: 'imported', days: ['2024-07-05'] }] });
    const key = runs[before]!.key;
    expect(startsOf('history-import', key)).toEqual([dead, dead === 'a' ? 'b' : 'a']);
    const { rows } = await db.query<{ count: number }>("SELECT count(*)::int AS count FROM history_imports WHERE first_day = '2024-07-05'");
    expect(rows[0]!.count).toBe(1);
    stranded.refuse(new Error('the instance was killed'));
  });
});
