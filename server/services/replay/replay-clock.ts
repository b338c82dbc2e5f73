// The replayed clock of a replay (issue 39), pure: the instant replayed is the anchor's, plus the server time
// passed since the anchor was set times the speed, held inside the day's session (09:15 to the 15:30 close,
// where a playing replay stops by itself). Nothing ticks it: every read computes it from the stored anchor, so
// any instance, after any restart, answers the same minute for the same server time.
import { clockMinutes, istOffsetMs, marketHours } from '../market/ist.ts';

export const replaySpeeds = [0, 1, 5, 30, 60] as const;
export type ReplaySpeed = (typeof replaySpeeds)[number];

export type ReplayAnchor = { day: string; anchorAt: Date; anchoredAt: Date; speed: ReplaySpeed };

/** The instant of an IST minute of a day (minutes since midnight). */
export const instantOf = (day: string, minutes: number) => new Date(Date.parse(`${day}T00:00:00Z`) - istOffsetMs + minutes * 60_000);

/** The first and last instants a replay of the day can stand at: the open and the close. */
export const sessionOf = (day: string) => ({ open: instantOf(day, clockMinutes(marketHours.open)), close: instantOf(day, clockMinutes(marketHours.close)) });

/** The replayed instant at server time `now` (see the header). */
export function replayedAt({ day, anchorAt, anchoredAt, speed }: ReplayAnchor, now: Date): Date {
  const elapsed = Math.max(0, now.getTime() - anchoredAt.getTime());
  const { open, close } = sessionOf(day);
  return new Date(Math.min(close.getTime(), Math.max(open.getTime(), anchorAt.getTime() + elapsed * speed)));
}

/** The start of the minute after the instant's (a step), held at the close. */
export function nextMinute(day: string, at: Date): Date {
  const next = Math.floor(at.getTime() / 60_000) * 60_000 + 60_000;
  return new Date(Math.min(next, sessionOf(day).close.getTime()));
}

/** Whether an HH:MM minute lies inside the day's session (open to close, both included). */
export function insideSession(minute: string): boolean {
  const at = clockMinutes(minute);
  return at >= clockMinutes(marketHours.open) && at <= clockMinutes(marketHours.close);
}
