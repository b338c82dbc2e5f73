// Which days a history file may hold (issue 61): none after today (IST, by the injected clock: a day that has
// not traded yet would head every trader's replay list) and none before the exchange's F&O segment opened
// (fo_segment_starts, migration 097: a dated fact with its source, never a literal here). A file whose name is
// dated, as NSE names its files, must hold that day and no other: a renamed or altered file is refused whole.
import type { Queryable } from '../../db/database.ts';
import { historyTexts } from '../texts/history-texts.ts';
import { FileRefusal, lineProblem } from './history-files.ts';

export type SegmentStart = { exchange: string; firstDay: string; source: string };

/** NSE's F&O segment's first day, the bound of every imported file (all of them are NSE's). */
export async function loadSegmentStart(q: Queryable, exchange: 'NSE' | 'BSE' = 'NSE'): Promise<SegmentStart> {
  const { rows } = await q.query<{ first_day: string; source: string }>(
    `SELECT to_char(first_day, 'YYYY-MM-DD') AS first_day, source FROM fo_segment_starts WHERE exchange = $1`,
    [exchange],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`fo_segment_starts has no row for ${exchange} (migration 097)`);
  return { exchange, firstDay: row.first_day, source: row.source };
}

const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

const iso = (year: string, month: number, day: string) => `${year}-${String(month).padStart(2, '0')}-${day}`;

/**
 * The day NSE's own name for the file gives (null for a name without one: a minute file, an upload renamed):
 * UDiFF `BhavCopy_NSE_FO_0_0_0_YYYYMMDD_F_0000.csv`, the older `foDDMONYYYYbhav.csv`, the index close
 * `ind_close_all_DDMMYYYY.csv`, the participant-wise `fao_participant_oi_DDMMYYYY.csv` and the combined open interest
 * `combineoi_DDMMYYYY.csv` (in its ZIP: `combineoi_DDMMYYYY.zip/combineoi_DDMMYYYY.csv`). Read from the last
 * part of the name (a ZIP's entry is `archive.zip/entry.csv`).
 */
export function dayInFileName(fileName: string): string | null {
  const name = (fileName.split('/').pop() ?? fileName).toUpperCase();
  const udiff = /^BHAVCOPY_NSE_FO_\d+_\d+_\d+_(\d{4})(\d{2})(\d{2})_/.exec(name);
  if (udiff !== null) return iso(udiff[1]!, Number(udiff[2]), udiff[3]!);
  const legacy = /^FO(\d{2})([A-Z]{3})(\d{4})BHAV/.exec(name);
  if (legacy !== null && months.includes(legacy[2]!)) return iso(legacy[3]!, months.indexOf(legacy[2]!) + 1, legacy[1]!);
  const ddmmyyyy = /^(?:IND_CLOSE_ALL|FAO_PARTICIPANT_OI|COMBINEOI)_(\d{2})(\d{2})(\d{4})/.exec(name);
  if (ddmmyyyy !== null) return iso(ddmmyyyy[3]!, Number(ddmmyyyy[2]), ddmmyyyy[1]!);
  return null;
}

/** Refuses the file (nothing stored) when a day it holds is after today or before the segment, or not its name's day. */
export function checkFileDays(fileName: string, days: readonly string[], today: string, start: SegmentStart): void {
  const problems = [];
  const late = days.find((day) => day > today);
  if (late !== undefined) problems.push(lineProblem(0, historyTexts.dayInFuture(late, today)));
  const early = days.find((day) => day < start.firstDay);
  if (early !== undefined) problems.push(lineProblem(0, historyTexts.dayBeforeExchange(early, start.firstDay, start.exchange)));
  const named = dayInFileName(fileName);
  const other = named === null ? undefined : days.find((day) => day !== named);
  if (named !== null && other !== undefined) problems.push(lineProblem(0, historyTexts.nameDayMismatch(named, other)));
  if (problems.length > 0) throw new FileRefusal(problems);
}
