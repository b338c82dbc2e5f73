// The Participants chart's model: from the server's columns of long and short contracts (one element a day
// with NSE's file), each participant's net position (long − short, computed here and nowhere else) for the
// chosen instrument, as the chart's points; a trading day without a file is a point without a value
// (lightweight-charts' whitespace), so the line breaks there instead of bridging the missing day.
import type { components } from '@openapi/main';

export type ParticipantOpenInterest = components['schemas']['ParticipantOpenInterest'];
export type Participant = components['schemas']['Participant'];

/** What the chart offers: index futures, index calls, index puts (the net of each). */
export const participantGroups = ['future_index', 'option_index_call', 'option_index_put'] as const;
export type ParticipantGroup = (typeof participantGroups)[number];

/** FII first: the line traders read first; then Client, Pro and DII. */
export const chartedParticipants: readonly Participant[] = ['FII', 'Client', 'Pro', 'DII'];

/** A day's net, or a trading day without a file (no value: a gap). */
export type NetPoint = { time: string; value?: number };

export type ParticipantLine = { participant: Participant; points: NetPoint[] };

/** The latest day's net of a participant and its change from the day before it (null when that day is missing). */
export type LatestNet = { participant: Participant; net: number; change: number | null };

/** Each charted participant's net by day, gaps included, oldest first. */
export function participantLines(answer: ParticipantOpenInterest, group: ParticipantGroup): ParticipantLine[] {
  const days = [...answer.dates.map((date, index) => ({ date, index })), ...answer.missing_days.map((date) => ({ date, index: -1 }))].sort((a, b) =>
    a.date.localeCompare(b.date),
  );
  return chartedParticipants.flatMap((participant) => {
    const series = answer.participants.find((entry) => entry.participant === participant);
    if (series === undefined) return [];
    const side = series[group];
    const points = days.map(({ date, index }): NetPoint => (index < 0 ? { time: date } : { time: date, value: (side.long[index] ?? 0) - (side.short[index] ?? 0) }));
    return [{ participant, points }];
  });
}

/** The last day's nets, and how each moved since the previous trading day (null when that day has no file). */
export function latestNets(lines: readonly ParticipantLine[]): LatestNet[] {
  return lines.flatMap(({ participant, points }) => {
    const last = points.at(-1);
    if (last?.value === undefined) return [];
    const before = points.at(-2);
    return [{ participant, net: last.value, change: before?.value === undefined ? null : last.value - before.value }];
  });
}
