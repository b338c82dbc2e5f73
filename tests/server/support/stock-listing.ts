// How many simulated stocks a market lists, for the benchmark and the test of the tick's cost. Migrations 116 and 141
// simulate every F&O member (207 on 2 Dec 2026); a smaller market keeps the first `total` by symbol, a larger one adds
// the other stocks of the underlyings table that have a lot (a ₹1,000 close, 25 % volatility, a ₹20 step). Test data
// only: never in a migration.
import type { Queryable } from '../../../server/db/database.ts';

/** Makes the market list exactly `total` simulated stocks (as many as there can be, if fewer); answers how many there are. */
export async function listStocks(q: Queryable, total: number): Promise<number> {
  await q.query(
    `DELETE FROM stock_simulation WHERE symbol IN (SELECT symbol FROM stock_simulation ORDER BY symbol OFFSET greatest(0, $1))`,
    [total],
  );
  await q.query(
    `INSERT INTO stock_simulation (symbol, reference_close, reference_date, close_source, volatility, volatility_source, strike_step, strike_step_source)
     SELECT u.symbol, 1000, DATE '2026-10-09', 'test listing', 0.25, 'test listing', 20, 'test listing'
     FROM underlyings u JOIN lot_revisions l ON l.index_name = u.symbol
     WHERE u.kind = 'stock' AND NOT EXISTS (SELECT 1 FROM stock_simulation s WHERE s.symbol = u.symbol)
     GROUP BY u.symbol ORDER BY u.symbol
     LIMIT greatest(0, $1 - (SELECT count(*) FROM stock_simulation))`,
    [total],
  );
  const { rows } = await q.query<{ count: string }>('SELECT count(*) AS count FROM stock_simulation');
  return Number(rows[0]!.count);
}

/** What a desk watching `symbol` streams: the stock, its near month's every option and its three futures. */
export async function watchedKeys(
  market: { expiries: (symbol: string) => Promise<{ expiries: Array<{ date: string }>; futures?: Array<{ instrument: string }> }>; instruments: (symbol: string, expiry: string) => Promise<{ instruments: Array<{ instrument: string }> }> },
  symbol: string,
): Promise<string[]> {
  const listed = await market.expiries(symbol);
  const chain = await market.instruments(symbol, listed.expiries[0]!.date);
  return [`NSE:${symbol}`, ...chain.instruments.map((i) => i.instrument), ...(listed.futures ?? []).map((f) => f.instrument)];
}
