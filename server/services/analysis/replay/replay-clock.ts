// The replayed clock of a replay (issue 39), pure: the instant replayed is the anchor's, plus the server time
// passed since the anchor was set times the speed, held inside the day's session (its open to its close, where a
// playing replay stops by itself): the day's regular session (09:15–15:40 since 3 August 2026, 15:30 before), or a special session's own hours (Muhurat trading's evening
// hour, a Saturday session), kept with the replay when it starts (replay-sessions.ts). Nothing ticks it: every
// read computes it from the stored anchor, so any instance, after any restart, answers the same minute for the
// same server time.
import { clockMinutes, istOffsetMs } from '../../market/ist.ts';
import type { DayHours } from '../../market/trading-calendar.ts';

export const replaySpeeds = [0, 1, 5, 30, 60] as const;
export type ReplaySpeed = (typeof replaySpeeds)[number];

export type ReplayAnchor = { day: string; hours: DayHours; anchorAt: Date; anchoredAt: Date; speed: ReplaySpeed };

/** The instant of an IST minute of a day (minutes since midnight). */
export const instantOf = (day: string, minutes: number) => new Date(Date.parse(`${day}T00:00:00Z`) - istOffsetMs + minutes * 60_000);

/** The first and last instants a replay of the day can stand at: its session's open and close. */
export const sessionOf = (day: string, hours: DayHours) => ({ open: instantOf(day, clockMinutes(hours.open)), close: instantOf(day, clockMinutes(hours.close)) });

/** The replayed instant at server time `now` (see the header). */
export function replayedAt({ day, hours, anchorAt, anchoredAt, speed }: ReplayAnchor, now: Date): Date {
  const elapsed = Math.max(0, now.getTime() - anchoredAt.getTime());
  const { open, close } = sessionOf(day, hours);
  return new Date(Math.min(close.getTime(), Math.max(open.getTime(), anchorAt.getTime() + elapsed * speed)));
}

/** The start of the minute after the instant's (a step), held at the session's close. */
export function nextMinute(day: string, hours: DayHours, at: Date): Date {
  const next = Math.floor(at.getTime() / 60_000) * 60_000 + 60_000;
  return new Date(Math.min(next, sessionOf(day, hours).close.getTime()));
}

/** Whether an HH:MM minute lies inside the session (open to close, both included). */
export function insideSession(hours: DayHours, minute: string): boolean {
  const at = clockMinutes(minute);
  return at >= clockMinutes(hours.open) && at <= clockMinutes(hours.close);
}
