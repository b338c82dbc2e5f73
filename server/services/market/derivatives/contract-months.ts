// The contract months an underlying lists on a day (issue 63, slice 2). Stock options and futures (of indices and
// stocks) are monthly: the near, next and far months, each expiring on the last expiry weekday of its month, a
// holiday moving it to the trading day before. The weekday is dated by the contract's expiry date: an index's is
// its own (expiry_weekdays, 093; index futures expire with its monthly options), a stock's its exchange's rule for
// single stocks (stock_expiry_weekdays, 114). A stock lists only while in F&O (fo_memberships, 110): no month
// before its listing, none expiring on or after its exclusion (the months already listed trade to their expiry).
// Index options keep their weekly and monthly series (expiries.ts listExpiries): they are not listed here.
import type { Queryable } from '../../../db/database.ts';
import { loadTradingCalendar } from '../calendar-data.ts';
import { expiryOn, monthlyExpiries, type Expiry, type ExpiryWeekday } from '../expiries.ts';
import type { Exchange, TradingCalendar } from '../trading-calendar.ts';

export type UnderlyingTerms = {
  symbol: string;
  kind: 'index' | 'stock';
  exchange: Exchange;
  expiryWeekdays: ExpiryWeekday[];
  /** Membership spells, oldest first: a stock lists contracts only inside one. */
  spells: Array<{ listedFrom: string | null; excludedFrom: string | null }>;
};

type TermsRow = {
  symbol: string;
  kind: 'index' | 'stock';
  exchange: Exchange;
  weekdays: Array<{ expiring_from: string; weekday: number; source: string }> | null;
  spells: Array<{ listed_from: string | null; excluded_from: string | null }> | null;
};

/** The underlyings' symbols: what a tradingsymbol's name is read against. */
export async function underlyingSymbols(q: Queryable): Promise<Set<string>> {
  const { rows } = await q.query<{ symbol: string }>('SELECT symbol FROM underlyings');
  return new Set(rows.map((row) => row.symbol));
}

/** The terms of `only` (every underlying when not given: a few hundred rows), by symbol. */
export async function underlyingTerms(q: Queryable, only?: readonly string[]): Promise<Map<string, UnderlyingTerms>> {
  const { rows } = await q.query<TermsRow>(
    `SELECT u.symbol, u.kind, u.exchange,
       (SELECT json_agg(json_build_object('expiring_from', to_char(w.expiring_from, 'YYYY-MM-DD'), 'weekday', w.weekday, 'source', w.source) ORDER BY w.expiring_from)
        FROM (SELECT index_name AS symbol, NULL AS exchange, expiring_from, weekday, source FROM expiry_weekdays
              UNION ALL SELECT NULL, exchange, expiring_from, weekday, source FROM stock_expiry_weekdays) w
        WHERE CASE WHEN u.kind = 'index' THEN w.symbol = u.symbol ELSE w.exchange = u.exchange END) AS weekdays,
       (SELECT json_agg(json_build_object('listed_from', to_char(f.listed_from, 'YYYY-MM-DD'), 'excluded_from', to_char(f.excluded_from, 'YYYY-MM-DD'))
          ORDER BY f.listed_from NULLS FIRST)
        FROM fo_memberships f WHERE f.symbol = u.symbol) AS spells
     FROM underlyings u WHERE $1::text[] IS NULL OR u.symbol = ANY($1::text[])`,
    [only === undefined ? null : [...only]],
  );
  return new Map(rows.map((row) => [row.symbol, {
    symbol: row.symbol,
    kind: row.kind,
    exchange: row.exchange,
    expiryWeekdays: (row.weekdays ?? []).map((w) => ({ expiringFrom: w.expiring_from, weekday: Number(w.weekday), source: w.source })),
    spells: (row.spells ?? []).map((spell) => ({ listedFrom: spell.listed_from, excludedFrom: spell.excluded_from })),
  }]));
}

/** The spell `day` falls in (null: the stock has no contracts that day). An index is always listed. */
function spellOn(terms: UnderlyingTerms, day: string): { excludedFrom: string | null } | null {
  if (terms.kind === 'index') return { excludedFrom: null };
  let found: UnderlyingTerms['spells'][number] | null = null;
  for (const spell of terms.spells) if (spell.listedFrom === null || spell.listedFrom <= day) found = spell;
  return found !== null && (found.excludedFrom === null || day < found.excludedFrom) ? found : null;
}

/** The monthly contracts `terms` lists on `day`: up to `count` months, none expiring from its exclusion on. */
export function monthlyContracts(terms: UnderlyingTerms, calendar: TradingCalendar, day: string, count = 3): Expiry[] {
  const spell = spellOn(terms, day);
  if (spell === null || terms.expiryWeekdays.length === 0) return [];
  return monthlyExpiries({ expiryWeekdays: terms.expiryWeekdays }, calendar, day, count)
    .filter((date) => spell.excludedFrom === null || date < spell.excludedFrom)
    .map((date) => expiryOn(calendar, date, 'monthly'));
}

export const futureSeries = ['near', 'next', 'far'] as const;
export type FutureMonth = { series: (typeof futureSeries)[number]; expiry: Expiry };

/** The futures months of an index or a stock on `day`: near, next and far (fewer for a stock on its way out). */
export function futureMonths(terms: UnderlyingTerms, calendar: TradingCalendar, day: string): FutureMonth[] {
  return monthlyContracts(terms, calendar, day, futureSeries.length).map((expiry, at) => ({ series: futureSeries[at] ?? 'far', expiry }));
}

/** A stock's option months on `day` (monthly only, as its futures'); an index's options are listExpiries'. */
export function stockOptionExpiries(terms: UnderlyingTerms, calendar: TradingCalendar, day: string): Expiry[] {
  if (terms.kind !== 'stock') throw new Error(`${terms.symbol} is an index: its options are listExpiries'`);
  return monthlyContracts(terms, calendar, day);
}

/** The months `symbol` lists on `day`, read from the tables; null for a symbol that is no underlying. */
export async function contractMonthsOf(q: Queryable, symbol: string, day: string): Promise<{ options: Expiry[] | null; futures: FutureMonth[] } | null> {
  const terms = (await underlyingTerms(q, [symbol])).get(symbol);
  if (terms === undefined) return null;
  const calendar = await loadTradingCalendar(q, terms.exchange);
  return { options: terms.kind === 'stock' ? stockOptionExpiries(terms, calendar, day) : null, futures: futureMonths(terms, calendar, day) };
}
