// Minute candles for /v3/historical-candle/… and its intraday sibling: one a minute from 09:15 to 15:29 IST on
// weekdays (no holiday calendar), none after the server's clock, newest first, each
// [timestamp "YYYY-MM-DDTHH:MM:00+05:30", open, high, low, close, volume, oi] as Upstox sends them. Prices are a
// fixed pattern around the instrument's last price, so a test can predict them.
// https://upstox.com/developer/api-documentation/v3/get-historical-candle-data
const istMs = 330 * 60_000;

export type CandleRow = [string, number, number, number, number, number, number];

function stamp(ms: number): string {
  return `${new Date(ms + istMs).toISOString().slice(0, 16)}:00+05:30`;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Candles of the IST dates `from`..`to` (YYYY-MM-DD, inclusive) up to `now`, `minutes` wide. */
export function minuteCandles(base: number, from: string, to: string, now: Date, minutes: number): CandleRow[] {
  const rows: CandleRow[] = [];
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += 86_400_000) {
    const weekday = new Date(day).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (let minute = 9 * 60 + 15; minute < 15 * 60 + 30; minute += minutes) {
      const at = day + minute * 60_000 - istMs;
      if (at + minutes * 60_000 > now.getTime()) break;
      const open = round2(base + ((minute % 7) - 3) * 0.5);
      rows.push([stamp(at), open, round2(open + 1), round2(open - 1), round2(open + 0.5), 1500 * minutes, 0]);
    }
  }
  return rows.reverse();
}

export function istDate(now: Date): string {
  return new Date(now.getTime() + istMs).toISOString().slice(0, 10);
}
