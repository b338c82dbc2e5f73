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
import { addDays, isoWeekday } from '../../server/services/market/trading-calendar.ts';
import { median, table } from './support/stats.ts';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '250' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? '' },
  },
});
const fileCount = Number(values.files);
if (!Number.isInteger(fileCount) || fileCount < 1) throw new Error('--files takes a whole number, 1 or more');

const header =
  'TradDt,BizDt,Sgmt,Src,FinInstrmTp,FinInstrmId,ISIN,TckrSymb,SctySrs,XpryDt,FininstrmActlXpryDt,StrkPric,OptnTp,FinInstrmNm,' +
  'OpnPric,HghPric,LwPric,ClsPric,LastPric,PrvsClsgPric,UndrlygPric,SttlmPric,OpnIntrst,ChngInOpnIntrst,TtlTradgVol,TtlTrfVal,' +
  'TtlNbOfTxsExctd,SsnId,NewBrdLotQty,Rmks,Rsvd1,Rsvd2,Rsvd3,Rsvd4';

type IndexShape = { symbol: string; spot: number; step: number; strikes: number; expiries: number; weekday: number; lot: number };

const indices: IndexShape[] = [
  { symbol: 'NIFTY', spot: 24_300, step: 50, strikes: 200, expiries: 6, weekday: 4, lot: 25 },
  { symbol: 'BANKNIFTY', spot: 52_400, step: 100, strikes: 200, expiries: 4, weekday: 3, lot: 15 },
  { symbol: 'FINNIFTY', spot: 23_200, step: 50, strikes: 100, expiries: 3, weekday: 2, lot: 40 },
  { symbol: 'MIDCPNIFTY', spot: 12_800, step: 25, strikes: 100, expiries: 2, weekday: 1, lot: 75 },
];

/** Weekdays from Monday 1 July 2024 (exchange holidays are not modelled: this measures throughput). */
function tradingDays(count: number): string[] {
  const days: string[] = [];
  for (let day = '2024-07-01'; days.length < count; day = addDays(day, 1)) if (isoWeekday(day) <= 5) days.push(day);
  return days;
}

function nextWeekday(day: string, weekday: number): string {
  let next = day;
  while (isoWeekday(next) !== weekday) next = addDays(next, 1);
  return next;
}

const price = (value: number) => value.toFixed(2);

function optionRow(day: string, type: string, symbol: string, expiry: string, strike: number, side: string, spot: number, lot: number, id: number): string {
  const intrinsic = Math.max(0, side === 'CE' ? spot - strike : strike - spot);
  const settle = intrinsic + 5 + ((id * 7919) % 400) / 4;
  const oi = lot * (1000 + (id % 5000));
  return `${day},${day},FO,NSE,${type},${id},,${symbol},,${expiry},${expiry},${price(strike)},${side},${symbol}${expiry.replaceAll('-', '')}${strike}${side},` +
    `${price(settle * 1.05)},${price(settle * 1.2)},${price(settle * 0.8)},${price(settle)},${price(settle)},${price(settle * 1.01)},${price(spot)},${price(settle)},` +
    `${oi},${lot * ((id % 200) - 100)},${id % 30_000},${price(settle * lot * (id % 30_000))},${id % 9000},F1,${lot},,,,,`;
}

function bhavcopy(day: string, dayNumber: number): string {
  const lines = [header];
  let id = 1;
  for (const index of indices) {
    const spot = index.spot * (1 + 0.1 * Math.sin(dayNumber / 40));
    const atm = Math.round(spot / index.step) * index.step;
    let expiry = nextWeekday(day, index.weekday);
    for (let e = 0; e < index.expiries; e += 1, expiry = addDays(expiry, 7)) {
      for (let k = -index.strikes / 2; k < index.strikes / 2; k += 1) {
        for (const side of ['CE', 'PE']) lines.push(optionRow(day, 'IDO', index.symbol, expiry, atm + k * index.step, side, spot, index.lot, (id += 1)));
      }
    }
    lines.push(optionRow(day, 'IDF', index.symbol, addDays(day, 20), 0.05, 'XX', spot, index.lot, (id += 1)).replace(',0.05,XX,', ',,,'));
  }
  for (let k = 0; k < 300; k += 1) lines.push(optionRow(day, 'IDO', 'NIFTYNXT50', addDays(day, 20), 70_000 + k * 100, k % 2 === 0 ? 'CE' : 'PE', 71_000, 10, (id += 1)));
  for (let stock = 0; stock < 185; stock += 1) {
    const symbol = `STOCK${String(stock).padStart(3, '0')}`;
    for (let k = 0; k < 216; k += 1) lines.push(optionRow(day, 'STO', symbol, addDays(day, 20 + (k % 3) * 28), 1000 + (k >> 1) * 10, k % 2 === 0 ? 'CE' : 'PE', 1500, 500, (id += 1)));
    for (let k = 0; k < 3; k += 1) lines.push(optionRow(day, 'STF', symbol, addDays(day, 20 + k * 28), 0.05, 'XX', 1500, 500, (id += 1)).replace(',0.05,XX,', ',,,'));
  }
  return `${lines.join('\n')}\n`;
}

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
      const file = Buffer.from(bhavcopy(day, dayNumber));
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
