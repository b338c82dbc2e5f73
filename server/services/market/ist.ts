// India Standard Time without a time-zone database: IST is UTC+05:30 all year (no daylight saving), so
// plain offset arithmetic is exact.
export const istOffsetMs = (5 * 60 + 30) * 60 * 1000;

const dayMs = 24 * 60 * 60 * 1000;

/** The `HH:MM` text of minutes since midnight. */
export function clockText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Minutes since midnight of an `HH:MM` text (already checked against the contract's pattern). */
export function clockMinutes(time: string): number {
  // Read in place, not split into an array: a chain's every quote reads its session's open and close.
  const colon = time.indexOf(':');
  if (colon < 0) return Number(time) * 60;
  const end = time.indexOf(':', colon + 1);
  return Number(time.slice(0, colon)) * 60 + Number(time.slice(colon + 1, end < 0 ? undefined : end));
}

/** The instant of an IST date (YYYY-MM-DD) and wall-clock time (HH:MM). */
export function istInstant(day: string, time: string): Date {
  return new Date(Date.parse(`${day}T${time}:00Z`) - istOffsetMs);
}

// The date istDate worked out last, by its IST day number: a tick's quotes, a look's orders and a backtest's
// pricing ask the date of instants of one day thousands of times, and each text costs a Date and its ISO text.
let lastDay = Number.NaN;
let lastDate = '';

/** The IST calendar date of an instant, YYYY-MM-DD. */
export function istDate(instant: Date): string {
  const shifted = instant.getTime() + istOffsetMs;
  const day = Math.floor(shifted / dayMs);
  if (day === lastDay) return lastDate;
  // An invalid instant throws here, as before (NaN never equals the day kept).
  const date = new Date(shifted).toISOString().slice(0, 10);
  lastDay = day;
  lastDate = date;
  return date;
}

/** The IST wall-clock time of an instant, HH:MM. */
export function istClock(instant: Date): string {
  return new Date(instant.getTime() + istOffsetMs).toISOString().slice(11, 16);
}

/** Minutes since IST midnight of an instant (to the whole minute). */
export function istMinutes(instant: Date): number {
  // Arithmetic, not the clock's text: every quote of a tick asks it.
  const shifted = instant.getTime() + istOffsetMs;
  if (!Number.isFinite(shifted)) throw new RangeError('Invalid time value');
  return Math.floor((((shifted % dayMs) + dayMs) % dayMs) / 60_000);
}

/**
 * When a broker session opened at `now` ends: the next 06:00 IST (Kite's sessions are flushed every
 * morning before the market opens). Logged in at 09:30 it ends at 06:00 tomorrow; at 02:00, at 06:00 today.
 */
export function nextSessionExpiry(now: Date): Date {
  const sixAm = 6 * 60 * 60 * 1000;
  const shifted = now.getTime() + istOffsetMs;
  const todaySixAm = shifted - (shifted % dayMs) + sixAm;
  const next = todaySixAm > shifted ? todaySixAm : todaySixAm + dayMs;
  return new Date(next - istOffsetMs);
}
