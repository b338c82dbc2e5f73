/**
 * Restart to health with a year of market history: a data folder holding 250 trading days of index option rows
 * (~5,000 a day, as a year of UDiFF bhavcopies stores them), and a trader's replay of another day with an order in
 * its book, is written once; then the server is started on a copy of it as `npm start` starts it once the PWA is
 * built (scripts/start.mjs, the server's bundle built beforehand, untimed; `server/main.ts` through tsx for code
 * that has no scripts/start.mjs), and the time from the spawn to the first answered health check is taken, with
 * the CPU time the server's process had used by then (Linux; the machine's load moves the wall time a lot more).
 * Then the replay's first read after the restart, as the trader's desk makes it (the replay, its index and its
 * chain: its book rebuilt from what it logged). Goals: health ≤ 5 s on a quiet 2-core machine, the read ≤ 2 s.
 * With `--before <git ref>` (main by default) that code's server is started on its own copy of the same folder,
 * alternately, in the same run.
 *
 *   npm run bench -- restart-health                        250 days, 3 starts each, beside main
 *   npm run bench -- restart-health --days 60 --runs 5 --before ''
 *   npm run bench -- restart-health --folder /tmp/year      the year written there once and kept (profiling by hand)
 *   npm run bench -- restart-health --unprimed              each start the folder's first under npm start
 *
 * A restart is of a server that ran on the folder before: this code's server is started once on it (untimed), so
 * what a first start makes once (the demo desk's account, session and trades, the analytics seed) is there, as
 * after any earlier `npm start`. `--unprimed` times that first start instead.
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
import { tradingAccount } from './support/trading-account.ts';
import { importReplayDay, replayDay, replayExpiries } from '../server/replay/replay-fixture.ts';
import { manualClock, startTestServer } from '../server/support/test-server.ts';

const { values } = parseArgs({ options: { days: { type: 'string', default: '250' }, runs: { type: 'string', default: '3' }, before: { type: 'string', default: 'main' }, folder: { type: 'string' }, unprimed: { type: 'boolean', default: false } } });
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

type Replay = { token: string; id: number };

/** A trader's replay of another day, an order sold in its book (the restart rebuilds it from that action). */
async function replayInFolder(folder: string): Promise<Replay> {
  const db = await openPgliteDatabase({ dataDir: join(folder, 'pg') });
  try {
    await importReplayDay(db);
    const server = await startTestServer({ database: db, clock: manualClock(new Date()) });
    try {
      const { token } = await tradingAccount(server.app, 1);
      const call = async (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, headers: Record<string, string> = {}) => {
        const res = await server.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, ...(payload === undefined ? {} : { payload }) });
        if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
        return res.json<Record<string, unknown>>();
      };
      const id = ((await call('POST', '/api/replays/', { index: 'NIFTY', day: replayDay, start: '10:00' })).replay as { id: number }).id;
      const order = { tradingsymbol: 'NIFTY26O1325050CE', exchange: 'NFO', transaction_type: 'SELL', order_type: 'MARKET', product: 'NRML', quantity: 75 };
      await call('POST', `/api/replays/${id}/orders/`, { orders: [order] }, { 'idempotency-key': 'bench-restart-sell' });
      return { token, id };
    } finally {
      await server.close();
    }
  } finally {
    await db.close();
  }
}

/** How `npm start` starts this code's server (the PWA built): its bundle when it has one (built now, untimed), else its TypeScript through tsx. */
function startCommand(code: Code): string[] | undefined {
  if (!existsSync(join(code.root, 'scripts/start.mjs'))) return undefined;
  execFileSync(process.execPath, [join(code.root, 'scripts/server-bundle.mjs')], { cwd: code.root, stdio: 'inherit' });
  return [join(code.root, 'scripts/start.mjs')];
}

/**
 * Runs this code's server once on the folder itself until it serves a held request (its start's seeds made), then
 * stops it: the folder is then one that `npm start` has run on, as any restart's is.
 */
async function primeFolder(folder: string, distDir: string, command: string[]): Promise<void> {
  const child = spawn(process.execPath, command, {
    cwd: codeNow.root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(folder, 'data'), DIST_DIR: distDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+?)\/?(?:\s|$)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (code ${code}) before it started:\n${output}`)));
  });
  // Any request but health waits for the start's seeds (http/startup-gate.ts).
  await fetch(`${url}/`);
  child.kill('SIGTERM');
  await exited;
  writeFileSync(join(folder, 'primed'), new Date().toISOString());
}

/**
 * CPU seconds a process and its children have used (user + system), from /proc; NaN elsewhere. `npm start` may run
 * the server in a child of the process spawned (scripts/server-process.mjs), whose CPU is counted with it.
 */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    return (Number(fields[11]) + Number(fields[12])) / 100 + children.reduce((sum, child) => sum + cpuSeconds(child), 0);
  } catch {
    return Number.NaN;
  }
}

type Start = { health: number; cpu: number; firstRead: number; reads?: string };

/** From the spawn to the first answered health check on a copy of the folder; then the replay's first read. */
async function restartToHealth(code: Code, command: string[] | undefined, folder: string, distDir: string, replay: Replay): Promise<Start> {
  let spawnedAt = 0;
  const served = await serve(code.root, distDir, 0, async (dataDir) => {
    cpSync(folder, dataDir, { recursive: true });
    spawnedAt = performance.now();
  }, command);
  try {
    let health = 0;
    while (health === 0) {
      const answer = await fetch(`${served.url}/api/health/`).catch(() => null);
      if (answer?.status === 200) health = performance.now() - spawnedAt;
    }
    const cpu = cpuSeconds(served.pid);
    const readAt = performance.now();
    const reads: string[] = [];
    for (const path of [`${replay.id}/`, `${replay.id}/index/`, `${replay.id}/chain/?expiry=${replayExpiries[1]}`]) {
      // A read longer than the server's request time-out (30 s) is closed unanswered: counted as failed, not thrown.
      const answer = await fetch(`${served.url}/api/replays/${path}`, { headers: { authorization: `Bearer ${replay.token}` } }).catch((error: unknown) => {
        console.log(`${code.name}: the replay's ${path} got no answer after ${((performance.now() - readAt) / 1000).toFixed(1)} s (${String(error)})`);
        return null;
      });
      if (answer === null) return { health, cpu, firstRead: Number.POSITIVE_INFINITY };
      if (answer.status !== 200) throw new Error(`${code.name}: the replay's ${path} answered ${answer.status} ${await answer.text()}`);
      await answer.arrayBuffer();
      reads.push(((performance.now() - readAt) / 1000).toFixed(2));
    }
    return { health, cpu, firstRead: performance.now() - readAt, reads: reads.join(' / ') };
  } finally {
    await served.stop();
  }
}

// --folder: a folder kept between runs (the year is written once; its replay's sign-in kept in replay.json).
const kept = values.folder;
const folder = kept ?? mkdtempSync(join(tmpdir(), 'strikedesk-restart-bench-'));
const distDir = join(folder, 'dist');
const before = values.before === '' ? null : codeBefore(values.before);
try {
  const written = join(folder, 'replay.json');
  let replay: Replay;
  if (existsSync(written)) {
    replay = JSON.parse(readFileSync(written, 'utf8')) as Replay;
    console.log(`The history and replay of ${folder} kept from an earlier run.`);
  } else {
    const writing = performance.now();
    const rows = await yearOfHistory(join(folder, 'data'));
    replay = await replayInFolder(join(folder, 'data'));
    console.log(`${dayCount} days of history (${rows.toLocaleString('en-IN')} option rows) and a replay written in ${((performance.now() - writing) / 1000).toFixed(0)} s.`);
    mkdirSync(distDir, { recursive: true });
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>StrikeDesk</title>');
    if (kept !== undefined) writeFileSync(written, JSON.stringify(replay));
  }
  const codes = before === null ? [codeNow] : [before, codeNow];
  const commands = new Map(codes.map((code) => [code, startCommand(code)]));
  if (!values.unprimed && !existsSync(join(folder, 'primed'))) await primeFolder(folder, distDir, commands.get(codeNow) ?? ['--import', 'tsx', join(codeNow.root, 'server/main.ts')]);
  const starts = new Map<Code, Start[]>(codes.map((code) => [code, []]));
  const shown = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(1) : 'no answer');
  // Alternately, so a change in the machine's load falls on both.
  for (let run = 0; run < runs; run += 1) {
    for (const code of codes) {
      const start = await restartToHealth(code, commands.get(code), join(folder, 'data'), distDir, replay);
      starts.get(code)!.push(start);
      console.log(`${code.name}: health ${(start.health / 1000).toFixed(1)} s (CPU ${start.cpu.toFixed(1)} s), first replay read ${shown(start.firstRead)} s (replay / index / chain answered at ${start.reads ?? '?'} s); load ${loadavg()[0]!.toFixed(1)}`);
    }
  }
  const seconds = (s: Spread) => `${shown(s.median)} (${shown(s.min)}–${shown(s.max)})`;
  const of = (code: Code, pick: (start: Start) => number) => spread(starts.get(code)!.map(pick));
  console.log(
    table(
      ['code', 'starts', 'restart to health s, median (min–max)', 'CPU s by then, median', 'first replay read s, median (min–max)'],
      codes.map((code) => [code.name, String(runs), seconds(of(code, (start) => start.health)), (of(code, (start) => start.cpu).median).toFixed(1), seconds(of(code, (start) => start.firstRead))]),
    ),
  );
  console.log(`Load average while running: ${loadavg().map((load) => load.toFixed(1)).join(', ')} on ${availableParallelism()} cores.`);
} finally {
  before?.remove();
  if (kept === undefined) rmSync(folder, { recursive: true, force: true });
}
