/**
 * Restart to health with a year of market history: a data folder holding 250 trading days of index option rows
 * (~5,000 a day, as a year of UDiFF bhavcopies stores them) is written once, then `server/main.ts` (what `npm
 * start` runs once the PWA is built) is started on a copy of it, and the time from the spawn to the first
 * answered health check is taken. The goal: ≤ 5 s on a quiet 2-core machine. With `--before <git ref>` (main by
 * default) that code's server is started on its own copy of the same folder, alternately, in the same run.
 *
 *   npm run bench -- restart-health                        250 days, 3 starts each, beside main
 *   npm run bench -- restart-health --days 60 --runs 5 --before ''
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { migrate } from '../../server/db/migrate.ts';
import { openPgliteDatabase } from '../../server/db/pglite-database.ts';
import type { OptionDay } from '../../server/services/history/history-files.ts';
import { storeOptionDays } from '../../server/services/history/history-store.ts';
import { tradingDays } from './support/bhavcopy-days.ts';
import { codeBefore, codeNow, type Code } from './support/code-before.ts';
import { serve } from './support/serve.ts';
import { spread, table, type Spread } from './support/stats.ts';

const { values } = parseArgs({ options: { days: { type: 'string', default: '250' }, runs: { type: 'string', default: '3' }, before: { type: 'string', default: 'main' } } });
const dayCount = Number(values.days);
const runs = Number(values.runs);

const shapes = [
  { index: 'NIFTY', spot: 24_300, step: 50, strikes: 200, expiries: 6 },
  { index: 'BANKNIFTY', spot: 52_400, step: 100, strikes: 200, expiries: 4 },
  { index: 'FINNIFTY', spot: 23_200, step: 50, strikes: 100, expiries: 3 },
  { index: 'MIDCPNIFTY', spot: 12_800, step: 25, strikes: 100, expiries: 2 },
] as const;

/** A day's index option rows, ~5,000 as a real bhavcopy's (what an import stores of it; NIFTY 2,400, BANKNIFTY 1,600, …). */
function dayRows(day: string, dayNumber: number): OptionDay[] {
  const rows: OptionDay[] = [];
  for (const shape of shapes) {
    const spot = shape.spot + ((dayNumber * 37) % 400) - 200;
    const atm = Math.round(spot / shape.step) * shape.step;
    for (let e = 0; e < shape.expiries; e += 1) {
      const expiry = new Date(Date.parse(`${day}T00:00:00Z`) + (e + 1) * 7 * 86_400_000).toISOString().slice(0, 10);
      for (let n = 0; n < shape.strikes; n += 1) {
        const strike = atm + (n - shape.strikes / 2) * shape.step;
        for (const optionType of ['CE', 'PE'] as const) {
          const price = Math.max(5, (optionType === 'CE' ? spot - strike : strike - spot) + 100) * 100;
          rows.push({
            index: shape.index, tradeDate: day, expiry, strikePaise: strike * 100, optionType, openPaise: price, highPaise: price, lowPaise: price,
            closePaise: price, settlePaise: price, openInterest: 75_000, changeInOi: 0, volumeContracts: 100, underlyingPaise: spot * 100, lotSize: 75,
          });
        }
      }
    }
  }
  return rows;
}

async function yearOfHistory(folder: string): Promise<number> {
  const db = await openPgliteDatabase({ dataDir: join(folder, 'pg') });
  let stored = 0;
  try {
    await migrate(db);
    for (const [dayNumber, day] of tradingDays(dayCount).entries()) {
      const rows = dayRows(day, dayNumber);
      // No uploader (as the test fixture's history): the folder holds no trader yet.
      const uploadedBy = null as unknown as number;
      const record = { kind: 'bhavcopy_udiff' as const, fileName: `bench-${day}.csv`, sha256: 'b'.repeat(64), days: [day], rowCount: rows.length, uploadedBy, importedAt: new Date() };
      await db.transaction((tx) => storeOptionDays(tx, record, rows));
      stored += rows.length;
    }
  } finally {
    await db.close();
  }
  return stored;
}

/** From the spawn to the first answered health check, on a copy of the folder. */
async function restartToHealth(code: Code, folder: string, distDir: string): Promise<number> {
  let spawnedAt = 0;
  const served = await serve(code.root, distDir, 0, async (dataDir) => {
    cpSync(folder, dataDir, { recursive: true });
    spawnedAt = performance.now();
  });
  try {
    for (;;) {
      const answer = await fetch(`${served.url}/api/health/`).catch(() => null);
      if (answer?.status === 200) return performance.now() - spawnedAt;
    }
  } finally {
    await served.stop();
  }
}

const folder = mkdtempSync(join(tmpdir(), 'strikedesk-restart-bench-'));
const distDir = join(folder, 'dist');
const before = values.before === '' ? null : codeBefore(values.before);
try {
  const writing = performance.now();
  const rows = await yearOfHistory(join(folder, 'data'));
  console.log(`${dayCount} days of history (${rows.toLocaleString('en-IN')} option rows) written in ${((performance.now() - writing) / 1000).toFixed(0)} s.`);
  mkdirSync(distDir);
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>StrikeDesk</title>');
  const codes = before === null ? [codeNow] : [before, codeNow];
  const times = new Map<Code, number[]>(codes.map((code) => [code, []]));
  // Alternately, so a change in the machine's load falls on both.
  for (let run = 0; run < runs; run += 1) for (const code of codes) times.get(code)!.push(await restartToHealth(code, join(folder, 'data'), distDir));
  const seconds = (s: Spread) => [(s.median / 1000).toFixed(1), (s.min / 1000).toFixed(1), (s.max / 1000).toFixed(1)];
  console.log(table(['code', 'starts', 'restart to health s (median)', 'min', 'max'], codes.map((code) => [code.name, String(runs), ...seconds(spread(times.get(code)!))])));
  console.log(`Load average while running: ${loadavg().map((load) => load.toFixed(1)).join(', ')} on ${availableParallelism()} cores.`);
} finally {
  before?.remove();
  rmSync(folder, { recursive: true, force: true });
}
