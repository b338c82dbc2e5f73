// The exchange-wide facts of the Market facts screen, each read from its dated table as in force on the day:
// the regular session (market_sessions, migration 075, read as the trading calendar reads it), the tick size and the limit
// price protection band (migration 092), and the next holidays and special sessions (market_calendar).
import type { Queryable } from '../../../db/database.ts';
import { loadRegularSessions } from '../calendar-data.ts';
import { bandRowsOn, tickRowsOn } from '../price-rules.ts';
import type { RegularSession } from '../trading-calendar.ts';
import type { FactRow } from './fact-row.ts';

/** Holidays and special sessions shown ahead of the day, per exchange. */
const upcoming = 5;

/** A session fact's value in a row, and the source that dates it. */
const sessionParts: Array<{ kind: FactRow['kind']; unit: FactRow['unit']; value: (row: RegularSession) => string | null; source: (row: RegularSession) => string }> = [
  { kind: 'session_hours', unit: 'time_range', value: (row) => `${row.open}-${row.close}`, source: (row) => row.source },
  { kind: 'close_price_window', unit: 'time_range', value: (row) => `${row.closePrice.from}-${row.closePrice.to}`, source: (row) => row.source },
  { kind: 'pre_open', unit: 'time_range', value: (row) => (row.preOpen === null ? null : `${row.preOpen.from}-${row.preOpen.to}`), source: (row) => row.source },
  { kind: 'trade_modification_end', unit: 'time', value: (row) => row.modificationUntil, source: (row) => row.source },
  { kind: 'mis_square_off', unit: 'time', value: (row) => row.misSquareOff, source: (row) => row.misSource },
];

/**
 * Each exchange's session facts in force on the day (market_sessions, as the trading calendar reads it). A row
 * repeats what did not change (the 3 Aug 2026 row keeps the pre-open of 8 Dec 2025), so each fact is dated, and
 * sourced, by the first of the unbroken run of rows with its value: the pre-open shows from 8 Dec 2025, the 15:40
 * close from 3 Aug 2026. For a day before the first row, the first alone (as every reader takes it).
 */
export async function sessionFacts(q: Queryable, day: string): Promise<FactRow[]> {
  const facts: FactRow[] = [];
  for (const exchange of ['BSE', 'NSE'] as const) {
    const all = await loadRegularSessions(q, exchange);
    const history = all.filter((row, index) => index === 0 || row.effectiveFrom <= day);
    const current = history.at(-1);
    if (current === undefined) continue;
    for (const { kind, unit, value, source } of sessionParts) {
      const now = value(current);
      if (now === null) continue;
      let first = current;
      for (const earlier of history.slice(0, -1).reverse()) {
        if (value(earlier) !== now) break;
        first = earlier;
      }
      facts.push({ kind, subject: exchange, detail: null, value: now, unit, effectiveFrom: first.effectiveFrom, source: source(first) });
    }
  }
  return facts;
}

/** The tick and the limit price protection band in force on the day, read as the paper broker reads them (price-rules.ts). */
export async function tickAndBandFacts(q: Queryable, day: string): Promise<FactRow[]> {
  return [
    ...(await tickRowsOn(q, day)).map((row): FactRow => ({
      kind: 'tick_size', subject: row.exchange, detail: null, value: (row.tickPaise / 100).toFixed(2), unit: 'rupees', effectiveFrom: row.effectiveFrom, source: row.source,
    })),
    ...(await bandRowsOn(q, day)).map((row): FactRow => ({
      kind: 'price_band',
      subject: row.exchange,
      detail: null,
      value: `${row.minWidthPaise / 100}|${row.fraction}`,
      unit: 'band',
      effectiveFrom: row.effectiveFrom,
      source: row.source,
    })),
  ];
}

/** The next holidays and special sessions from the day on, each exchange's own, with the circular that lists them. */
export async function calendarFacts(q: Queryable, day: string): Promise<FactRow[]> {
  const { rows } = await q.query<{ exchange: string; day: string; kind: 'holiday' | 'special_session'; open_time: string | null; close_time: string | null; description: string; provisional: boolean; source: string | null }>(
    `SELECT exchange, day, kind, open_time, close_time, description, provisional, source FROM (
       SELECT exchange, to_char(day, 'YYYY-MM-DD') AS day, kind, open_time, close_time, description, provisional, source,
              row_number() OVER (PARTITION BY exchange, kind ORDER BY day) AS n
       FROM market_calendar WHERE day >= $1::date) AS ahead
     WHERE n <= $2 ORDER BY exchange, day`,
    [day, upcoming],
  );
  return rows.map((row): FactRow => {
    const source = row.source ?? (row.provisional ? 'Expected date: the exchange has not published the year\'s list yet' : 'market_calendar (no source recorded)');
    return row.kind === 'holiday'
      ? { kind: 'holiday', subject: row.exchange, detail: row.description, value: row.day, unit: 'date', effectiveFrom: row.day, source }
      : { kind: 'special_session', subject: row.exchange, detail: row.description, value: `${row.open_time ?? ''}-${row.close_time ?? ''}`, unit: 'time_range', effectiveFrom: row.day, source };
  });
}
