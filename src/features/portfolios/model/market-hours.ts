/**
 * Bots' times of day (IST). The session they must fit in is the server's word (today's, from the price stream:
 * lib/market/session-facts.ts), shown as a hint; the server decides: a demo server's market never closes and
 * takes any time, so the form does not refuse other times itself.
 * Times are read with parseClockTime, so "0920" and "9h20" count as 09:20; "HH:MM" strings then compare
 * correctly as text.
 */
import { parseClockTime } from '@/lib/validation/clock-time';

export function isClockTime(value: unknown): boolean {
  return parseClockTime(value) !== null;
}

export function isBefore(entry: unknown, exit: unknown): boolean {
  const from = parseClockTime(entry);
  const to = parseClockTime(exit);
  return from !== null && to !== null && from < to;
}

export function isNotAfter(earlier: unknown, later: unknown): boolean {
  const from = parseClockTime(earlier);
  const to = parseClockTime(later);
  return from !== null && to !== null && from <= to;
}

/** ISO weekdays a daily bot can run on: 1 Monday … 5 Friday. */
export const WEEKDAYS = [1, 2, 3, 4, 5] as const;
