/**
 * The stocks benchmark (issue 63): what the simulator's tick costs with its stocks, listed against watched. A stock
 * is priced only when a quote of it is asked (a watched chain or future), so the cost of a tick and its quotes should
 * grow with the instruments watched and not with the underlyings listed.
 *
 *   npm run bench -- stock-market               30 ticks, 20 and 200 listed, 10 watched
 *   npm run bench -- stock-market --ticks 60 --watched 20
 *
 * Each configuration on its own server (an in-memory PGlite), the ticks driven here, the clock at Friday 20 Nov 2026 noon IST. A benchmark,
 * not a test: it prints a table and passes or fails nothing.
 */
import { parseArgs } from 'node:util';
import { servicesDecorator } from '../../server/app.ts';
import type { Services } from '../../server/services/services.ts';
import { listStocks, watchedKeys } from '../server/support/stock-listing.ts';
import { manualClock, startTestServer } from '../server/support/test-server.ts';
import { spread, table } from './support/stats.ts';

const { values } = parseArgs({ options: { ticks: { type: 'string', default: '30' }, watched: { type: 'string', default: '10' } } });
const ticks = Number(values.ticks);
const watchedCount = Number(values.watched);
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Starts a server, lists `listed` stocks, watches the first `watched`, and times each tick and its quotes. */
async function run(listed: number, watched: number) {
  const server = await startTestServer({ backend: 'pglite', clock: manualClock(new Date('2026-11-20T06:30:00Z')), market: { seed: 'stock-bench', demo: true, tickMs: 1000 } });
  try {
    const { market } = server.app.getDecorator<Services>(servicesDecorator);
    const db = server.db;
    const count = await listStocks(db, listed);
    // The same stocks watched whatever is listed: the migration's first, then the listing's.
    const { rows } = await db.query<{ symbol: string }>(`SELECT symbol FROM stock_simulation ORDER BY close_source = 'test listing', symbol LIMIT $1`, [watched]);
    const keys: string[] = [];
    for (const { symbol } of rows) keys.push(...(await watchedKeys(market, symbol)));
    let now = new Date('2026-11-20T06:30:00Z').getTime();
    const tickTimes: number[] = [];
    const quoteTimes: number[] = [];
    for (let i = 0; i < ticks; i += 1) {
      now += 1000;
      const started = performance.now();
      await market.tick(new Date(now));
      const ticked = performance.now();
      await market.quotes(keys);
      tickTimes.push(ticked - started);
      quoteTimes.push(performance.now() - ticked);
    }
    return { listed: count, watched: rows.length, instruments: keys.length, tick: spread(tickTimes), quotes: spread(quoteTimes) };
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  const results = [await run(20, watchedCount), await run(200, watchedCount), await run(200, watchedCount * 2)];
  console.log(`\nThe simulator's stocks: ${ticks} ticks; a watched stock is its spot, its near month's every strike and its three futures\n`);
  console.log(
    table(
      ['stocks listed', 'stocks watched', 'instruments quoted', 'tick (indices)', 'quotes of the watched'],
      results.map((r) => [String(r.listed), String(r.watched), String(r.instruments), `${ms(r.tick.median)} (${ms(r.tick.min)}–${ms(r.tick.max)})`, `${ms(r.quotes.median)} (${ms(r.quotes.min)}–${ms(r.quotes.max)})`]),
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
