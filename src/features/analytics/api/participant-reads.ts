// NSE's participant-wise open interest, imported in Market history (issue 40): the year up to the last file, or a range.
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';
import { shownByScreen } from '@/lib/api/api-error';
import { startEarlyRead } from '@/lib/api/early-read';
import type { ParticipantOpenInterest } from '@/features/analytics/model/participant-series';

/** A range the trader chose (YYYY-MM-DD, from the screen's address); null: the server's default, the year up to the last file. */
export type ParticipantRange = { from: string | null; to: string | null };

/**
 * The refusals of a range the screen says in the chart's place, with a way back to the last year (docs/api.md):
 * `from` after `to`, more than 366 days, a day that is not a date (a link typed by hand).
 */
export const participantRefusalCodes = ['history.from_after_to', 'history.participant_range_too_long', 'validation.format'] as const;
const inPlace = shownByScreen(...participantRefusalCodes);

export async function getParticipantOpenInterest(range: ParticipantRange = { from: null, to: null }): Promise<ParticipantOpenInterest> {
  const query = { ...(range.from === null ? {} : { from: range.from }), ...(range.to === null ? {} : { to: range.to }) };
  return requireField(await mainApi().GET('/api/market-history/participants/', { params: { query }, middleware: [inPlace] }), 'dates', 'participants');
}

/** The name the screen keeps a range's answer under (its last-known copy, its early read). */
export function participantReadName(range: ParticipantRange): string {
  return range.from !== null || range.to !== null ? `analytics:participants:${range.from ?? ''}:${range.to ?? ''}` : 'analytics:participants';
}

/** The range a Participants address asks for (`?from=&to=`); none: the server's default. */
export function participantRangeOf(params: URLSearchParams): ParticipantRange {
  return { from: params.get('from'), to: params.get('to') };
}

/** The screen's first read for the address being opened (`search`), started beside its files (screens.ts). */
export function startEarlyParticipantRead(search: string): void {
  const range = participantRangeOf(new URLSearchParams(search));
  startEarlyRead(participantReadName(range), () => getParticipantOpenInterest(range));
}
