// The option expiries an index really has, from its facts (index_config: weekly or monthly, on which
// weekday) and the exchange calendar: weekly contracts on every expiry weekday, the monthly contract on
// the last one of the month, and any expiry that falls on a holiday moved to the trading day before it.
import type { IndexFacts } from './index-config.ts';
import { addDays, contractExpiryMs, isoWeekday, expiryDayOnOrBefore, type TradingCalendar } from './trading-calendar.ts';

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

/** The last `weekday` (ISO) of the month that `date` is in, before any holiday shift. */
function lastWeekdayOfMonth(year: number, month: number, weekday: number): string {
  const lastDay = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  const back = (isoWeekday(lastDay) - weekday + 7) % 7;
  return addDays(lastDay, -back);
}

function monthlyExpiries(facts: Pick<IndexFacts, 'expiryWeekday'>, calendar: TradingCalendar, from: string, months: number): string[] {
  const [year = 0, month = 0] = from.split('-').map(Number);
  const dates: string[] = [];
  for (let offset = 0; dates.length < months && offset < months + 2; offset += 1) {
    const target = new Date(Date.UTC(year, month - 1 + offset, 1));
    const date = expiryDayOnOrBefore(calendar, lastWeekdayOfMonth(target.getUTCFullYear(), target.getUTCMonth() + 1, facts.expiryWeekday));
    if (date >= from) dates.push(date);
  }
  return dates;
}

/**
 * Expiries on or after `from` (an IST date): for a weekly index the next `weeklyCount` weeklies plus
 * the monthlies of the next `monthlyCount` months; for a monthly index just the monthlies. Sorted.
 */
export function listExpiries(
  facts: Pick<IndexFacts, 'expiryCycle' | 'expiryWeekday'>,
  calendar: TradingCalendar,
  from: string,
  counts: { weekly: number; monthly: number } = { weekly: 4, monthly: 3 },
): Expiry[] {
  const monthly = monthlyExpiries(facts, calendar, from, counts.monthly);
  const byDate = new Map<string, Expiry>(monthly.map((date) => [date, expiryOn(calendar, date, 'monthly')]));
  if (facts.expiryCycle === 'weekly') {
    let day = addDays(from, (facts.expiryWeekday - isoWeekday(from) + 7) % 7);
    let weeklies = 0;
    // The week's nominal expiry day, shifted for holidays; a shift may land before `from` on the day after a holiday.
    for (let guard = 0; weeklies < counts.weekly && guard < counts.weekly + 10; guard += 1, day = addDays(day, 7)) {
      const date = expiryDayOnOrBefore(calendar, day);
      if (date < from) continue;
      if (!byDate.has(date)) byDate.set(date, expiryOn(calendar, date, 'weekly'));
      weeklies += 1;
    }
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}
