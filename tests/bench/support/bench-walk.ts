// The backtest benches' history (backtest-run.ts, shared-jobs.bench.ts): a seeded walk of NIFTY over `count`
// weekdays from 6 January 2025, with its Thursday weekly expiries. 2025 has no holiday list in the calendar, so
// every weekday trades. The calendar's functions are passed in: backtest-run.ts takes them from the tree it times.
type Calendar = { addDays: (day: string, days: number) => string; isoWeekday: (day: string) => number };

export function benchWalk(count: number, { addDays, isoWeekday }: Calendar) {
  const underlying: Record<string, number> = {};
  let spot = 23_500;
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let day = '2025-01-06'; Object.keys(underlying).length < count; day = addDays(day, 1)) {
    if (isoWeekday(day) > 5) continue;
    spot = Math.round(spot * (1 + (random() - 0.5) * 0.025) * 100) / 100;
    underlying[day] = spot;
  }
  const days = Object.keys(underlying);
  const expiries: string[] = [];
  for (let day = days[0]!; day <= addDays(days.at(-1)!, 40); day = addDays(day, 1)) if (isoWeekday(day) === 4) expiries.push(day);
  return { underlying, days, expiries };
}
