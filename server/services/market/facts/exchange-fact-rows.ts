// The exchange-wide facts of the Market facts screen, each read from its dated table as in force on the day:
// the regular session (market_sessions, migration 075: read here with its own query, not through the trading
// calendar, so the screen shows the table's row and its source as they are), the tick size and the limit
// price protection band (migration 092), and the next holidays and special sessions (market_calendar).
import type { Queryable } from '../../../db/database.ts';
import type { FactRow } from './fact-row.ts';

/** Holidays and special sessions shown ahead of the day, per exchange. */
const upcoming = 5;

type SessionRow = {
  exchange: string;
  effective_from: string;
  open_time: string;
  close_time: string;
  close_price_from: string;
  close_price_to: string;
  pre_open_from: string | null;
  pre_open_to: string | null;
  modification_until: string;
  mis_square_off: string;
  source: string;
  mis_source: string;
};

/** The latest row of each exchange on or before the day (the earliest for a day before any). */
const inForce = (table: string, columns: string) =>
  `SELECT DISTINCT ON (exchange) exchange, to_char(effective_from, 'YYYY-MM-DD') AS effective_from, ${columns}
   FROM ${table}
   ORDER BY exchange, (effective_from <= $1::date) DESC, CASE WHEN effective_from <= $1::date THEN effective_from END DESC, effective_from`;

/** A session fact's value in a row, and the source that dates it. */
const sessionParts: Array<{ kind: FactRow['kind']; unit: FactRow['unit']; value: (row: SessionRow) => string | null; source: (row: SessionRow) => string }> = [
  { kind: 'session_hours', unit: 'time_range', value: (row) => `${row.open_time}-${row.close_time}`, source: (row) => row.source },
  { kind: 'close_price_window', unit: 'time_range', value: (row) => `${row.close_price_from}-${row.close_price_to}`, source: (row) => row.source },
  { kind: 'pre_open', unit: 'time_range', value: (row) => (row.pre_open_from === null || row.pre_open_to === null ? null : `${row.pre_open_from}-${row.pre_open_to}`), source: (row) => row.source },
  { kind: 'trade_modification_end', unit: 'time', value: (row) => row.modification_until, source: (row) => row.source },
  { kind: 'mis_square_off', unit: 'time', value: (row) => row.mis_square_off, source: (row) => row.mis_source },
];

/**
 * Each exchange's session facts in force on the day. A row of market_sessions repeats what did not change (the
 * 3 Aug 2026 row keeps the pre-open of 8 Dec 2025), so each fact is dated, and sourced, by the first of the
 * unbroken run of rows with its value: the pre-open shows from 8 Dec 2025, the 15:40 close from 3 Aug 2026.
 */
export async function sessionFacts(q: Queryable, day: string): Promise<FactRow[]> {
  const { rows } = await q.query<SessionRow>(
    `SELECT exchange, to_char(effective_from, 'YYYY-MM-DD') AS effective_from, open_time, close_time, close_price_from, close_price_to,
            pre_open_from, pre_open_to, modification_until, mis_square_off, source, mis_source
     FROM market_sessions s
     -- The rows up to the day; for a day before the first, the first alone (as every reader takes it).
     WHERE effective_from <= greatest($1::date, (SELECT min(effective_from) FROM market_sessions f WHERE f.exchange = s.exchange))
     ORDER BY exchange, effective_from`,
    [day],
  );
  const byExchange = new Map<string, SessionRow[]>();
  for (const row of rows) byExchange.set(row.exchange, [...(byExchange.get(row.exchange) ?? []), row]);
  return [...byExchange.values()].flatMap((history) => {
    const current = history.at(-1);
    if (current === undefined) return [];
    return sessionParts.flatMap(({ kind, unit, value, source }) => {
      const now = value(current);
      if (now === null) return [];
      let first = current;
      for (const earlier of history.slice(0, -1).reverse()) {
        if (value(earlier) !== now) break;
        first = earlier;
      }
      return [{ kind, subject: current.exchange, detail: null, value: now, unit, effectiveFrom: first.effective_from, source: source(first) }];
    });
  });
}

export async function tickAndBandFacts(q: Queryable, day: string): Promise<FactRow[]> {
  const ticks = await q.query<{ exchange: string; effective_from: string; tick_paise: number; source: string }>(inForce('tick_sizes', 'tick_paise, source'), [day]);
  const bands = await q.query<{ exchange: string; effective_from: string; min_width_paise: number; fraction: string; source: string }>(
    inForce('price_protection_bands', 'min_width_paise, fraction, source'),
    [day],
  );
  return [
    ...ticks.rows.map((row): FactRow => ({
      kind: 'tick_size', subject: row.exchange, detail: null, value: (row.tick_paise / 100).toFixed(2), unit: 'rupees', effectiveFrom: row.effective_from, source: row.source,
    })),
    ...bands.rows.map((row): FactRow => ({
      kind: 'price_band',
      subject: row.exchange,
      detail: null,
      value: `${row.min_width_paise / 100}|${Number(row.fraction)}`,
      unit: 'band',
      effectiveFrom: row.effective_from,
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
