/**
 * The shared job queue across instances (issue 61, "adding an instance adds capacity"): 4 backtests of a daily
 * NIFTY iron condor over synthetic history, queued through POST /api/backtests/ (spread over the instances) and
 * run by 1, 2 and 4 server processes (`npm start`'s server/main.ts, each with its one backtest worker on the job
 * queue) on one PostgreSQL. Timed from the first request until every backtest is done, as GET /api/backtests/
 * says; the instances are started (and the history stored) before. Each count gets a fresh schema.
 * Then replays (session 68): `--replays` traders each open a replay of one day through one instance and read its
 * chain first through the next (the book opens on the instance that read it first, which holds it; with more than
 * one instance a replay's other requests are forwarded there), all at once: each first read is timed, the whole
 * until every book answered, and then one read of each through a third instance (forwarded when it is not the
 * holder). Which instances hold the books is read from replay_owners.
 *
 *   npm run bench -- shared-jobs --database-url postgres://…            (or BENCH_DATABASE_URL)
 *   npm run bench -- shared-jobs --days 40 --backtests 4 --replays 4 --instances 1,2,4
 *
 * On a machine of N cores, more than N instances share the cores: capacity grows with instances up to the cores.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { components } from '../../openapi/main.d.ts';
import { buildServer } from '../../server/app.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { repoRoot } from '../../server/paths.ts';
import { addDays, isoWeekday } from '../../server/services/market/trading-calendar.ts';
import { importHistory, syntheticRows } from '../server/backtests/history-fixture.ts';
import { importReplayDay, replayDay, replayExpiries } from '../server/replay/replay-fixture.ts';
import { signedInAccount } from '../server/support/accounts.ts';
import { contractClient } from '../server/support/contract-client.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody, guardedClient } from '../server/support/trading.ts';
import { benchWalk } from './support/bench-walk.ts';
import { startInstances } from './support/server-instances.ts';
import { table } from './support/stats.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? '' },
    days: { type: 'string', default: '40' },
    backtests: { type: 'string', default: '4' },
    replays: { type: 'string', default: '4' },
    instances: { type: 'string', default: '1,2,4' },
  },
});
const url = values['database-url'];
if (url === '') {
  console.log('shared-jobs needs PostgreSQL (instances share one database): pass --database-url or BENCH_DATABASE_URL.');
  process.exit(0);
}
const dayCount = Number(values.days);
const backtestCount = Number(values.backtests);
const replayCount = Number(values.replays);
const counts = values.instances.split(',').map(Number);

const { underlying, days, expiries } = benchWalk(dayCount, { addDays, isoWeekday });
const rows = syntheticRows(underlying, expiries, { around: 20 });

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql);
  await client.end();
}

/** A fresh schema with the history stored and a trader's daily bot, made by an app in this process (no job queue). */
async function prepare(work: string, secretKey: Buffer) {
  const schema = `jobs_bench_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE SCHEMA ${schema}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  const database = await openDatabase({ dataDir: join(work, 'setup'), databaseUrl: scoped.toString() });
  const app = await buildServer({ distDir: join(work, 'dist'), dataDir: join(work, 'setup'), database, secretKey, jobs: false, market: { demo: false, seed: 'bench', tickMs: 0 } });
  try {
    await importHistory(database, 'NIFTY', underlying, rows, 75);
    const call = guardedClient(app);
    const { token } = await signedInAccount(contractClient(app));
    const { account } = await createBrokerAccount(call, token);
    const portfolio = await createPortfolio(call, token, account.id);
    const strategy = (await baseStrategies(call, token)).get('iron_condor')!.id;
    const body = dailyBotBody(portfolio.id, strategy, { lots: 1, weekdays: [1, 2, 3, 4, 5], entry_time: '09:20', exit_time: '15:10', params: {} });
    const bot = await call<{ daily_bot: components['schemas']['DailyBot'] }>('createDailyBot', { token, params: { portfolioId: portfolio.id }, body });
    // The replays' day, and their traders (one replay each).
    await importReplayDay(database);
    const traders: string[] = [];
    for (let i = 0; i < replayCount; i += 1) traders.push((await signedInAccount(contractClient(app))).token);
    return { schema, databaseUrl: scoped.toString(), token, botId: bot.body.daily_bot.id, traders };
  } finally {
    await app.close();
    await database.close();
  }
}

async function measure(instanceCount: number) {
  const work = mkdtempSync(join(tmpdir(), 'strikedesk-jobs-bench-'));
  const secretKey = randomBytes(32);
  const desk = await prepare(work, secretKey);
  const env = { STRIKEDESK_SECRET_KEY: secretKey.toString('base64'), DATABASE_URL: desk.databaseUrl, MARKET_TICK_MS: '0', MARKET_RECORDING_DAYS: '0' };
  const instances = await startInstances(repoRoot, instanceCount, Array.from({ length: instanceCount }, (_, i) => join(work, `instance-${i}`)), env);
  try {
    const headers = { authorization: `Bearer ${desk.token}`, 'content-type': 'application/json' };
    const started = performance.now();
    for (let i = 0; i < backtestCount; i += 1) {
      const res = await fetch(`${instances.urls[i % instanceCount]}/api/backtests/`, { method: 'POST', headers, body: JSON.stringify({ daily_bot_id: desk.botId, from: days[0], to: days.at(-1), capital: 500_000 }) });
      if (res.status !== 202) throw new Error(`backtest refused: ${res.status} ${await res.text()}`);
    }
    for (;;) {
      const res = await fetch(`${instances.urls[0]}/api/backtests/`, { headers });
      const { backtests } = (await res.json()) as { backtests: Array<{ status: string; error: unknown }> };
      const failed = backtests.find((backtest) => backtest.status === 'failed');
      if (failed !== undefined) throw new Error(`a backtest failed: ${JSON.stringify(failed.error)}`);
      if (backtests.every((backtest) => backtest.status === 'done')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    return { seconds, load: loadavg()[0]!, replays: await replays(instances.urls, desk.traders, desk.schema) };
  } finally {
    await instances.stop();
    await admin(`DROP SCHEMA ${desk.schema} CASCADE`);
    rmSync(work, { recursive: true, force: true });
  }
}

/** The replays' phase (see the header): first reads, all at once, and a read of each through a third instance. */
async function replays(urls: readonly string[], traders: readonly string[], schema: string) {
  const ask = async (url: string, token: string, method: string, body?: unknown) => {
    const res = await fetch(url, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const at = (i: number) => urls[i % urls.length]!;
  const chain = (id: number) => `/api/replays/${id}/chain/?expiry=${replayExpiries[1]}`;
  const ids = await Promise.all(traders.map(async (token, i) => ((await ask(`${at(i)}/api/replays/`, token, 'POST', { index: 'NIFTY', day: replayDay, start: '10:00' })).replay as { id: number }).id));
  const started = performance.now();
  const firsts = await Promise.all(traders.map(async (token, i) => {
    const asked = performance.now();
    await ask(`${at(i + 1)}${chain(ids[i]!)}`, token, 'GET');
    return (performance.now() - asked) / 1000;
  }));
  const all = (performance.now() - started) / 1000;
  const thirds: number[] = [];
  for (const [i, token] of traders.entries()) {
    const asked = performance.now();
    await ask(`${at(i + 2)}${chain(ids[i]!)}`, token, 'GET');
    thirds.push((performance.now() - asked) / 1000);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ holders: number }>(`SELECT count(DISTINCT instance_id)::int AS holders FROM ${schema}.replay_owners`);
  await client.end();
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
  return { load: loadavg()[0]!, all, firstMedian: sorted(firsts)[Math.floor(firsts.length / 2)]!, firstMax: sorted(firsts).at(-1)!, thirdMedian: sorted(thirds)[Math.floor(thirds.length / 2)]!, holders: rows[0]!.holders };
}

const measured: Array<{ instances: number; seconds: number; load: number; replays: Awaited<ReturnType<typeof replays>> }> = [];
for (const count of counts) {
  const { seconds, load, replays: read } = await measure(count);
  measured.push({ instances: count, seconds, load, replays: read });
  console.log(`${count} instance(s): ${backtestCount} backtests of ${dayCount} days in ${seconds.toFixed(1)} s; ${replayCount} replays' first reads all answered in ${read.all.toFixed(1)} s`);
}
const one = measured.find((row) => row.instances === 1)?.seconds;
console.log(`\n${availableParallelism()} cores, PostgreSQL, ${backtestCount} backtests of ${dayCount} days each\n`);
console.log(
  table(
    ['instances', 'all done (s)', 'backtests / min', 'vs 1 instance', 'load (1 min)'],
    measured.map((row) => [String(row.instances), row.seconds.toFixed(1), ((backtestCount / row.seconds) * 60).toFixed(1), one === undefined ? '-' : `${(one / row.seconds).toFixed(2)}×`, row.load.toFixed(1)]),
  ),
);
const oneReplays = measured.find((row) => row.instances === 1)?.replays.all;
console.log(`\n${replayCount} replays opened at once, each first read through the next instance, then read through a third\n`);
console.log(
  table(
    ['instances', 'all first reads (s)', 'first read p50 / max (s)', 'vs 1 instance', 'a later read p50 (s)', 'instances holding books', 'load (1 min)'],
    measured.map(({ instances: count, replays: row }) => [
      String(count), row.all.toFixed(1), `${row.firstMedian.toFixed(1)} / ${row.firstMax.toFixed(1)}`, oneReplays === undefined ? '-' : `${(oneReplays / row.all).toFixed(2)}×`, row.thirdMedian.toFixed(3), String(row.holders), row.load.toFixed(1),
    ]),
  ),
);
