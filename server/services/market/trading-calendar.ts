// Which days the exchanges trade, and when. Weekends are closed; holidays close a weekday; special
// sessions open a day that would be closed (the Union Budget on a Sunday) or set other hours (Muhurat
// trading on Diwali evening). The days themselves are data (the market_calendar table, one year of
// exchange circulars at a time), never constants in code: this module only reads them.
import { clockMinutes, clockText, marketHours } from './ist.ts';

export type Exchange = 'NSE' | 'BSE';

export type Session = { open: string; close: string };

/**
 * A special session: its hours, its name, the broker's MIS square-off in it where the calendar has it, and a
 * second session the same day (the 2024 drills traded again from the recovery site, 11:30–12:30).
 */
export type SpecialSession = Session & { description: string; misSquareOff?: string | undefined; second?: Session | undefined };

/**
 * A day's hours, with the broker's MIS square-off in them (HH:MM IST). On a day of two sessions, `open` is the
 * first's and `close` the second's, and `pause` the stretch between them, when the market is shut (from the
 * first session's close until the second's open).
 */
export type DayHours = Session & { misSquareOff: string; pause?: { from: string; until: string } | undefined };

export type TradingCalendar = {
  /** IST dates (YYYY-MM-DD) on which a weekday is closed, with the exchange's reason. */
  holidays: ReadonlyMap<string, string>;
  /** IST dates with their own hours; they win over a weekend or a holiday on the same date. */
  specialSessions: ReadonlyMap<string, SpecialSession>;
  /** The circular each listed date comes from (NSE/CMTR/…), where the calendar knows it. */
  sources?: ReadonlyMap<string, string>;
};

const dayMs = 24 * 60 * 60 * 1000;

function dateNumber(date: string): number {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(time)) throw new RangeError(`not a date: ${date}`);
  return time;
}

export function addDays(date: string, days: number): string {
  return new Date(dateNumber(date) + days * dayMs).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(dateNumber(date)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The day's session (from the first open to the last close), or null when the exchange is closed all day. */
export function sessionOn(calendar: TradingCalendar, date: string): Session | null {
  const special = calendar.specialSessions.get(date);
  if (special !== undefined) return { open: special.open, close: special.second?.close ?? special.close };
  if (isoWeekday(date) >= 6 || calendar.holidays.has(date)) return null;
  return { open: marketHours.open, close: marketHours.close };
}

/**
 * The hours a day traded at: its special session's (with the session's own MIS square-off, else five minutes
 * before its close, as 15:25 is to 15:30; a day of two sessions from the first's open to the second's close, the
 * stretch between them its pause), else the regular ones. A day the calendar has closed but history shows
 * trading (a holiday declared after the day) is taken at the regular hours.
 */
export function dayHours(calendar: TradingCalendar, date: string): DayHours {
  const special = calendar.specialSessions.get(date);
  if (special === undefined) return { ...marketHours };
  const close = special.second?.close ?? special.close;
  const misSquareOff = special.misSquareOff ?? clockText(Math.max(clockMinutes(special.open), clockMinutes(close) - 5));
  if (special.second === undefined) return { open: special.open, close, misSquareOff };
  return { open: special.open, close, misSquareOff, pause: { from: special.close, until: special.second.open } };
}

/** Whether the market trades at an IST minute of the day (minutes since midnight): inside its hours, not in their pause. */
export function tradesAt(hours: DayHours, minute: number): boolean {
  if (minute < clockMinutes(hours.open) || minute >= clockMinutes(hours.close)) return false;
  return hours.pause === undefined || minute < clockMinutes(hours.pause.from) || minute >= clockMinutes(hours.pause.until);
}

/** Whether an IST minute falls in the day's pause between two sessions (the drills' 10:00–11:30). */
export function inPause(hours: Pick<DayHours, 'pause'>, minute: number): boolean {
  return hours.pause !== undefined && minute >= clockMinutes(hours.pause.from) && minute < clockMinutes(hours.pause.until);
}

export function isTradingDay(calendar: TradingCalendar, date: string): boolean {
  return sessionOn(calendar, date) !== null;
}

/**
 * The day on or before `date` where an expiry can fall: a weekday with the exchange's regular session. Expiries
 * falling on a holiday move here, as the exchanges move them. A weekday of special hours is a holiday with a
 * short session (Muhurat trading on a weekday Diwali): contracts do not expire in it (NSE moved the NIFTY expiry
 * of Tuesday 21 October 2025 to Monday the 20th), and a weekend session never holds an expiry. A year of
 * closures in a row means the calendar is broken, not that the market is.
 */
export function expiryDayOnOrBefore(calendar: TradingCalendar, date: string): string {
  let day = date;
  for (let step = 0; step < 366; step += 1) {
    if (isoWeekday(day) <= 5 && !calendar.holidays.has(day) && !calendar.specialSessions.has(day)) return day;
    day = addDays(day, -1);
  }
  throw new Error(`no trading day in the year before ${date}: the market calendar is wrong`);
}
