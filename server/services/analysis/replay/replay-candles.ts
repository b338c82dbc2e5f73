// The replayed index's candles (issue 39): the charts in a replay show the replayed day up to the replayed
// minute, never after it. Read straight from market history's index minutes (imported or recorded, never the
// simulator's, as history-prices.ts reads the day; a demo day's replay reads the simulator's alone; a day whose
// index is modelled, its path's minutes: replay-model-minutes.ts, issue 62), up to and including the replayed minute: the minute whose
// close the index strip shows (replay-market.ts indexQuote), so the chart's last close is the strip's price.
// 5 and 15 minute candles group the minutes on the IST clock (09:15, 09:20, …); the last one is as far as it
// has gone. An index trades no volume of its own: 0.
import type { Queryable } from '../../../db/database.ts';
import { modelledMinutes } from './replay-model-minutes.ts';
import type { ReplayRow } from './replay-sessions.ts';

export type ReplayCandleInterval = '1m' | '5m' | '15m';
export type ReplayCandle = { time: string; open: number; high: number; low: number; close: number; volume: number };

const minuteMs = 60_000;
const intervalMinutes: Record<ReplayCandleInterval, number> = { '1m': 1, '5m': 5, '15m': 15 };

/** The day's candles from its first minute to the replayed instant `at`'s minute. */
export async function replayCandles(history: Queryable, row: Pick<ReplayRow, 'index' | 'day' | 'hours' | 'origin' | 'indexPath'>, at: Date, interval: ReplayCandleInterval): Promise<ReplayCandle[]> {
  const lastMinute = new Date(Math.floor(at.getTime() / minuteMs) * minuteMs);
  const ofSource = row.origin === 'simulated' ? `source = 'simulated'` : `source <> 'simulated'`;
  const rows =
    row.indexPath === 'ohlc' || row.indexPath === 'closes'
      ? await modelledMinutes(history, row, lastMinute)
      : (
          await history.query<{ m: Date; o: string; h: string; l: string; c: string }>(
            `SELECT minute AS m, open_paise AS o, high_paise AS h, low_paise AS l, close_paise AS c FROM history_index_minutes
             WHERE index_name = $1 AND trade_date = $2::date AND ${ofSource} AND minute <= $3::timestamptz ORDER BY minute`,
            [row.index, row.day, lastMinute],
          )
        ).rows;
  // IST is UTC+05:30: 330 minutes, a whole number of 5 and of 15 minutes, so epoch-aligned buckets start at 09:15, 09:20, ….
  const bucketMs = intervalMinutes[interval] * minuteMs;
  const candles: ReplayCandle[] = [];
  const paise = { open: 0, high: 0, low: 0, close: 0, start: Number.NaN };
  const flush = () => {
    if (Number.isNaN(paise.start)) return;
    candles.push({ time: new Date(paise.start).toISOString(), open: paise.open / 100, high: paise.high / 100, low: paise.low / 100, close: paise.close / 100, volume: 0 });
  };
  for (const minute of rows) {
    const start = Math.floor(new Date(minute.m).getTime() / bucketMs) * bucketMs;
    const [open, high, low, close] = [Number(minute.o), Number(minute.h), Number(minute.l), Number(minute.c)];
    if (start !== paise.start) {
      flush();
      Object.assign(paise, { open, high, low, close, start });
    } else {
      Object.assign(paise, { high: Math.max(paise.high, high), low: Math.min(paise.low, low), close });
    }
  }
  flush();
  return candles;
}
