// Stores and reads NSE's participant-wise open interest (migration 051): one row per participant and day,
// a file's day replaced whole in one transaction, so importing it again changes nothing and a corrected
// file wins (history-store.ts does the same for the other files).
import type { Queryable } from '../../db/database.ts';
import { loadTradingCalendar } from '../market/calendar-data.ts';
import { addDays, isTradingDay } from '../market/trading-calendar.ts';
import { forgetEmptyImports, lockStoredHistory, recordImport, type ImportRecord } from './history-store.ts';
import { positionColumns, type Participant, type ParsedParticipantDay } from './participant-oi-parser.ts';

const columnList = positionColumns.map(({ column }) => column).join(', ');

export async function storeParticipantDay(tx: Queryable, record: ImportRecord, day: ParsedParticipantDay): Promise<number> {
  const importId = await recordImport(tx, record);
  await lockStoredHistory(tx, 'history_participant_oi', [day.tradeDate]);
  await tx.query('DELETE FROM history_participant_oi WHERE trade_date = $1::date', [day.tradeDate]);
  const values = day.rows.map((_, row) => `($1::date, $${row * 13 + 3}, ${positionColumns.map((__, column) => `$${row * 13 + 4 + column}::integer`).join(', ')}, $2::integer)`);
  await tx.query(
    `INSERT INTO history_participant_oi (trade_date, participant, ${columnList}, import_id) VALUES ${values.join(', ')}`,
    [day.tradeDate, importId, ...day.rows.flatMap((row) => [row.participant, ...row.contracts])],
  );
  await forgetEmptyImports(tx);
  return importId;
}

/** One stored row: the day, the participant, and its twelve counts in positionColumns' order. */
export type StoredParticipantDay = { tradeDate: string; participant: Participant; contracts: number[] };

/** The stored days from `from` to `to` (included), oldest first, participants in the file's order. */
export async function readParticipantDays(db: Queryable, from: string, to: string): Promise<StoredParticipantDay[]> {
  const { rows } = await db.query<Record<string, number | string>>(
    `SELECT to_char(trade_date, 'YYYY-MM-DD') AS day, participant, ${columnList} FROM history_participant_oi
     WHERE trade_date BETWEEN $1::date AND $2::date ORDER BY trade_date, participant`,
    [from, to],
  );
  return rows.map((row) => ({
    tradeDate: row.day as string,
    participant: row.participant as Participant,
    contracts: positionColumns.map(({ column }) => Number(row[column])),
  }));
}

/** The last day stored, or null. */
export async function lastParticipantDay(db: Queryable): Promise<string | null> {
  const { rows } = await db.query<{ day: string | null }>(`SELECT to_char(max(trade_date), 'YYYY-MM-DD') AS day FROM history_participant_oi`);
  return rows[0]?.day ?? null;
}

/**
 * The trading days (NSE's calendar: weekdays but holidays, and special sessions) from `from` to `to` without
 * a stored file. Days of a year the calendar has no holiday list for are left out: a holiday or a gap, not
 * known which, so never drawn as a gap.
 */
export async function missingParticipantDays(db: Queryable, days: readonly string[], from: string, to: string): Promise<string[]> {
  const calendar = await loadTradingCalendar(db, 'NSE');
  const listedYears = new Set([...calendar.holidays.keys()].map((day) => day.slice(0, 4)));
  const stored = new Set(days);
  const missing: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (!stored.has(day) && listedYears.has(day.slice(0, 4)) && isTradingDay(calendar, day)) missing.push(day);
  }
  return missing;
}

/** Participant days in a range, for the coverage: each day with a file, and the trading days between without one. */
export type ParticipantCoverage = { first_day: string; last_day: string; days: string[]; gaps: string[] } | null;

export async function readParticipantCoverage(db: Queryable, from: string | null, to: string | null): Promise<ParticipantCoverage> {
  const { rows } = await db.query<{ day: string }>(
    `SELECT DISTINCT to_char(trade_date, 'YYYY-MM-DD') AS day FROM history_participant_oi
     WHERE ($1::date IS NULL OR trade_date >= $1::date) AND ($2::date IS NULL OR trade_date <= $2::date) ORDER BY day`,
    [from, to],
  );
  const days = rows.map((row) => row.day);
  const first = days[0];
  const last = days.at(-1);
  if (first === undefined || last === undefined) return null;
  return { first_day: first, last_day: last, days, gaps: await missingParticipantDays(db, days, first, last) };
}

/** Deletes the caller's participant days in the range (days another trader imported stay); answers how many days went. */
export async function deleteParticipantDays(tx: Queryable, userId: number, from: string, to: string): Promise<number> {
  const { rows } = await tx.query<{ count: number }>(
    `WITH gone AS (DELETE FROM history_participant_oi WHERE trade_date BETWEEN $1::date AND $2::date
       AND import_id IN (SELECT id FROM history_imports WHERE uploaded_by = $3) RETURNING trade_date)
     SELECT count(DISTINCT trade_date)::integer AS count FROM gone`,
    [from, to, userId],
  );
  return rows[0]?.count ?? 0;
}
