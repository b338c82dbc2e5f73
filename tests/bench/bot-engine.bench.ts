/**
 * The bot engine benchmark: one engine tick with 1,000 active daily bots (iron condors, four legs each) on
 * the simulated market, on one core (the server's event loop), on the embedded PGlite and (given a URL) on
 * PostgreSQL. The goal: every bot evaluated within the market's one-second tick.
 *
 *   npm run bench -- bot-engine                                   PGlite, 1,000 bots
 *   npm run bench -- bot-engine --bots 2000 --database-url postgres://…
 *
 * Timed: a tick before the entry time (no bot has anything to do: none is read), the entry burst (every bot due at
 * once, four orders each: 4,000 orders, the worst case a schedule can make; the engine places what fits its
 * share of each tick and leaves the rest due for the next, exits first), and ticks in position (every bot's
 * stop-loss, target and trailing rules read at the live quotes); and the burst as a whole: its wall time and the
 * server process's CPU per bot entered (on PostgreSQL the database server's own CPU is not in it). The
 * clock is injected, the market ticked by hand; Kite's per-account order rate limits are lifted (one
 * account holds every bot here, which no broker would allow), so the figure is the engine's own.
 * A benchmark, not a test: it prints a table and passes or fails nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildServer, servicesDecorator } from '../../server/app.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { istOffsetMs } from '../../server/services/market/ist.ts';
import type { Services } from '../../server/services/services.ts';
import { median, table } from './support/stats.ts';
import { tradingAccount } from './support/trading-account.ts';

const { values } = parseArgs({
  options: {
    bots: { type: 'string', default: '1000' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? '' },
  },
});
const botCount = Number(values.bots);
if (!Number.isInteger(botCount) || botCount < 1) throw new Error('--bots takes a whole number, 1 or more');

/** Monday 23 November 2026, a trading day; `seconds` after the minute. */
const istAt = (time: string, seconds = 0) => new Date(Date.parse(`2026-11-23T${time}:00Z`) - istOffsetMs + seconds * 1000);

type Row = { backend: string; phase: string; evaluated: number; acted: number; ms: number };
/** The burst as a whole: bots entered, this process's CPU per bot entered (the database server's not counted), wall time. */
type Burst = { entered: number; cpuMsPerBot: number; wallMs: number };
let burst: Burst = { entered: 0, cpuMsPerBot: 0, wallMs: 0 };

async function run(backend: string, databaseUrl: string | undefined): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'strikedesk-bot-bench-'));
  let now = istAt('09:14');
  const database = await openDatabase({ dataDir, databaseUrl });
  let portfolioId: number | null = null;
  const app = await buildServer({
    distDir: join(dataDir, 'dist'),
    dataDir,
    database,
    clock: () => now,
    scryptCost: { N: 2 ** 10, r: 8, p: 1 },
    market: { demo: false, seed: 'bench', tickMs: 1000 },
    rateLimits: { perSecond: 1_000_000, perMinute: 1_000_000, perDay: 10_000_000 },
  });
  try {
    const services = app.getDecorator<Services>(servicesDecorator);
    await services.market.tick(now);
    const trader = await tradingAccount(app, 0, 5_000_000_000);
    const auth = { authorization: `Bearer ${trader.token}` };
    const portfolio = await app.inject({ method: 'POST', url: '/api/portfolios/portfolios/', headers: auth, payload: { broker_account: trader.accountId, name: 'Bench bots', capital: 5_000_000_000 } });
    portfolioId = portfolio.json<{ portfolios: { id: number } }>().portfolios.id;
    const strategies = (await app.inject({ method: 'GET', url: '/api/base_strategies/base_strategies/', headers: auth })).json<{ base_strategies: Array<{ id: number; slug: string }> }>();
    const condor = strategies.base_strategies.find((strategy) => strategy.slug === 'iron_condor')!.id;
    const created = await app.inject({
      method: 'POST',
      url: `/api/daily_bots/daily_bots/${portfolioId}/`,
      headers: auth,
      payload: {
        portfolio_id: portfolioId,
        name: 'Bench condor',
        base_strategy: condor,
        underlying: 'NIFTY',
        lots: 1,
        // Wide exits and no per-leg stop, so the bots stay in position while the ticks are timed.
        stop_loss_pct: 100,
        target_pct: 1000,
        params: { leg_stop_loss_pct: 0 },
        entry_time: '09:20',
        exit_time: '15:10',
        weekdays: [1, 2, 3, 4, 5],
      },
    });
    if (created.statusCode !== 201) throw new Error(`creating the bot answered ${created.statusCode}: ${created.body}`);
    const template = created.json<{ daily_bot: { id: number } }>().daily_bot.id;
    // The other bots are copies of the first, written at once (creating 1,000 through the API measures nothing here).
    await database.query(
      `INSERT INTO daily_bots (portfolio_id, name, base_strategy_id, underlying, lots, stop_loss_pct, target_pct, status, params, mode, entry_time, exit_time,
         weekdays, created_at, updated_at)
       SELECT portfolio_id, name || ' ' || n, base_strategy_id, underlying, lots, stop_loss_pct, target_pct, status, params, mode, entry_time, exit_time,
         weekdays, created_at, updated_at FROM daily_bots, generate_series(1, $2::int) AS n WHERE id = $1`,
      [template, botCount - 1],
    );
    const rowsOut: Row[] = [];
    const tick = async (phase: string, time: string, seconds = 0) => {
      now = istAt(time, seconds);
      await services.market.tick(now);
      const counts = await services.botEngine.tick(now);
      rowsOut.push({ backend, phase, evaluated: counts.evaluated, acted: counts.acted, ms: counts.ms });
      return counts;
    };
    await tick('waiting (before the entry)', '09:19');
    // Every bot is due at 09:20: the engine places what fits its share of each tick (exits first) and leaves
    // the rest due for the next, so the market keeps ticking through the burst.
    let entered = 0;
    const cpuBefore = process.cpuUsage();
    const burstStarted = performance.now();
    for (let second = 0; entered < botCount && second < 600; second += 1) {
      entered += (await tick('entry burst (all due at 09:20, 4 orders each), per tick', '09:20', second)).acted;
    }
    const cpu = process.cpuUsage(cpuBefore);
    burst = { entered, cpuMsPerBot: (cpu.user + cpu.system) / 1000 / Math.max(1, entered), wallMs: performance.now() - burstStarted };
    for (const time of ['09:21', '09:22', '09:23', '09:24', '09:25']) await tick('in position (stop-loss, target, trailing read)', time);
    return rowsOut;
  } finally {
    // A PostgreSQL database outlives the run: its bots go with their portfolio, so the next run starts alone.
    if (portfolioId !== null && process.env.BENCH_KEEP !== '1') await database.query('DELETE FROM portfolios WHERE id = $1', [portfolioId]);
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  // The machine's load, printed beside the figures: on a shared machine they mean little without it.
  const load = () => loadavg().map((value) => value.toFixed(2)).join(', ');
  console.log(`load average (1, 5, 15 min) at the start: ${load()}`);
  const backends: Array<[string, string | undefined]> = [['PGlite (embedded)', undefined]];
  if (values['database-url'] !== '') backends.push(['PostgreSQL', values['database-url']]);
  const rows: string[][] = [];
  const bursts: string[][] = [];
  for (const [backend, url] of backends) {
    const measured = await run(backend, url);
    bursts.push([backend, String(burst.entered), `${(burst.wallMs / 1000).toFixed(1)} s`, `${burst.cpuMsPerBot.toFixed(1)} ms`]);
    const phases = [...new Set(measured.map((row) => row.phase))];
    for (const phase of phases) {
      const of = measured.filter((row) => row.phase === phase);
      const ms = median(of.map((row) => row.ms));
      const worst = Math.max(...of.map((row) => row.ms));
      const time = of.length > 1 ? `${ms.toFixed(0)} ms median, ${worst.toFixed(0)} ms worst, ${of.length} ticks` : `${ms.toFixed(0)} ms`;
      rows.push([backend, phase, String(of[0]!.evaluated), String(of.reduce((sum, row) => sum + row.acted, 0)), time, worst <= 1000 ? 'yes' : 'no']);
    }
  }
  console.log(table(['database', 'tick', 'bots evaluated', 'actions taken', 'engine time', 'within 1 s'], rows));
  console.log(`\n${table(['database', 'bots entered in the burst', 'burst wall time', 'node CPU per bot entered'], bursts)}`);
  console.log(`\n${botCount} active daily iron condors in one portfolio; goal: every bot evaluated within the one-second market tick.`);
  if (values['database-url'] === '') console.log('PostgreSQL not measured: pass --database-url (or BENCH_DATABASE_URL).');
  console.log(`load average (1, 5, 15 min) at the end: ${load()}`);
}

await main();
