// An index's made-up minutes for the brokers' test servers' historical candles (Dhan's charts, Noren's TPSeries
// and EODChartData): 375 one-minute candles a trading day from 09:15 to 15:29 IST, on a path fixed by the level,
// the day and the minute, so a test can compute what the broker served; a day's candle is its minutes'. Trading
// days are weekdays but NSE's holidays of January 2026 the tests use (15th: Maharashtra's municipal elections; 26th:
// Republic Day).
const closedDays = new Set(['2026-01-15', '2026-01-26']);
const istOffsetMs = 330 * 60_000;
const dayMs = 86_400_000;

export type IndexCandle = { start: Date; open: number; high: number; low: number; close: number };

export function isTradingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !closedDays.has(day);
}

/** The IST days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += dayMs) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** A trading day's minutes of the index opening at `level` (none on a closed day). */
export function dayMinutes(level: number, day: string): IndexCandle[] {
  if (!isTradingDay(day)) return [];
  const open = Date.parse(`${day}T09:15:00Z`) - istOffsetMs;
  const drift = Number(day.slice(8, 10)) * 5;
  const closeAt = (minute: number) => level + drift + ((minute * 7) % 41) - 20;
  return Array.from({ length: 375 }, (_, minute) => {
    const first = minute === 0 ? level + drift : closeAt(minute - 1);
    const last = closeAt(minute);
    return { start: new Date(open + minute * 60_000), open: first, high: Math.max(first, last) + 1.5, low: Math.min(first, last) - 1.5, close: last };
  });
}

/** A trading day's candle, its minutes' (starting at 00:00 IST, as the brokers' daily candles do); null on a closed day. */
export function dayCandle(level: number, day: string): IndexCandle | null {
  const minutes = dayMinutes(level, day);
  if (minutes.length === 0) return null;
  return {
    start: new Date(Date.parse(`${day}T00:00:00Z`) - istOffsetMs),
    open: minutes[0]!.open,
    high: Math.max(...minutes.map((candle) => candle.high)),
    low: Math.min(...minutes.map((candle) => candle.low)),
    close: minutes.at(-1)!.close,
  };
}

/** The minutes between two instants (both included) of every day they span. */
export function minutesBetween(level: number, from: Date, to: Date): IndexCandle[] {
  const istDay = (at: Date) => new Date(at.getTime() + istOffsetMs).toISOString().slice(0, 10);
  return daysBetween(istDay(from), istDay(to))
    .flatMap((day) => dayMinutes(level, day))
    .filter((candle) => candle.start >= from && candle.start <= to);
}

/** A listed option's made-up minute: the index's path around its premium, with the units traded and the open interest at the minute's end. */
export type OptionCandle = IndexCandle & { volume: number; oi: number };

/** Where a strike's made-up premium path starts: 60 for a strike on a 500, up to 159.8 a point below the next. */
export const optionLevel = (strike: number) => 60 + (strike % 500) / 5;

/** A listed option's minutes between two instants (both included): units traded 65 to 325, open interest growing 65 a minute of the day. */
export function optionMinutesBetween(strike: number, from: Date, to: Date): OptionCandle[] {
  return minutesBetween(optionLevel(strike), from, to).map((candle) => {
    const minute = Math.round(((candle.start.getTime() + istOffsetMs) % dayMs) / 60_000) - (9 * 60 + 15);
    return { ...candle, volume: 65 * (1 + (minute % 5)), oi: 130_000 + 65 * minute };
  });
}
