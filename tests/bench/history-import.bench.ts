/**
 * The market-history import benchmark: a year of NSE F&O bhavcopies (250 trading days) in the UDiFF layout,
 * uploaded one file a request through POST /api/market-history/imports/ on the real server and the embedded
 * PGlite (or PostgreSQL with --database-url). The goal: the year in under a minute on this machine.
 *
 *   npm run bench -- history-import                      250 files
 *   npm run bench -- history-import --files 20 --database-url postgres://…
 *
 * The files are synthetic but shaped like the real ones: ~45,000 rows a day, of which ~5,000 are options
 * of the four indices kept (NIFTY 2,400, BANKNIFTY 1,600, FINNIFTY 600, MIDCPNIFTY 400: several weekly and
 * monthly expiries, 100-200 strikes each) and the rest stock options and futures, index futures and
 * NIFTYNXT50 options that are skipped; about 8 MB of CSV each. Generating a file is not timed; its upload,
 * parse and store are. A benchmark, not a test: it prints a table and passes or fails nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildServer } from '../../server/app.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { bhavcopy, tradingDays } from './support/bhavcopy-days.ts';
import { median, table } from './support/stats.ts';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '250' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? '' },
  },
});
const fileCount = Number(values.files);
if (!Number.isInteger(fileCount) || fileCount < 1) throw new Error('--files takes a whole number, 1 or more');

async function run(databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'strikedesk-history-bench-'));
  const database = await openDatabase({ dataDir, databaseUrl });
  const app = await buildServer({ distDir: join(dataDir, 'dist'), dataDir, database, scryptCost: { N: 2 ** 10, r: 8, p: 1 }, market: { demo: false, seed: 'bench', tickMs: 0 } });
  try {
    const trader = { email: 'history-bench@example.in', password: 'Iron-Condor-History-2024', name: 'Bench Trader', mobile: '9876543210' };
    await app.inject({ method: 'POST', url: '/api/authenticate/register/', payload: trader });
    const login = await app.inject({ method: 'POST', url: '/api/authenticate/login/', payload: { email: trader.email, password: trader.password } });
    const token = login.json<{ token: string }>().token;
    if (typeof token !== 'string') throw new Error(`sign-in failed: ${login.body}`);
    const perFile: number[] = [];
    // CPU time of this process (the server and the embedded PGlite both run here): on a machine shared with
    // other work, wall time grows with the load and CPU time says what the import itself costs.
    let cpuMicros = 0;
    let bytes = 0;
    let rows = 0;
    let skipped = 0;
    for (const [dayNumber, day] of tradingDays(fileCount).entries()) {
      const file = bhavcopy(day, dayNumber);
      bytes += file.length;
      const started = performance.now();
      const cpuStart = process.cpuUsage();
      const res = await app.inject({
        method: 'POST',
        url: `/api/market-history/imports/?file_name=BhavCopy_NSE_FO_0_0_0_${day.replaceAll('-', '')}_F_0000.csv`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
        payload: file,
      });
      perFile.push(performance.now() - started);
      const cpu = process.cpuUsage(cpuStart);
      cpuMicros += cpu.user + cpu.system;
      if (res.statusCode !== 200) throw new Error(`${day}: ${res.statusCode} ${res.body.slice(0, 500)}`);
      const outcome = res.json<{ files: Array<{ rows: number; skipped_rows: number }> }>().files[0];
      rows += outcome?.rows ?? 0;
      skipped += outcome?.skipped_rows ?? 0;
    }
    const totalMs = perFile.reduce((sum, ms) => sum + ms, 0);
    const coverage = await app.inject({ method: 'GET', url: '/api/market-history/coverage/', headers: { authorization: `Bearer ${token}` } });
    const tableBytes = coverage.json<{ table_bytes: number }>().table_bytes;
    return { files: perFile.length, totalMs, cpuMs: cpuMicros / 1000, medianMs: median(perFile), bytes, rows, skipped, tableBytes };
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const backend = values['database-url'] === '' ? 'PGlite' : 'PostgreSQL';
const result = await run(values['database-url'] === '' ? undefined : values['database-url']);
console.log(
  table(
    ['backend', 'files', 'CSV MB', 'option rows kept', 'rows skipped', 'total s', 'CPU s', 'files/s', 'median ms/file', 'stored MB'],
    [[
      backend,
      String(result.files),
      (result.bytes / 1024 / 1024).toFixed(0),
      result.rows.toLocaleString('en-IN'),
      result.skipped.toLocaleString('en-IN'),
      (result.totalMs / 1000).toFixed(1),
      (result.cpuMs / 1000).toFixed(1),
      (result.files / (result.totalMs / 1000)).toFixed(1),
      result.medianMs.toFixed(0),
      (result.tableBytes / 1024 / 1024).toFixed(0),
    ]],
  ),
);
console.log(`Load average while running: ${loadavg().map((load) => load.toFixed(1)).join(', ')} on ${availableParallelism()} cores.`);
console.log(result.totalMs < 60_000 ? 'Goal met: a year of bhavcopies in under a minute.' : 'Goal missed: a year of bhavcopies took a minute or more.');
