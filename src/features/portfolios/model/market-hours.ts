/**
 * The trading session daily bots must fit in (NSE/BSE, IST). HH:MM strings compare correctly as text, so
 * the checks need no time parsing.
 */
export const MARKET_OPEN = '09:15';
export const MARKET_CLOSE = '15:30';
const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "09:20" as typed; a time input may add seconds ("09:20:00"), which the contract does not take. */
export function toClockTime(value: string): string {
  return value.length > 5 && /^\d\d:\d\d:\d\d/.test(value) ? value.slice(0, 5) : value;
}

export function isClockTime(value: unknown): value is string {
  return typeof value === 'string' && CLOCK_TIME.test(toClockTime(value));
}

export function isWithinMarketHours(value: string): boolean {
  const time = toClockTime(value);
  return time >= MARKET_OPEN && time <= MARKET_CLOSE;
}

export function isBefore(entry: string, exit: string): boolean {
  return toClockTime(entry) < toClockTime(exit);
}

/** ISO weekdays a daily bot can run on: 1 Monday … 5 Friday. */
export const WEEKDAYS = [1, 2, 3, 4, 5] as const;
