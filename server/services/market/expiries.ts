// The option expiries an index really has, from its facts (index_config: weekly or monthly; expiry_weekdays,
// migration 093: the weekday of the contracts expiring from a date on, with its source) and the exchange
// calendar: weekly contracts on every expiry weekday, the monthly contract on the last one of the month, and any
// expiry that falls on a holiday moved to the trading day before it. The weekday belongs to the contract's expiry
// date, not to the day it is listed on: on 20 August 2025 NIFTY lists its Thursday weeklies of August and, after
// them, the Tuesdays from 2 September 2025 (SEBI's circular of 26 May 2025).
import type { IndexFacts } from './index-config.ts';
import { addDays, contractExpiryMs, isoWeekday, expiryDayOnOrBefore, type TradingCalendar } from './trading-calendar.ts';

/** Contracts expiring on or after `expiringFrom` (an IST date) expire on `weekday` (ISO, 1 Monday), per `source`. */
export type ExpiryWeekday = { expiringFrom: string; weekday: number; source: string };

/**
 * The row in force for a contract expiring on `date` (`rows` in date order, as index-config.ts reads them): the
 * latest from on or before it, else the earliest (a clock set before the first row still lists expiries).
 */
export function expiryWeekdayRow(rows: readonly ExpiryWeekday[], date: string): ExpiryWeekday {
  let found = rows[0];
  for (const row of rows) if (row.expiringFrom <= date) found = row;
  if (found === undefined) throw new Error('an index has no expiry weekday');
  return found;
}

/** Whether `date` is a nominal expiry day (before any holiday shift): its weekday is the one in force for contracts expiring then. */
const nominal = (rows: readonly ExpiryWeekday[], date: string) => isoWeekday(date) === expiryWeekdayRow(rows, date).weekday;

/** The nominal monthly expiry of a month (1–12): the last day of it that is a nominal expiry day. */
export function monthlyExpiryOf(rows: readonly ExpiryWeekday[], year: number, month: number): string {
  const lastDay = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  for (let back = 0; back < Number(lastDay.slice(8)); back += 1) {
    const day = addDays(lastDay, -back);
    if (nominal(rows, day)) return day;
  }
  // Only a change of weekday inside the month's last week finds none: its last day of the old weekday.
  const { weekday } = expiryWeekdayRow(rows, lastDay);
  return addDays(lastDay, -((isoWeekday(lastDay) - weekday + 7) % 7));
}

export type Expiry = {
  /** The IST date the contract expires. */
  date: string;
  /** Monthly contracts carry Kite's monthly tradingsymbol form; weekly ones the dated form. */
  kind: 'weekly' | 'monthly';
  /** When its contracts stop trading: the close of that day's regular session (15:40 IST since 3 August 2026), ISO. */
  closes_at: string;
};

/** An expiry on `date` as the calendar closes it. */
export function expiryOn(calendar: Pick<TradingCalendar, 'regular'>, date: string, kind: Expiry['kind']): Expiry {
  return { date, kind, closes_at: new Date(contractExpiryMs(calendar, date)).toISOString() };
}

/** The monthly expiries of the next `months` months from `from` (an IST date), each moved before a holiday; those already past left out. */
export function monthlyExpiries(facts: Pick<IndexFacts, 'expiryWeekdays'>, calendar: TradingCalendar, from: string, months: number): string[] {
  const [year = 0, month = 0] = from.split('-').map(Number);
  const dates: string[] = [];
  for (let offset = 0; dates.length < months && offset < months + 2; offset += 1) {
    const target = new Date(Date.UTC(year, month - 1 + offset, 1));
    const date = expiryDayOnOrBefore(calendar, monthlyExpiryOf(facts.expiryWeekdays, target.getUTCFullYear(), target.getUTCMonth() + 1));
    if (date >= from) dates.push(date);
  }
  return dates;
}

/**
 * Expiries on or after `from` (an IST date): for a weekly index the next `weeklyCount` weeklies plus
 * the monthlies of the next `monthlyCount` months; for a monthly index just the monthlies. Sorted.
 */
export function listExpiries(
  facts: Pick<IndexFacts, 'expiryCycle' | 'expiryWeekdays'>,
  calendar: TradingCalendar,
  from: string,
  counts: { weekly: number; monthly: number } = { weekly: 4, monthly: 3 },
): Expiry[] {
  const monthly = monthlyExpiries(facts, calendar, from, counts.monthly);
  const byDate = new Map<string, Expiry>(monthly.map((date) => [date, expiryOn(calendar, date, 'monthly')]));
  if (facts.expiryCycle === 'weekly') {
    let weeklies = 0;
    // Day by day, as the weekday may change between two weeks: each nominal expiry day, shifted for holidays; a
    // shift may land before `from` on the day after a holiday.
    for (let day = from, guard = 0; weeklies < counts.weekly && guard < (counts.weekly + 10) * 7; guard += 1, day = addDays(day, 1)) {
      if (!nominal(facts.expiryWeekdays, day)) continue;
      const date = expiryDayOnOrBefore(calendar, day);
      if (date < from) continue;
      if (!byDate.has(date)) byDate.set(date, expiryOn(calendar, date, 'weekly'));
      weeklies += 1;
    }
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}
