// Which days the exchanges trade, and when. Weekends are closed; holidays close a weekday; special
// sessions open a day that would be closed (the Union Budget on a Sunday) or set other hours (Muhurat
// trading on Diwali evening); the regular hours themselves change on a date (NSE's F&O close moved from 15:30
// to 15:40 on 3 August 2026). The days and hours are data (the market_calendar and market_sessions tables,
// each row with its circular), never constants in code: this module only reads them.
import { expiryInstantMs } from '../../../quant/contract-expiry.ts';
import { clockMinutes, clockText, istDate, istMinutes } from './ist.ts';

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
export type DayHours = Session & {
  misSquareOff: string;
  pause?: { from: string; until: string } | undefined;
  /** On a special session's day, the regular session in force that date (what "outside the regular hours" means then). */
  regular?: Session | undefined;
};

/**
 * The regular session in force from `effectiveFrom` (an IST date) until the next one: its hours, the window whose
 * volume-weighted average is the day's close price (and the expiring index options' settlement value), the F&O
 * pre-open's order entry where it exists, the end of trade modification, and the paper broker's MIS square-off.
 */
export type RegularSession = Session & {
  effectiveFrom: string;
  closePrice: { from: string; to: string };
  preOpen: { from: string; to: string } | null;
  modificationUntil: string;
  misSquareOff: string;
  source: string;
  misSource: string;
};

export type TradingCalendar = {
  /** The regular sessions by date, oldest first (market_sessions): the one in force on a date is the last begun by then. */
  regular: readonly RegularSession[];
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

/**
 * The regular session in force on an IST date, whether or not the exchange trades that day. Before the first
 * row the first applies (a clock set in the distant past still finds hours, not a failure).
 */
export function regularSessionOn(calendar: Pick<TradingCalendar, 'regular'>, date: string): RegularSession {
  let found = calendar.regular[0];
  if (found === undefined) throw new Error('the market calendar has no regular session (market_sessions)');
  for (const session of calendar.regular) if (session.effectiveFrom <= date) found = session;
  return found;
}

/** The regular hours of a date with their MIS square-off (DayHours' shape, no pause). */
function regularHours(calendar: Pick<TradingCalendar, 'regular'>, date: string): DayHours {
  const { open, close, misSquareOff } = regularSessionOn(calendar, date);
  return { open, close, misSquareOff };
}

/** The day's session (from the first open to the last close), or null when the exchange is closed all day. */
export function sessionOn(calendar: TradingCalendar, date: string): Session | null {
  const special = calendar.specialSessions.get(date);
  if (special !== undefined) return { open: special.open, close: special.second?.close ?? special.close };
  if (isoWeekday(date) >= 6 || calendar.holidays.has(date)) return null;
  const { open, close } = regularSessionOn(calendar, date);
  return { open, close };
}

/**
 * The hours a day traded at: its special session's (with the session's own MIS square-off, else five minutes
 * before its close, as Zerodha did on 09:15–15:30 days; a day of two sessions from the first's open to the second's
 * close, the stretch between them its pause), else the regular ones in force that day. A day the calendar has
 * closed but history shows trading (a holiday declared after the day) is taken at the regular hours.
 */
export function dayHours(calendar: TradingCalendar, date: string): DayHours {
  const special = calendar.specialSessions.get(date);
  if (special === undefined) return regularHours(calendar, date);
  const close = special.second?.close ?? special.close;
  const misSquareOff = special.misSquareOff ?? clockText(Math.max(clockMinutes(special.open), clockMinutes(close) - 5));
  const { open: regularOpen, close: regularClose } = regularSessionOn(calendar, date);
  const regular = { open: regularOpen, close: regularClose };
  if (special.second === undefined) return { open: special.open, close, misSquareOff, regular };
  return { open: special.open, close, misSquareOff, pause: { from: special.close, until: special.second.open }, regular };
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

/** The instant (epoch ms) a contract expiring on `expiry` stops trading: the close of the regular session in force that day. */
export function contractExpiryMs(calendar: Pick<TradingCalendar, 'regular'>, expiry: string): number {
  return expiryInstantMs(expiry, regularSessionOn(calendar, expiry).close);
}

/**
 * The first date whose expiry still trades at `now`: today until today's regular close (a contract expiring
 * today trades until then), tomorrow after it.
 */
export function expiriesTradingFrom(calendar: Pick<TradingCalendar, 'regular'>, now: Date): string {
  const today = istDate(now);
  return istMinutes(now) >= clockMinutes(regularSessionOn(calendar, today).close) ? addDays(today, 1) : today;
}
