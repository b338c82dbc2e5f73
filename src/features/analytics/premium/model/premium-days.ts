// The range the premium chart asks for: a day, or that day and the weekdays before it (pure). Weekdays, not
// trading days: a holiday in the span leaves one day fewer charted, which the server's answer shows.

const dayMs = 86_400_000;

/** The day `count` weekdays back from `day` (count 0: the day itself), YYYY-MM-DD. */
export function weekdaysBefore(day: string, count: number): string {
  let at = Date.parse(`${day}T00:00:00Z`);
  for (let left = count; left > 0; ) {
    at -= dayMs;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(at).toISOString().slice(0, 10);
}

/** How many weekdays from `from` to `to`, both included. */
export function weekdaysBetween(from: string, to: string): number {
  let count = 0;
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += dayMs) {
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count += 1;
  }
  return count;
}

/** The candle each span opens with: 1-minute for a day, longer as the span grows (the server's 3,750 candles). */
export function defaultInterval(days: number): '1m' | '3m' | '5m' | '15m' | '1d' {
  if (days <= 1) return '1m';
  if (days <= 3) return '3m';
  if (days <= 5) return '5m';
  if (days <= 10) return '15m';
  return '1d';
}
