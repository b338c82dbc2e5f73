/**
 * The stocks benchmark (issue 63): what the simulator's tick costs with its stocks, listed against watched. A stock
 * is priced only when a quote of it is asked (a watched chain or future), so the cost of a tick and its quotes should
 * grow with the instruments watched and not with the underlyings listed.
 *
 *   npm run bench -- stock-market               30 ticks, 20 and 200 listed, 10 watched
 *   npm run bench -- stock-market --ticks 60 --watched 20
 *
 * Then, with 200 listed, a trader opens the chain of `--opened` stocks nobody watched before (issue 63: ≤ 300 ms on
 * this machine), each through the requests the chain screen makes: the stock's expiries and futures, its near
 * month's strikes, and the price stream's first snapshot of them; and searches an underlying (≤ 50 ms) as the
 * search box does, by a name's first letters.
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
import { tradingAccount } from './support/trading-account.ts';

const { values } = parseArgs({ options: { ticks: { type: 'string', default: '30' }, watched: { type: 'string', default: '10' }, opened: { type: 'string', default: '10' } } });
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

/** With `listed` stocks, the chains of `opened` stocks opened one after another, cold, and the search box's answers. */
async function openChains(listed: number, opened: number) {
  const server = await startTestServer({ backend: 'pglite', clock: manualClock(new Date('2026-11-20T06:30:00Z')), market: { seed: 'stock-bench', demo: true, tickMs: 1000 } });
  try {
    const { market } = server.app.getDecorator<Services>(servicesDecorator);
    await listStocks(server.db, listed);
    await market.tick(new Date('2026-11-20T06:30:01Z'));
    const { token } = await tradingAccount(server.app, 1);
    const get = async <T>(url: string): Promise<T> => {
      const answer = await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      return answer.json<T>();
    };
    // Every listed stock's chain but the one opened first to warm the routes, spread over the alphabet.
    const { rows } = await server.db.query<{ symbol: string }>('SELECT symbol FROM stock_simulation ORDER BY symbol');
    const symbols = rows.map((row) => row.symbol);
    const picked = Array.from({ length: opened + 1 }, (_, n) => symbols[Math.floor((n * symbols.length) / (opened + 1))]!);
    const opens: number[] = [];
    for (const [n, symbol] of picked.entries()) {
      const started = performance.now();
      const listedMonths = await get<{ expiries: Array<{ date: string }>; futures?: Array<{ instrument: string }> }>(`/api/market/expiries/?index=${encodeURIComponent(symbol)}`);
      const chain = await get<{ instruments: Array<{ instrument: string }> }>(`/api/market/instruments/?index=${encodeURIComponent(symbol)}&expiry=${listedMonths.expiries[0]!.date}`);
      await market.quotes([`NSE:${symbol}`, ...chain.instruments.map((i) => i.instrument), ...(listedMonths.futures ?? []).map((f) => f.instrument)]);
      if (n > 0) opens.push(performance.now() - started);
    }
    const searches: number[] = [];
    for (const symbol of picked) {
      for (const typed of [symbol.slice(0, 1), symbol.slice(0, 2), symbol.slice(0, 3)]) {
        const started = performance.now();
        await get(`/api/market/underlyings/?q=${encodeURIComponent(typed)}`);
        searches.push(performance.now() - started);
      }
    }
    return { listed: symbols.length, opens: spread(opens), searches: spread(searches.slice(3)) };
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  const results = [await run(20, watchedCount), await run(200, watchedCount), await run(200, watchedCount * 2)];
  const chains = await openChains(200, Number(values.opened));
  console.log(`\nThe simulator's stocks: ${ticks} ticks; a watched stock is its spot, its near month's every strike and its three futures\n`);
  console.log(
    table(
      ['stocks listed', 'stocks watched', 'instruments quoted', 'tick (indices)', 'quotes of the watched'],
      results.map((r) => [String(r.listed), String(r.watched), String(r.instruments), `${ms(r.tick.median)} (${ms(r.tick.min)}–${ms(r.tick.max)})`, `${ms(r.quotes.median)} (${ms(r.quotes.min)}–${ms(r.quotes.max)})`]),
    ),
  );
  console.log(`\nA stock's chain opened cold with ${chains.listed} listed (its expiries and futures, its near month's strikes, their first quotes), and the underlying search box\n`);
  console.log(
    table(
      ['stocks listed', 'chains opened', 'chain open (median, min–max)', 'searches', 'search answer (median, min–max)'],
      [[String(chains.listed), String(chains.opens.runs), `${ms(chains.opens.median)} (${ms(chains.opens.min)}–${ms(chains.opens.max)})`, String(chains.searches.runs), `${ms(chains.searches.median)} (${ms(chains.searches.min)}–${ms(chains.searches.max)})`]],
    ),
  );
  console.log('Goals (issue 63): a chain opens in ≤ 300 ms, a search answers in ≤ 50 ms.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
