// The participants' series the Participants chart draws (GET /api/market-history/participants/): for each
// day with a file, each participant's long and short contracts in index and stock futures, index and stock
// calls and puts, and the trading days without a file (drawn as gaps, never bridged). Columns of numbers,
// element i of every array being dates[i]: a year is ~250 days × 4 participants × 12 counts, ~39 KB gzip.
// The net (long − short) is not sent: the chart's model computes it, once (src/features/analytics/model/participant-series.ts),
// and sending it would take a year to ~59 KB.
import type { Queryable } from '../../db/database.ts';
import { DomainError } from '../domain-error.ts';
import { addDays } from '../market/trading-calendar.ts';
import { kiteHistoryTexts } from '../texts/kite-history-texts.ts';
import { participantTexts } from '../texts/participant-texts.ts';
import { participants, type Participant } from './participant-oi-parser.ts';
import { lastParticipantDay, missingParticipantDays, readParticipantDays } from './participant-oi-store.ts';

export type ParticipantSide = { long: number[]; short: number[] };

export const instrumentGroups = ['future_index', 'future_stock', 'option_index_call', 'option_index_put', 'option_stock_call', 'option_stock_put'] as const;
type InstrumentGroup = (typeof instrumentGroups)[number];

/** Where each group's long and short sit in a stored row's twelve counts (positionColumns). */
const countsOf: Record<InstrumentGroup, [number, number]> = {
  future_index: [0, 1],
  future_stock: [2, 3],
  option_index_call: [4, 6],
  option_index_put: [5, 7],
  option_stock_call: [8, 10],
  option_stock_put: [9, 11],
};

export type ParticipantSeries = { participant: Participant } & Record<InstrumentGroup, ParticipantSide>;

export type ParticipantOpenInterest = {
  source: 'imported';
  publisher: 'NSE';
  from: string | null;
  to: string | null;
  /** The last day with a file in the range. */
  as_of: string | null;
  dates: string[];
  missing_days: string[];
  participants: ParticipantSeries[];
};

/** The most days one answer spans: a year (and a leap day), ~39 KB gzip. */
export const maxParticipantDays = 366;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** The series from `from` to `to`; without `to`, up to the last day stored; without `from`, the year before `to`. */
export async function participantOpenInterest(db: Queryable, askedFrom: string | null, askedTo: string | null): Promise<ParticipantOpenInterest> {
  const to = askedTo ?? (await lastParticipantDay(db)) ?? askedFrom;
  const from = askedFrom ?? (to === null ? null : addDays(to, -(maxParticipantDays - 1)));
  const empty = (): ParticipantSeries[] =>
    participants.map((participant) => ({ participant, ...Object.fromEntries(instrumentGroups.map((group) => [group, { long: [], short: [] }])) }) as ParticipantSeries);
  if (from === null || to === null) return { source: 'imported', publisher: 'NSE', from: null, to: null, as_of: null, dates: [], missing_days: [], participants: empty() };
  if (from > to) throw DomainError.said('validation_failed', kiteHistoryTexts.fromAfterTo, { field: 'from' });
  const span = daysBetween(from, to);
  if (span > maxParticipantDays) throw DomainError.said('validation_failed', participantTexts.rangeTooLong(maxParticipantDays, span), { field: 'to' });

  const rows = await readParticipantDays(db, from, to);
  const dates = [...new Set(rows.map((row) => row.tradeDate))];
  const position = new Map(dates.map((date, index) => [date, index]));
  const series = empty();
  const byName = new Map(series.map((entry) => [entry.participant, entry]));
  // Every array has one element a date: a day the file lacked a participant cannot be stored (the parser refuses it).
  for (const entry of series) for (const group of instrumentGroups) entry[group] = { long: new Array<number>(dates.length).fill(0), short: new Array<number>(dates.length).fill(0) };
  for (const row of rows) {
    const entry = byName.get(row.participant) as ParticipantSeries;
    const at = position.get(row.tradeDate) as number;
    for (const group of instrumentGroups) {
      const [long, short] = countsOf[group];
      entry[group].long[at] = row.contracts[long] as number;
      entry[group].short[at] = row.contracts[short] as number;
    }
  }
  return {
    source: 'imported',
    publisher: 'NSE',
    from,
    to,
    as_of: dates.at(-1) ?? null,
    dates,
    // Gaps between the first and the last file: a day not yet published after the last is no gap to draw.
    missing_days: dates.length === 0 ? [] : await missingParticipantDays(db, dates, dates[0] as string, dates.at(-1) as string),
    participants: series,
  };
}
