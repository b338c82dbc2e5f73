/**
 * The recorded-day benchmark (issue 39): the market recorder over the real simulator on an injected clock,
 * NIFTY alone, a pass every 30 s through NSE's session (each pass ticks the simulator, then records every
 * listed strike of the nearest and the nearest monthly expiry), then the next day's first pass, which moves the
 * day from minute rows to one row a contract-day. Prints the disk each layout takes (pg_total_relation_size
 * after VACUUM ANALYZE: the same day, before and after the move). The goal: a NIFTY day in 20 MB or less.
 *
 *   npm run bench -- recorded-day                         the whole session (375 minutes), PGlite
 *   npm run bench -- recorded-day --minutes 30 --database-url postgres://…
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { createMarketRecorder, simulatorRecording } from '../../server/services/history/market-recorder.ts';
import { createMarketService } from '../../server/services/market/market-service.ts';
import { seedOf } from '../../server/services/market/simulator.ts';
import { table } from './support/stats.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '375' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? '' },
  },
});
const minutes = Number(values.minutes);
if (!Number.isInteger(minutes) || minutes < 1 || minutes > 375) throw new Error('--minutes takes a whole number from 1 to 375');

const minuteMs = 60_000;
/** 09:15 IST on Thursday 26 November 2026, a trading day. */
const open = Date.parse('2026-11-26T03:45:00Z');

async function sizeOf(db: Database, table: string): Promise<number> {
  await db.query(`VACUUM ANALYZE ${table}`);
  const { rows } = await db.query<{ bytes: string }>(`SELECT pg_total_relation_size('${table}')::text AS bytes`);
  return Number(rows[0]?.bytes ?? 0);
}

async function run(databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'strikedesk-recorded-day-bench-'));
  const db = await openDatabase({ dataDir, databaseUrl });
  try {
    await migrate(db);
    await db.exec('DELETE FROM history_option_minutes; DELETE FROM history_recorded_option_days; DELETE FROM history_index_minutes');
    let now = new Date(open - 30_000);
    const clock = () => now;
    const market = createMarketService({ db, clock, seed: seedOf('recorded-day'), demo: false, tickMs: 1000 });
    const simulator = simulatorRecording(market);
    const recorder = createMarketRecorder({
      db,
      clock,
      source: 'simulated',
      retentionDays: 30,
      ...simulator,
      watched: async (at) => {
        const { indices, options } = await simulator.watched(at);
        return { indices: new Map([...indices].filter(([, index]) => index === 'NIFTY')), options: new Map([...options].filter(([, contract]) => contract.index === 'NIFTY')) };
      },
    });
    const started = performance.now();
    for (let ms = open - 30_000; ms <= open + minutes * minuteMs; ms += 30_000) {
      now = new Date(ms);
      await market.tick(now);
      await recorder.pass(now);
    }
    const recordMs = performance.now() - started;
    const { rows: counted } = await db.query<{ rows: string; contracts: string }>(
      'SELECT count(*)::text AS rows, count(DISTINCT (expiry, strike_paise, option_type))::text AS contracts FROM history_option_minutes',
    );
    const asRows = await sizeOf(db, 'history_option_minutes');
    const moveStarted = performance.now();
    now = new Date(open + 23 * 60 * minuteMs); // 08:15 IST the next day: its first pass moves the day
    await recorder.pass(now);
    const moveMs = performance.now() - moveStarted;
    const asDays = await sizeOf(db, 'history_recorded_option_days');
    return { rows: Number(counted[0]?.rows ?? 0), contracts: Number(counted[0]?.contracts ?? 0), asRows, asDays, recordMs, moveMs };
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const backend = values['database-url'] === '' ? 'PGlite' : 'PostgreSQL';
const result = await run(values['database-url'] === '' ? undefined : values['database-url']);
const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);
console.log(
  table(
    ['backend', 'minutes', 'contracts', 'option minutes', 'as rows MB', 'as contract-days MB', 'record s', 'move s'],
    [[backend, String(minutes), String(result.contracts), result.rows.toLocaleString('en-IN'), mb(result.asRows), mb(result.asDays), (result.recordMs / 1000).toFixed(1), (result.moveMs / 1000).toFixed(1)]],
  ),
);
console.log(`Load average while running: ${loadavg().map((load) => load.toFixed(1)).join(', ')} on ${availableParallelism()} cores.`);
if (minutes === 375) console.log(result.asDays <= 20_000_000 ? 'Goal met: a recorded NIFTY day in 20 MB or less.' : 'Goal missed: a recorded NIFTY day took more than 20 MB.');
