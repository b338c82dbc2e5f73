// The tick and the exchange's limit price protection band of index options as dated data (tick_sizes and
// price_protection_bands, migration 092): the rows in force on an order's IST day. The one door the paper broker
// (order checks, matching), the execution policy's LIMIT prices and the Market facts screen read them through,
// so a new circular is a row in a migration, never an edit of a literal.
import type { Queryable } from '../../db/database.ts';

export type Exchange = 'NSE' | 'BSE';

/**
 * A buy limit above reference + width, or a sell limit below reference − width, is rejected by the exchange;
 * width = the greater of `minWidthPaise` and `fraction` × the reference price.
 */
export type ProtectionBand = { exchange: Exchange; minWidthPaise: number; fraction: number; effectiveFrom: string; source: string };

export type TickRow = { exchange: Exchange; tickPaise: number; effectiveFrom: string; source: string };

/** What an order's prices are held to on its day: the tick and the band. */
export type PriceRules = { tickPaise: number; band: ProtectionBand };

/** The exchange of a derivatives segment (NFO is NSE's, BFO BSE's). */
export const exchangeOf = (segment: 'NFO' | 'BFO'): Exchange => (segment === 'BFO' ? 'BSE' : 'NSE');

/**
 * The row of `rows` (one exchange's, oldest first) in force on `day`: the last begun by then, the earliest for a day
 * before any (a clock set far back still trades). The one rule every reader of these tables applies.
 */
function rowInForce<Row extends { effectiveFrom: string }>(rows: readonly Row[], day: string): Row {
  let found = rows[0]!;
  for (const row of rows) if (row.effectiveFrom <= day) found = row;
  return found;
}

/** Each exchange's row in force on `day`, in the exchanges' order. */
function eachExchangeOn<Row extends { exchange: Exchange; effectiveFrom: string }>(rows: readonly Row[], day: string): Row[] {
  const exchanges = [...new Set(rows.map((row) => row.exchange))].sort();
  return exchanges.map((exchange) => rowInForce(rows.filter((row) => row.exchange === exchange), day));
}

type TickRecord = { exchange: Exchange; effective_from: string; tick_paise: number; source: string };
const tickRow = (row: TickRecord): TickRow => ({ exchange: row.exchange, tickPaise: Number(row.tick_paise), effectiveFrom: row.effective_from, source: row.source });

/** Each exchange's tick in force on `day` (YYYY-MM-DD). */
export async function tickRowsOn(q: Queryable, day: string): Promise<TickRow[]> {
  const { rows } = await q.query<TickRecord>(`SELECT exchange, to_char(effective_from, 'YYYY-MM-DD') AS effective_from, tick_paise, source FROM tick_sizes ORDER BY exchange, effective_from`);
  return eachExchangeOn(rows.map(tickRow), day);
}

/** Each exchange's limit price protection band in force on `day`. */
export async function bandRowsOn(q: Queryable, day: string): Promise<ProtectionBand[]> {
  const { rows } = await q.query<{ exchange: Exchange; effective_from: string; min_width_paise: number; fraction: string; source: string }>(
    `SELECT exchange, to_char(effective_from, 'YYYY-MM-DD') AS effective_from, min_width_paise, fraction, source FROM price_protection_bands ORDER BY exchange, effective_from`,
  );
  const bands = rows.map((row) => ({ exchange: row.exchange, minWidthPaise: Number(row.min_width_paise), fraction: Number(row.fraction), effectiveFrom: row.effective_from, source: row.source }));
  return eachExchangeOn(bands, day);
}

/** Every tick row of an exchange, oldest first: for readers that price many days in a pass (quotes, backtests). */
export async function tickHistory(q: Queryable, exchange: Exchange): Promise<TickRow[]> {
  const { rows } = await q.query<TickRecord>(
    `SELECT exchange, to_char(effective_from, 'YYYY-MM-DD') AS effective_from, tick_paise, source FROM tick_sizes WHERE exchange = $1 ORDER BY effective_from`,
    [exchange],
  );
  if (rows.length === 0) throw new Error(`tick_sizes has no row for ${exchange}`);
  return rows.map(tickRow);
}

/** The tick in force on `day` among `rows` (tickHistory's, oldest first). */
export function tickInForce(rows: readonly TickRow[], day: string): number {
  return rowInForce(rows, day).tickPaise;
}

/** The tick and band a contract of `segment` is held to on `day`. */
export async function priceRulesOn(q: Queryable, segment: 'NFO' | 'BFO', day: string): Promise<PriceRules> {
  const exchange = exchangeOf(segment);
  const tick = (await tickRowsOn(q, day)).find((row) => row.exchange === exchange);
  const band = (await bandRowsOn(q, day)).find((row) => row.exchange === exchange);
  if (tick === undefined || band === undefined) throw new Error(`tick_sizes or price_protection_bands has no row for ${exchange}`);
  return { tickPaise: tick.tickPaise, band };
}

/**
 * Keeps each (segment, day)'s rules once read: the rows change only with a migration. Only answers already read
 * are shared, never a read under way: a caller inside a transaction must not wait on a read made outside it (on
 * PGlite that read waits for the transaction to end), so each caller reads with its own `q` until one has answered.
 */
export function createPriceRulesCache() {
  const cache = new Map<string, PriceRules>();
  return async (q: Queryable, segment: 'NFO' | 'BFO', day: string): Promise<PriceRules> => {
    const key = `${segment}:${day}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    const rules = await priceRulesOn(q, segment, day);
    cache.set(key, rules);
    return rules;
  };
}
