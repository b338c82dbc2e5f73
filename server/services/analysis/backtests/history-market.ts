// Makes a backtest book's market "as it was" on the history's days, before the engine reads it: the index's
// expiry cycle from the files (an effective-dated index_config row in the book where it changes) and the weekday
// of each expiry the files list (an expiry_weekdays row in the book from the first expiry the dated rows do not
// explain, such as BANKNIFTY's Wednesdays of 2024),
// and each day's contracts of the expiries the market lists, from the file's rows, so the engine's strikes are
// the ones that traded, each listed at its own lot: the file's (UDiFF's NewBrdLotQty), else the dated revision
// in force that day (contract-lots.ts; the older layout has no lot column). A day two lots trade side by side
// lists each contract at its own: never one lot for the day. The day's futures (index or stock, issue 63) are
// listed the same, each at its file's lot, before the market lists its months. A stock's contracts are monthly on
// its exchange's dated weekday (stock_expiry_weekdays): no cycle or weekday is read from its files; its strike step is
// the interval its file's strikes are listed at, written into the book's stock_simulation row (the simulator's own
// step is a model's choice from the price band, migration 116). Holidays are the exchange calendar's (the
// book is a copy of the migrated database, so it holds NSE's lists): only in a year the calendar has no list
// for are weekdays without a file taken for holidays, so expiries still shift as the exchange shifted them.
import type { Queryable } from '../../../db/database.ts';
import { revisedLots } from '../../market/contract-lots.ts';
import { indexFacts, type IndexName } from '../../market/index-config.ts';
import { istOffsetMs } from '../../market/ist.ts';
import type { MarketService } from '../../market/market-service.ts';
import { addDays, expiryDayOnOrBefore, isoWeekday, type TradingCalendar } from '../../market/trading-calendar.ts';
import { loadTradingCalendar } from '../../market/calendar-data.ts';
import { expiryWeekdayRow, type ExpiryWeekday } from '../../market/expiries.ts';
import { derivativeSegment, futureTradingsymbol, optionTradingsymbol, strikeGridOf } from '../../market/tradingsymbol.ts';
import { underlyingFacts } from '../../market/underlying-facts.ts';
import type { HistoryDay } from './history-prices.ts';

/**
 * Whether the dated weekdays explain an expiry: the first nominal expiry day on or after it (its weekday the one
 * in force for contracts expiring then), moved back over holidays, is that expiry.
 */
function explained(rows: readonly ExpiryWeekday[], calendar: TradingCalendar, expiry: string): boolean {
  for (let ahead = 0; ahead < 7; ahead += 1) {
    const day = addDays(expiry, ahead);
    if (isoWeekday(day) === expiryWeekdayRow(rows, day).weekday) return expiryDayOnOrBefore(calendar, day) === expiry;
  }
  return false;
}

/** Years for which the calendar holds the exchange's holiday list (NSE's circulars, migration 037). */
export async function yearsWithHolidayList(db: Queryable): Promise<Set<number>> {
  const { rows } = await db.query<{ year: number }>(
    `SELECT DISTINCT extract(year FROM day)::integer AS year FROM market_calendar WHERE exchange = 'NSE' AND kind = 'holiday'`,
  );
  return new Set(rows.map((row) => Number(row.year)));
}

/** Index facts and holidays over the whole range (call before the first tick: the market caches its calendar). */
export async function shapeMarket(book: Queryable, index: IndexName, days: readonly HistoryDay[]): Promise<void> {
  if (days.length === 0) return;
  const { rows: kinds } = await book.query<{ kind: string }>('SELECT kind FROM underlyings WHERE symbol = $1', [index]);
  const stock = kinds[0]?.kind === 'stock';
  const have = new Set(days.map((day) => day.day));
  const listedYears = await yearsWithHolidayList(book);
  const holidays: string[] = [];
  for (let day = days[0]!.day; day <= days[days.length - 1]!.day; day = addDays(day, 1)) {
    if (isoWeekday(day) <= 5 && !have.has(day) && !listedYears.has(Number(day.slice(0, 4)))) holidays.push(day);
  }
  if (holidays.length > 0) {
    await book.query(
      `INSERT INTO market_calendar (exchange, day, kind, description, provisional)
       SELECT 'NSE', d::date, 'holiday', 'No history (backtest)', false FROM unnest($1::text[]) AS d ON CONFLICT DO NOTHING`,
      [holidays],
    );
  }
  let calendar: TradingCalendar | null = null;
  if (stock) {
    await stockStrikeStep(book, index, days);
    return;
  }
  // A day without its bhavcopy holds only the expiries recorded (the nearest and the monthly): no cycle is read from them.
  for (const day of days.filter((held) => held.bhavcopy)) {
    const expiries = [...new Set([...day.options.values()].map((row) => row.expiry))].sort();
    const weekly = expiries.length >= 2 && addDays(expiries[0]!, 14) >= expiries[1]!;
    const facts = await indexFacts(book, index, new Date(Date.parse(`${day.day}T12:00:00Z`) - istOffsetMs));
    calendar ??= await loadTradingCalendar(book, facts.exchange === 'BFO' ? 'BSE' : 'NSE');
    const cycle = weekly ? 'weekly' : 'monthly';
    if (facts.expiryCycle !== cycle) {
      // The row in force's lot, freeze quantity and weekday column are copied unchanged: no lot is a day's (contract-lots.ts).
      await book.query(
        `INSERT INTO index_config (index_name, effective_from, lot_size, strike_step, freeze_quantity, expiry_cycle, expiry_weekday, exchange)
         SELECT index_name, $2::date, lot_size, strike_step, freeze_quantity, $3, expiry_weekday, exchange FROM index_config
         WHERE index_name = $1 AND effective_from = $4::date
         ON CONFLICT (index_name, effective_from) DO UPDATE SET expiry_cycle = EXCLUDED.expiry_cycle`,
        [index, day.day, cycle, facts.effectiveFrom],
      );
    }
    let weekdays = facts.expiryWeekdays;
    for (const expiry of expiries) {
      if (explained(weekdays, calendar, expiry)) continue;
      const row = { expiringFrom: expiry, weekday: isoWeekday(expiry), source: `The expiries of the history file of ${day.day}` };
      await book.query(
        `INSERT INTO expiry_weekdays (index_name, expiring_from, weekday, source) VALUES ($1, $2::date, $3, $4)
         ON CONFLICT (index_name, expiring_from) DO UPDATE SET weekday = EXCLUDED.weekday, source = EXCLUDED.source`,
        [index, row.expiringFrom, row.weekday, row.source],
      );
      weekdays = [...weekdays.filter((known) => known.expiringFrom !== expiry), row].sort((a, b) => a.expiringFrom.localeCompare(b.expiringFrom));
    }
  }
}

/**
 * The strike interval of a stock's history: the smallest gap between two strikes of one expiry on its first day with
 * options (NSE lists a stock's strikes at one interval near the money). Null where no day has two strikes.
 */
export function historyStrikeStep(days: readonly HistoryDay[]): number | null {
  for (const day of days) {
    const byExpiry = new Map<string, number[]>();
    for (const row of day.options.values()) byExpiry.set(row.expiry, [...(byExpiry.get(row.expiry) ?? []), row.strikePaise]);
    let step: number | null = null;
    for (const strikes of byExpiry.values()) {
      const sorted = [...new Set(strikes)].sort((a, b) => a - b);
      for (let at = 1; at < sorted.length; at += 1) step = Math.min(step ?? Number.POSITIVE_INFINITY, sorted[at]! - sorted[at - 1]!);
    }
    if (step !== null) return step / 100;
  }
  return null;
}

/**
 * The book's stock_simulation row of a backtested stock with its history's strike step (the engine places legs by
 * it: market/underlying-facts.ts), added for a stock the simulator does not price (its close the first day's). A step
 * may have paise (NTPC's ₹2.50, migration 146).
 */
async function stockStrikeStep(book: Queryable, symbol: string, days: readonly HistoryDay[]): Promise<void> {
  const step = historyStrikeStep(days);
  if (step === null) return;
  const source = `The strike interval of the imported bhavcopy of ${days[0]!.day} (backtest book)`;
  await book.query(
    `INSERT INTO stock_simulation (symbol, reference_close, reference_date, close_source, volatility, volatility_source, strike_step, strike_step_source)
     VALUES ($1, $2, $3::date, $4, 0.3, 'Not used: a backtest prices from history (backtest book)', $5, $4)
     ON CONFLICT (symbol) DO UPDATE SET strike_step = EXCLUDED.strike_step, strike_step_source = EXCLUDED.strike_step_source`,
    [symbol, (days[0]!.closePaise / 100).toFixed(2), days[0]!.day, source, step],
  );
}

/**
 * Lists the day's futures (each at its file's lot, else the revision in force that day), once per contract.
 */
async function listFutures(book: Queryable, day: HistoryDay, listed: Set<string>): Promise<void> {
  const fresh = [...day.futures.values()].filter((row) => !listed.has(`${row.expiry}|FUT`));
  if (fresh.length === 0) return;
  const { rows: terms } = await book.query<{ exchange: 'NSE' | 'BSE' }>('SELECT exchange FROM underlyings WHERE symbol = $1', [day.index]);
  const segment = derivativeSegment(terms[0]?.exchange ?? 'NSE');
  const revised = await revisedLots(book, day.index, day.day, fresh.map((row) => row.expiry));
  const sized = fresh.filter((row) => (row.lotSize ?? revised.get(row.expiry)?.lotSize) !== undefined);
  await book.query(
    `INSERT INTO instruments (exchange, tradingsymbol, name, expiry, expiry_kind, strike, instrument_type, lot_size)
     SELECT $1, t, $2, e::date, 'monthly', NULL, 'FUT', l FROM unnest($3::text[], $4::text[], $5::int[]) AS x (t, e, l)
     ON CONFLICT (exchange, tradingsymbol) DO NOTHING`,
    [segment, day.index, sized.map((row) => futureTradingsymbol(day.index, row.expiry)), sized.map((row) => row.expiry), sized.map((row) => row.lotSize ?? revised.get(row.expiry)!.lotSize)],
  );
  for (const row of sized) listed.add(`${row.expiry}|FUT`);
}

/**
 * Lists the day's contracts of the expiries the market lists that day (once per contract), each at its own lot:
 * the file's, else the revision in force that day (a contract no source sizes is not listed: replay-rules.ts
 * refuses such a day before a book starts).
 */
export async function listDay(book: Queryable, market: MarketService, day: HistoryDay, at: Date, listed: Set<string>): Promise<void> {
  // Before the market's months: it lists a month's future it has not yet at the revisions' lot.
  await listFutures(book, day, listed);
  const { expiries } = await market.expiries(day.index, at);
  const facts = await underlyingFacts(book, day.index, at);
  const revised = await revisedLots(book, day.index, day.day, expiries.map((expiry) => expiry.date));
  for (const expiry of expiries) {
    const rows = [...day.options.values()].filter((row) => row.expiry === expiry.date);
    const fresh = rows.filter((row) => !listed.has(`${row.expiry}|${row.strikePaise}|${row.optionType}`));
    const lotOf = (row: (typeof rows)[number]) => row.lotSize ?? revised.get(expiry.date)?.lotSize ?? null;
    const sized = fresh.filter((row) => lotOf(row) !== null);
    if (sized.length === 0) continue;
    const symbols = sized.map((row) => optionTradingsymbol(day.index, expiry, row.strikePaise / 100, row.optionType, strikeGridOf(facts.kind)));
    await book.query(
      `INSERT INTO instruments (exchange, tradingsymbol, name, expiry, expiry_kind, strike, instrument_type, lot_size)
       SELECT $1, t, $2, $3::date, $4, s, k, l FROM unnest($5::text[], $6::numeric[], $7::text[], $8::int[]) AS x (t, s, k, l)
       ON CONFLICT (exchange, tradingsymbol) DO NOTHING`,
      [facts.exchange, day.index, expiry.date, expiry.kind, symbols, sized.map((row) => row.strikePaise / 100), sized.map((row) => row.optionType), sized.map(lotOf)],
    );
    for (const row of sized) listed.add(`${row.expiry}|${row.strikePaise}|${row.optionType}`);
  }
}
