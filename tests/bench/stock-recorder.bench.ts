/**
 * The market recorder with watched stocks (issue 63): what a recorder pass costs recording the indices alone (main's
 * recorder) against the indices and `--watched` stocks (each its spot, its near month's listed strikes and three
 * futures), with 200 stocks listed. Its cost should grow with the stocks watched, never with the stocks listed.
 *
 *   npm run bench -- stock-recorder                 3 minutes of passes every 5 s, 10 stocks watched
 *   npm run bench -- stock-recorder --minutes 5 --watched 20
 *
 * Each configuration on its own in-memory PGlite and demo market, driven on one clock from Friday 20 Nov 2026 noon
 * IST: the sample passes (quotes of what is watched) and the minute-closing passes (the rows stored) are timed apart.
 * A benchmark, not a test: it prints a table and passes or fails nothing.
 */
import { parseArgs } from 'node:util';
import { createMarketRecorder, simulatorRecording } from '../../server/services/history/market-recorder.ts';
import { createMarketService } from '../../server/services/market/market-service.ts';
import { seedOf } from '../../server/services/market/simulator.ts';
import { listStocks } from '../server/support/stock-listing.ts';
import { createMigratedTestDatabase } from '../server/support/test-database.ts';
import { spread, table } from './support/stats.ts';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '3' }, watched: { type: 'string', default: '10' } } });
const minutes = Number(values.minutes);
const watchedCount = Number(values.watched);
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function run(watched: number) {
  const db = await createMigratedTestDatabase('pglite');
  try {
    await listStocks(db, 200);
    const { rows } = await db.query<{ symbol: string }>(`SELECT symbol FROM stock_simulation ORDER BY close_source = 'test listing', symbol LIMIT $1`, [watched]);
    const stocks = rows.map((row) => row.symbol);
    let now = new Date('2026-11-20T06:30:00Z');
    const clock = () => now;
    const market = createMarketService({ db, clock, seed: seedOf('stock-recorder-bench'), demo: true, tickMs: 1000 });
    const recorder = createMarketRecorder({ db, clock, source: 'simulated', retentionDays: 30, ...simulatorRecording(market, async () => stocks) });
    const samples: number[] = [];
    const closing: number[] = [];
    let stored = 0;
    // A first pass (the hourly compaction and pruning, the strikes listed) left out of the figures.
    await market.tick(now);
    await recorder.pass(now);
    const start = now.getTime() - (now.getTime() % 60_000) + 60_000;
    for (let at = start; at < start + minutes * 60_000; at += 5000) {
      now = new Date(at);
      await market.tick(now);
      const began = performance.now();
      const added = await recorder.pass(now);
      (at % 60_000 === 0 ? closing : samples).push(performance.now() - began);
      if (at > start) stored += added;
    }
    const options = await db.query<{ n: number }>(`SELECT count(DISTINCT (index_name, expiry, strike_paise, option_type))::integer AS n FROM history_option_minutes WHERE index_name = ANY($1::text[])`, [stocks]);
    return { watched: stocks.length, stockContracts: options.rows[0]?.n ?? 0, sample: spread(samples), closing: spread(closing), rowsPerMinute: Math.round(stored / Math.max(1, minutes - 1)) };
  } finally {
    await db.close();
  }
}

const results = [];
// Interleaved: main's recorder (no stock), then the watched stocks', twice.
for (const watched of [0, watchedCount, 0, watchedCount]) results.push(await run(watched));
console.log(
  table(
    ['stocks watched', 'stock contracts', 'sample pass (median, max)', 'minute-closing pass (median, max)', 'rows a minute'],
    results.map((r) => [String(r.watched), String(r.stockContracts), `${ms(r.sample.median)}, ${ms(r.sample.max)}`, `${ms(r.closing.median)}, ${ms(r.closing.max)}`, String(r.rowsPerMinute)]),
  ),
);
