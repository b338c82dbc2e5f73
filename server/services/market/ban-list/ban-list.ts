// The F&O ban list by trade date (fo_ban_days, fo_ban_securities: migration 117): imported from NSE's own file,
// read by the entry guards (brokers/entry-guards.ts) and the underlying search. An import is refused whole, with
// every reason, and changes nothing when the file is unreadable, is for a day after the next trading day (NSE
// publishes a day's list the evening before; a later one is not published yet), before NSE's F&O segment or not
// a trading day, names a security that is not an F&O stock that day, or differs from the list already held for its
// day (one list a day: a trader's upload never rewrites what another imported). A list derived from NSE's combined
// open interest (ban-from-oi.ts) is replaced by NSE's own file of its day.
import type { Database, Queryable } from '../../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import { loadSegmentStart } from '../../history/history-span.ts';
import { banListTexts } from '../../texts/ban-list-texts.ts';
import type { Said } from '../../texts/said.ts';
import { loadTradingCalendar } from '../calendar-data.ts';
import { istDate } from '../ist.ts';
import { addDays, isTradingDay, type TradingCalendar } from '../trading-calendar.ts';
import { underlyingsOn } from '../underlyings/underlying-rows.ts';
import { parseBanFile, type BanFileProblem } from './ban-file.ts';

/** `derived_from`: the day of NSE's combined open interest the list was derived from (ban-from-oi.ts); null for NSE's own list. */
export type BanList = { trade_date: string; symbols: string[]; source: string; derived_from: string | null };

const refusal = (problems: readonly BanFileProblem[]) => {
  const first = problems[0]!;
  const where = first.line > 1 ? `line ${first.line}: ` : '';
  return new DomainError('ban_list_refused', `fo_secban.csv: ${where}${first.reason.text}`, {
    text: first.reason,
    field: 'file_text',
  });
};

/** The first trading day after `day` (a year of closures means a broken calendar). */
export function nextTradingDay(calendar: TradingCalendar, day: string): string {
  for (let next = addDays(day, 1), step = 0; step < 370; next = addDays(next, 1), step += 1) if (isTradingDay(calendar, next)) return next;
  throw new Error(`no trading day in the year after ${day}: the market calendar is wrong`);
}

/** The list of a trade date, or null when none is held for it. */
export async function banListOn(q: Queryable, day: string): Promise<BanList | null> {
  const { rows } = await q.query<{ source: string; symbols: string[] | null; derived_from: string | null }>(
    `SELECT d.source, to_char(d.derived_from, 'YYYY-MM-DD') AS derived_from,
       (SELECT array_agg(s.symbol ORDER BY s.symbol) FROM fo_ban_securities s WHERE s.trade_date = d.trade_date) AS symbols
     FROM fo_ban_days d WHERE d.trade_date = $1::date`,
    [day],
  );
  const row = rows[0];
  return row === undefined ? null : { trade_date: day, symbols: row.symbols ?? [], source: row.source, derived_from: row.derived_from };
}

/**
 * The stocks in the ban for an order placed at `now`, each with the trade date: today's list (IST), and the next
 * trading day's once imported (NSE publishes it the evening before: an after-market order placed then goes to that
 * day's session). One query when no later list is held, the usual case; the calendar is read only when one is.
 */
export async function bannedAt(q: Queryable, now: Date): Promise<Map<string, string>> {
  const today = istDate(now);
  // A later list is at most the next trading day's (the import refuses any later), which is within a fortnight.
  const { rows } = await q.query<{ symbol: string; trade_date: string }>(
    `SELECT symbol, to_char(trade_date, 'YYYY-MM-DD') AS trade_date FROM fo_ban_securities
     WHERE trade_date BETWEEN $1::date AND $1::date + 14 ORDER BY trade_date`,
    [today],
  );
  const later = rows.some((row) => row.trade_date > today);
  const next = later ? nextTradingDay(await loadTradingCalendar(q, 'NSE'), today) : today;
  const banned = new Map<string, string>();
  for (const row of rows) if (row.trade_date <= next && !banned.has(row.symbol)) banned.set(row.symbol, row.trade_date);
  return banned;
}

async function checkDay(q: Queryable, tradeDate: string, symbols: readonly string[], now: Date): Promise<Said[]> {
  const today = istDate(now);
  const calendar = await loadTradingCalendar(q, 'NSE');
  const start = await loadSegmentStart(q, 'NSE');
  const next = nextTradingDay(calendar, today);
  if (tradeDate > next) return [banListTexts.afterNextSession(tradeDate, next)];
  if (tradeDate < start.firstDay) return [banListTexts.beforeExchange(tradeDate, start.firstDay)];
  if (!isTradingDay(calendar, tradeDate)) return [banListTexts.notTradingDay(tradeDate)];
  const stocks = new Set((await underlyingsOn(q, tradeDate)).filter((u) => u.kind === 'stock' && u.membership.current).map((u) => u.symbol));
  const unknown = symbols.filter((symbol) => !stocks.has(symbol));
  return unknown.length > 0 ? [banListTexts.notFoStocks(unknown, tradeDate)] : [];
}

/** Imports NSE's file for its trade date: the list stored (or already held, the same), else a 422 with the reason. */
export async function importBanList(db: Database, userId: number, text: string, now: Date): Promise<BanList & { imported: boolean }> {
  const parsed = parseBanFile(text);
  if ('problems' in parsed) throw refusal(parsed.problems);
  const { tradeDate, symbols } = parsed;
  const reasons = await checkDay(db, tradeDate, symbols, now);
  if (reasons.length > 0) throw refusal(reasons.map((reason) => ({ line: 1, reason })));
  const source = `NSE fo_secban.csv for ${tradeDate}, imported by a trader on ${now.toISOString()}`;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query(
      `INSERT INTO fo_ban_days (trade_date, source, imported_by, imported_at) VALUES ($1::date, $2, $3, $4) ON CONFLICT (trade_date) DO NOTHING RETURNING trade_date`,
      [tradeDate, source, userId, now],
    );
    if (rows.length === 0) {
      const held = (await banListOn(tx, tradeDate))!;
      // A list derived from NSE's open interest (ban-from-oi.ts) gives way to the exchange's own list of the day.
      if (held.derived_from !== null) {
        await tx.query('DELETE FROM fo_ban_securities WHERE trade_date = $1::date', [tradeDate]);
        await tx.query('UPDATE fo_ban_days SET source = $2, imported_by = $3, imported_at = $4, derived_from = NULL WHERE trade_date = $1::date', [tradeDate, source, userId, now]);
      } else {
        const same = held.symbols.length === symbols.length && symbols.every((symbol) => held.symbols.includes(symbol));
        if (!same) throw refusal([{ line: 1, reason: banListTexts.differs(tradeDate) }]);
        return { ...held, imported: false };
      }
    }
    if (symbols.length > 0) {
      await tx.query(`INSERT INTO fo_ban_securities (trade_date, symbol) SELECT $1::date, unnest($2::text[])`, [tradeDate, symbols]);
    }
    return { trade_date: tradeDate, symbols: [...symbols].sort(), source, derived_from: null, imported: true };
  });
}

/** The routes' door: the list of a day (today by the clock) and an import at the clock's instant. */
export function createBanListService({ db, clock }: { db: Database; clock: () => Date }) {
  return {
    on: (day?: string) => {
      const asked = day ?? istDate(clock());
      return banListOn(db, asked).then((list) => ({ asked, list }));
    },
    importFile: (userId: number, text: string) => importBanList(db, userId, text, clock()),
  };
}

export type BanListService = ReturnType<typeof createBanListService>;

/** How long an order path trusts the lists it read: a list imported is enforced within half a minute, as the search marks it. */
const banRecheckMs = 30_000;

/**
 * bannedAt held for half a minute of the clock by one broker's order path, so an order costs no statement for it
 * (the lists change once a day, by an import the evening before): read again once that has passed, on a new IST
 * day, or when the clock went back.
 */
export function createBannedCache(): (q: Queryable, now: Date) => Promise<ReadonlyMap<string, string>> {
  let held: { day: string; at: number; banned: Promise<Map<string, string>> } | null = null;
  return (q, now) => {
    const at = now.getTime();
    const day = istDate(now);
    if (held === null || held.day !== day || at < held.at || at - held.at >= banRecheckMs) {
      const banned = bannedAt(q, now);
      held = { day, at, banned };
      // A failed read is not kept: the next order reads again.
      banned.catch(() => {
        if (held?.banned === banned) held = null;
      });
    }
    return held.banned;
  };
}
