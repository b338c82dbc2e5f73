// The replayed index's minutes where history holds none (issue 62): on the path a replay's book prices along
// (history-prices.ts: through the day's open, low/high and close from NSE's index close file, else in a line from
// the day before's close), one candle a minute from the open to the replayed minute, each closing at the level
// the index strip shows at that minute (replay-market.ts indexQuote) and opening at the minute before's. Modelled:
// the day's own path between its extremes is not known.
import type { Queryable } from '../../../db/database.ts';
import { ohlcLevelPaise } from '../backtests/history-prices.ts';
import { clockMinutes, istMinutes } from '../../market/ist.ts';
import type { ReplayRow } from './replay-sessions.ts';

export type ModelMinute = { m: Date; o: string; h: string; l: string; c: string };

/** The day's modelled minute candles (paise, as history_index_minutes rows read) up to `lastMinute`. */
export async function modelledMinutes(history: Queryable, row: Pick<ReplayRow, 'index' | 'day' | 'hours' | 'indexPath'>, lastMinute: Date): Promise<ModelMinute[]> {
  const { rows } = await history.query<{ o: string; h: string; l: string; c: string; p: string | null }>(
    `SELECT d.open_paise AS o, d.high_paise AS h, d.low_paise AS l, d.close_paise AS c, NULL AS p FROM history_index_days d WHERE d.index_name = $1 AND d.trade_date = $2::date AND $3
     UNION ALL
     SELECT NULL, NULL, NULL, (SELECT max(underlying_paise) FROM history_option_days WHERE index_name = $1 AND trade_date = $2::date),
            (SELECT c FROM (
               (SELECT trade_date AS d, underlying_paise AS c FROM history_option_days WHERE index_name = $1 AND trade_date < $2::date AND underlying_paise IS NOT NULL ORDER BY trade_date DESC LIMIT 1)
               UNION ALL
               (SELECT trade_date, close_paise FROM history_index_days WHERE index_name = $1 AND trade_date < $2::date ORDER BY trade_date DESC LIMIT 1)
             ) before ORDER BY d DESC LIMIT 1)
     WHERE NOT $3`,
    [row.index, row.day, row.indexPath === 'ohlc'],
  );
  const day = rows[0];
  if (day === undefined || day.c === null) return [];
  const open = clockMinutes(row.hours.open);
  const close = clockMinutes(row.hours.close);
  const ohlc = { openPaise: Number(day.o), highPaise: Number(day.h), lowPaise: Number(day.l), closePaise: Number(day.c) };
  const start = day.p === null ? Number(day.c) : Number(day.p);
  const level = (minute: number) =>
    row.indexPath === 'ohlc' ? ohlcLevelPaise(ohlc, minute, row.hours) : Math.round(start + (Number(day.c) - start) * Math.min(1, Math.max(0, (minute - open) / (close - open))));
  const midnight = lastMinute.getTime() - istMinutes(lastMinute) * 60_000;
  const minutes: ModelMinute[] = [];
  for (let minute = open; minute <= Math.min(istMinutes(lastMinute), close); minute += 1) {
    const [from, to] = [level(Math.max(open, minute - 1)), level(minute)];
    minutes.push({ m: new Date(midnight + minute * 60_000), o: String(from), h: String(Math.max(from, to)), l: String(Math.min(from, to)), c: String(to) });
  }
  return minutes;
}
