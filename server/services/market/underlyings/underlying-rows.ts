// The underlyings as the dated tables say on one day (migrations 110, 111): every index and F&O stock with its
// membership spell of the day, tick, strike step and the lot of its current contract month. An index's own facts
// are read where they live (index_names, index_config, tick_sizes, expiry_weekdays), never copied.
import type { components } from '../../../../openapi/main.d.ts';
import type { Queryable } from '../../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import { notFoundTexts } from '../../texts/not-found-texts.ts';
import { loadTradingCalendar } from '../calendar-data.ts';
import { monthlyExpiryOf, type ExpiryWeekday } from '../expiries.ts';
import { expiryDayOnOrBefore, type Exchange, type TradingCalendar } from '../trading-calendar.ts';

export type Underlying = components['schemas']['Underlying'];

type Row = {
  symbol: string;
  name: string;
  kind: Underlying['kind'];
  exchange: Underlying['exchange'];
  settlement: Underlying['settlement'];
  tick_paise: number | null;
  strike_step: number | null;
  listed_from: string | null;
  listed_source: string | null;
  excluded_from: string | null;
  announced_on: string | null;
  exclusion_source: string | null;
  weekdays: Array<{ expiring_from: string; weekday: number; source: string }> | null;
};

/** The row in force on $1 of a dated table (the earliest before the first, as the other market facts). */
const inForce = (table: string, where: string, column: string) =>
  `(SELECT t.${column} FROM ${table} t WHERE ${where}
    ORDER BY (t.effective_from <= $1::date) DESC, CASE WHEN t.effective_from <= $1::date THEN t.effective_from END DESC, t.effective_from LIMIT 1)`;

// A stock's monthly contracts expire on its exchange's weekday for single stocks (stock_expiry_weekdays, migration
// 114); an index's on its own (expiry_weekdays, 093).
const rowsSql = `
  SELECT u.symbol, u.kind, u.exchange, u.settlement,
    coalesce(u.name,
      (SELECT n.name FROM index_names n WHERE n.index_name = u.symbol AND (n.valid_from IS NULL OR n.valid_from <= $1::date)
         AND (n.valid_until IS NULL OR n.valid_until >= $1::date) ORDER BY n.valid_from DESC NULLS LAST LIMIT 1),
      u.symbol) AS name,
    CASE WHEN u.kind = 'index' THEN ${inForce('tick_sizes', 't.exchange = u.exchange', 'tick_paise')}
         ELSE ${inForce('stock_option_ticks', 't.exchange = u.exchange', 'tick_paise')} END AS tick_paise,
    ${inForce('index_config', 't.index_name = u.symbol', 'strike_step')} AS strike_step,
    to_char(m.listed_from, 'YYYY-MM-DD') AS listed_from, m.listed_source,
    to_char(m.excluded_from, 'YYYY-MM-DD') AS excluded_from, to_char(m.exclusion_announced_on, 'YYYY-MM-DD') AS announced_on, m.exclusion_source,
    (SELECT json_agg(json_build_object('expiring_from', to_char(w.expiring_from, 'YYYY-MM-DD'), 'weekday', w.weekday, 'source', w.source) ORDER BY w.expiring_from)
     FROM (SELECT index_name AS symbol, NULL AS exchange, expiring_from, weekday, source FROM expiry_weekdays
           UNION ALL SELECT NULL, exchange, expiring_from, weekday, source FROM stock_expiry_weekdays) w
     WHERE CASE WHEN u.kind = 'index' THEN w.symbol = u.symbol ELSE w.exchange = u.exchange END) AS weekdays
  FROM underlyings u
  -- The spell of the day: the latest begun by it (null: before the sources), else none (not yet listed).
  LEFT JOIN LATERAL (
    SELECT * FROM fo_memberships f WHERE f.symbol = u.symbol AND (f.listed_from IS NULL OR f.listed_from <= $1::date)
    ORDER BY f.listed_from DESC NULLS LAST LIMIT 1
  ) m ON true`;

/** The expiry of the contract month trading on `day`: the month's monthly expiry (a holiday moves it earlier), or the next month's once it has passed. */
export function currentMonthExpiry(weekdays: readonly ExpiryWeekday[], calendar: TradingCalendar, day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const expiry = expiryDayOnOrBefore(calendar, monthlyExpiryOf(weekdays, year, month));
  if (day <= expiry) return expiry;
  return expiryDayOnOrBefore(calendar, monthlyExpiryOf(weekdays, month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1));
}

const isMember = (row: Row, day: string) => row.listed_source !== null && (row.excluded_from === null || day < row.excluded_from);

/** Every underlying listed by `day` (a stock not yet added is not), in answer order: indices first, then by symbol. */
export async function underlyingsOn(q: Queryable, day: string): Promise<Underlying[]> {
  const { rows } = await q.query<Row>(rowsSql, [day]);
  const calendars = new Map<Exchange, TradingCalendar>();
  for (const exchange of ['NSE', 'BSE'] as const) calendars.set(exchange, await loadTradingCalendar(q, exchange));
  // Code-unit order (M&M before MFSL on every backend, whatever the database's collation).
  const listed = rows
    .filter((row) => row.listed_source !== null)
    .sort((a, b) => Number(b.kind === 'index') - Number(a.kind === 'index') || (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
  const expiries = new Map<string, string>();
  for (const row of listed) {
    const calendar = calendars.get(row.exchange);
    if (!isMember(row, day) || row.weekdays === null || calendar === undefined) continue;
    const weekdays = row.weekdays.map((w) => ({ expiringFrom: w.expiring_from, weekday: Number(w.weekday), source: w.source }));
    expiries.set(row.symbol, currentMonthExpiry(weekdays, calendar, day));
  }
  const lots = await lotsOf(q, day, expiries);
  const banned = new Set((await q.query<{ symbol: string }>('SELECT symbol FROM fo_ban_securities WHERE trade_date = $1::date', [day])).rows.map((row) => row.symbol));
  return listed.map((row): Underlying => ({
    symbol: row.symbol,
    name: row.name,
    kind: row.kind,
    exchange: row.exchange,
    settlement: row.settlement,
    tick_paise: row.tick_paise === null ? null : Number(row.tick_paise),
    strike_step: row.strike_step === null ? null : Number(row.strike_step),
    lot: lots.get(row.symbol) ?? null,
    banned: banned.has(row.symbol),
    membership: {
      current: isMember(row, day),
      listed_from: row.listed_from,
      listed_source: row.listed_source ?? '',
      // An exclusion is news only from the day the exchange announced it.
      excluded_from: row.announced_on !== null && row.announced_on <= day ? row.excluded_from : null,
      exclusion_source: row.announced_on !== null && row.announced_on <= day ? row.exclusion_source : null,
    },
  }));
}

/** The lot each underlying's current-month contract carries on `day`: lot_revision_of (migration 089), the one rule. */
async function lotsOf(q: Queryable, day: string, expiries: ReadonlyMap<string, string>): Promise<Map<string, NonNullable<Underlying['lot']>>> {
  if (expiries.size === 0) return new Map();
  const { rows } = await q.query<{ symbol: string; expiry: string; lot_size: number; effective_from: string; source: string }>(
    `SELECT x.symbol, to_char(x.expiry, 'YYYY-MM-DD') AS expiry, r.lot_size, to_char(r.effective_from, 'YYYY-MM-DD') AS effective_from, r.source
     FROM unnest($2::text[], $3::date[]) AS x (symbol, expiry) JOIN lot_revisions r ON r.id = lot_revision_of(x.symbol, x.expiry, $1::date)`,
    [day, [...expiries.keys()], [...expiries.values()]],
  );
  return new Map(rows.map((row) => [row.symbol, { size: Number(row.lot_size), expiry: row.expiry, effective_from: row.effective_from, source: row.source }]));
}

/**
 * Issue 63: the charts read any underlying the server lists (a stock's options and futures come with its bhavcopy);
 * another symbol is 404 `not_found.underlying`, never an empty chart. Returns whether it is an index or a stock.
 */
export async function requireListedUnderlying(q: Queryable, symbol: string): Promise<Underlying['kind']> {
  const { rows } = await q.query<{ kind: Underlying['kind'] }>('SELECT kind FROM underlyings WHERE symbol = $1', [symbol]);
  const found = rows[0];
  if (found === undefined) throw DomainError.said('not_found', notFoundTexts.underlying(symbol));
  return found.kind;
}
