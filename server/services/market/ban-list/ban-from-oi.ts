// The F&O ban list derived from NSE's combined open interest (issue 63): a day's figures (history_combined_oi,
// migration 133: each stock's MWPL and open interest) put through the rule in force that day (fo_ban_rules, migration
// 128, ban-rule.ts) give the next trading day's list. A stock whose open interest, in the rule's measure (the
// future-equivalent OI since 1 Oct 2025, the notional OI before), is over `enterPct` % of its MWPL is in; one under
// `leavePct` % is out; between the two it stays as it was on the file's day (that day's list, NSE's or derived) and is
// undetermined when that list is not known. A derived list is stored beside NSE's own (fo_ban_days.derived_from) so
// the order guards, the search and the chain read it as any list; NSE's file of the day replaces it when imported
// (ban-list.ts), and a derived list never replaces NSE's.
//
// The exchange checks the figures at four random moments of the day since 1 Oct 2025; the file is the day's end:
// a stock over the limit at a snapshot only is in NSE's list and not in the derived one (NSE's list then wins).
import type { Queryable } from '../../../db/database.ts';
import { loadTradingCalendar } from '../calendar-data.ts';
import { addDays, isTradingDay, type TradingCalendar } from '../trading-calendar.ts';
import { banRuleOn, inBanAfter, type BanRule } from './ban-rule.ts';
import { banListOn, nextTradingDay } from './ban-list.ts';

/** A stock's figure on the file's day: its open interest in the rule's measure, in % of its MWPL (null: not in the file's columns). */
export type OiUse = { symbol: string; pctOfMwpl: number | null };

export type DerivedBanList = {
  /** The trade date the list is for: the next trading day after the file's. */
  tradeDate: string;
  /** The file's day. */
  fromDay: string;
  rule: BanRule;
  /** In the ban on `tradeDate`, sorted. */
  symbols: string[];
  /** In now and not on the file's day (known only when that day's list is). */
  entered: string[];
  left: string[];
  /** Between the thresholds with the file's day's list unknown, or without the rule's measure in the file. */
  undetermined: string[];
  uses: OiUse[];
};

/** The trading day before `day` (a year of closures means a broken calendar). */
function previousTradingDay(calendar: TradingCalendar, day: string): string {
  for (let before = addDays(day, -1), step = 0; step < 370; before = addDays(before, -1), step += 1) if (isTradingDay(calendar, before)) return before;
  throw new Error(`no trading day in the year before ${day}: the market calendar is wrong`);
}

/**
 * The list derived for a trade date (`tradeDate`: from the previous trading day's file) or from a file's day
 * (`fromDay`: for the next trading day); null when no file of that day is imported.
 */
export async function deriveBanList(q: Queryable, day: { tradeDate: string } | { fromDay: string }): Promise<DerivedBanList | null> {
  const calendar = await loadTradingCalendar(q, 'NSE');
  const fromDay = 'fromDay' in day ? day.fromDay : previousTradingDay(calendar, day.tradeDate);
  const tradeDate = 'fromDay' in day ? nextTradingDay(calendar, day.fromDay) : day.tradeDate;
  const { rows } = await q.query<{ symbol: string; mwpl: string; open_interest: string; futures_equivalent_oi: string | null }>(
    'SELECT symbol, mwpl, open_interest, futures_equivalent_oi FROM history_combined_oi WHERE trade_date = $1::date ORDER BY symbol',
    [fromDay],
  );
  if (rows.length === 0) return null;
  const rule = await banRuleOn(q, fromDay);
  const before = await banListOn(q, fromDay);
  const wasIn = before === null ? null : new Set(before.symbols);
  const symbols: string[] = [];
  const undetermined: string[] = [];
  const uses: OiUse[] = [];
  for (const row of rows) {
    const measure = rule.oiMeasure === 'futures_equivalent' ? row.futures_equivalent_oi : row.open_interest;
    const pct = measure === null ? null : (Number(measure) / Number(row.mwpl)) * 100;
    uses.push({ symbol: row.symbol, pctOfMwpl: pct });
    // Without the file's day's list, a stock is told only where the rule answers the same whatever that day was
    // (over the entry threshold, or under the exit one).
    const inBan =
      pct === null ? null : wasIn !== null ? inBanAfter(rule, pct, wasIn.has(row.symbol)) : inBanAfter(rule, pct, false) === inBanAfter(rule, pct, true) ? inBanAfter(rule, pct, false) : null;
    if (inBan === null) undetermined.push(row.symbol);
    else if (inBan) symbols.push(row.symbol);
  }
  const entered = wasIn === null ? [] : symbols.filter((symbol) => !wasIn.has(symbol));
  const listed = new Set(rows.map((row) => row.symbol));
  const left = wasIn === null ? [] : [...wasIn].filter((symbol) => listed.has(symbol) && !symbols.includes(symbol) && !undetermined.includes(symbol)).sort();
  return { tradeDate, fromDay, rule, symbols, entered, left, undetermined, uses };
}

/**
 * Stores a derived list as its trade date's list, unless NSE's own list of that date is held (the exchange's word
 * wins) or a stock's state cannot be told (a list missing a stock would read as "not banned"); a list derived before
 * from an earlier import of the file is replaced. Answers whether it was stored.
 */
export async function storeDerivedBanList(tx: Queryable, derived: DerivedBanList, userId: number | null, now: Date): Promise<boolean> {
  if (derived.undetermined.length > 0) return false;
  const { rows } = await tx.query<{ derived_from: string | null }>(
    `SELECT to_char(derived_from, 'YYYY-MM-DD') AS derived_from FROM fo_ban_days WHERE trade_date = $1::date FOR UPDATE`,
    [derived.tradeDate],
  );
  if (rows[0] !== undefined && rows[0].derived_from === null) return false;
  const { rule } = derived;
  const measure = rule.oiMeasure === 'futures_equivalent' ? 'future-equivalent' : 'notional';
  const since = rule.effectiveFrom === null ? 'before 1 Oct 2025' : `from ${rule.effectiveFrom}`;
  const source =
    `Derived from NSE's combined open interest (combineoi) of ${derived.fromDay} by the ban rule ${since}: ` +
    `${measure} open interest over ${rule.enterPct} % of the MWPL enters, under ${rule.leavePct} % leaves`;
  await tx.query('DELETE FROM fo_ban_days WHERE trade_date = $1::date', [derived.tradeDate]);
  await tx.query(`INSERT INTO fo_ban_days (trade_date, source, imported_by, imported_at, derived_from) VALUES ($1::date, $2, $3, $4, $5::date)`, [
    derived.tradeDate,
    source,
    userId,
    now,
    derived.fromDay,
  ]);
  if (derived.symbols.length > 0) {
    await tx.query(`INSERT INTO fo_ban_securities (trade_date, symbol) SELECT $1::date, unnest($2::text[])`, [derived.tradeDate, derived.symbols]);
  }
  return true;
}
