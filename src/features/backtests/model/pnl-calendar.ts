// The calendar of daily P&L: a month at a time, a row per week, Monday to Friday (the exchange trades on
// weekdays; a special Saturday session, rare, is shown on its own row end).
import type { BacktestDay } from '@/features/backtests/api/backtest-calls';

export type CalendarCell = { date: string; pnl: number | null };
export type CalendarMonth = { month: string; weeks: Array<Array<CalendarCell | null>>; total: number };

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** Months oldest first; each week holds Monday to Friday (null where the day is outside the month). */
export function pnlCalendar(daily: readonly BacktestDay[]): CalendarMonth[] {
  const byDate = new Map(daily.map((day) => [day.date, day.pnl]));
  const months = [...new Set(daily.map((day) => day.date.slice(0, 7)))].sort();
  return months.map((month) => {
    const weeks: Array<Array<CalendarCell | null>> = [];
    let week: Array<CalendarCell | null> | null = null;
    let totalPaise = 0;
    for (let date = `${month}-01`; date.startsWith(month); date = addDays(date, 1)) {
      const weekday = weekdayOf(date);
      if (weekday === 0 || weekday === 6) {
        if (weekday === 6 && byDate.has(date) && week !== null) week.push({ date, pnl: byDate.get(date)! });
        continue;
      }
      if (week === null || weekday === 1) {
        week = [null, null, null, null, null];
        weeks.push(week);
      }
      const pnl = byDate.get(date) ?? null;
      if (pnl !== null) totalPaise += Math.round(pnl * 100);
      week[weekday - 1] = { date, pnl };
    }
    return { month, weeks, total: totalPaise / 100 };
  });
}
