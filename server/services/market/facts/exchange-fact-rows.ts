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

export async function sessionFacts(q: Queryable, day: string): Promise<FactRow[]> {
  const { rows } = await q.query<SessionRow>(
    inForce('market_sessions', 'open_time, close_time, close_price_from, close_price_to, pre_open_from, pre_open_to, modification_until, mis_square_off, source, mis_source'),
    [day],
  );
  return rows.flatMap((row) => {
    const base = { subject: row.exchange, detail: null, effectiveFrom: row.effective_from, source: row.source };
    return [
      { ...base, kind: 'session_hours', value: `${row.open_time}-${row.close_time}`, unit: 'time_range' },
      { ...base, kind: 'close_price_window', value: `${row.close_price_from}-${row.close_price_to}`, unit: 'time_range' },
      ...(row.pre_open_from === null || row.pre_open_to === null
        ? []
        : [{ ...base, kind: 'pre_open', value: `${row.pre_open_from}-${row.pre_open_to}`, unit: 'time_range' } as const]),
      { ...base, kind: 'trade_modification_end', value: row.modification_until, unit: 'time' },
      { ...base, kind: 'mis_square_off', value: row.mis_square_off, unit: 'time', source: row.mis_source },
    ] satisfies FactRow[];
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
