// Real option minutes for a backtest (migration 041): a contract's traded one-minute candles, as a broker's
// historical API or a live feed recorded them, read once per index and range. At an instant, a contract's
// real price is the close of its candle of that minute, read as the index's level is read (the candle whose
// minute the instant falls in, server/services/analysis/backtests/history-prices.ts); a minute without a trade carries
// the day's last close before it (the last traded price, as the exchange shows it). Before the contract's
// first trade of the day, or on a day without its candles, there is no real price and it is modelled.
// The simulator's recorded days (source 'simulated') are never read as real. A recorded day is read alike
// whether its minutes are still rows (the day being recorded) or its finished contract-days' arrays (047).
import type { Queryable } from '../../../db/database.ts';
import type { IndexName } from '../../market/index-config.ts';
import { istDate, istMinutes } from '../../market/ist.ts';

export type RealMinute = { minute: number; closePaise: number; openInterest: number; volume: number };

const contractKey = (day: string, expiry: string, strikePaise: number, type: 'CE' | 'PE') => `${day}|${expiry}|${strikePaise}|${type}`;

/** `simulated`: the demo market's recorded minutes instead of real ones (history-prices.ts). */
export function optionMinutePrices(simulated = false) {
  const ofSource = simulated ? `source = 'simulated'` : `source <> 'simulated'`;
  /** By index, then day|expiry|strike|type: the day's candles in minute order. */
  const byIndex = new Map<IndexName, Map<string, RealMinute[]>>();

  async function load(history: Queryable, index: IndexName, from: string, to: string): Promise<number> {
    // The minute rows (fetched, or a recorded day still in progress) and the recorded days' arrays, unnested;
    // where both hold a minute the fetched one is read (r = 0 sorts first; a recording never replaces it).
    const { rows } = await history.query<{ d: string; e: string; s: number; t: 'CE' | 'PE'; m: number; c: number; oi: string; v: string }>(
      `SELECT to_char(trade_date, 'YYYY-MM-DD') AS d, to_char(expiry, 'YYYY-MM-DD') AS e, strike_paise AS s, option_type AS t,
              ((extract(epoch FROM minute)::bigint + 19800) % 86400 / 60)::integer AS m, close_paise AS c, open_interest AS oi, volume AS v, 0 AS r
       FROM history_option_minutes WHERE index_name = $1 AND trade_date BETWEEN $2::date AND $3::date AND ${ofSource}
       UNION ALL
       SELECT to_char(trade_date, 'YYYY-MM-DD'), to_char(expiry, 'YYYY-MM-DD'), strike_paise, option_type, u.m, u.c, u.oi, u.v, 1
       FROM history_recorded_option_days, unnest(minutes, close_paise, open_interest, volume) AS u (m, c, oi, v)
       WHERE index_name = $1 AND trade_date BETWEEN $2::date AND $3::date AND ${ofSource}
       ORDER BY 1, 2, 3, 4, 5, 9`,
      [index, from, to],
    );
    let contracts = byIndex.get(index);
    if (contracts === undefined) byIndex.set(index, (contracts = new Map()));
    for (const row of rows) {
      const key = contractKey(row.d, row.e, Number(row.s), row.t);
      let candles = contracts.get(key);
      if (candles === undefined) contracts.set(key, (candles = []));
      const minute = Number(row.m);
      if (candles.at(-1)?.minute === minute) continue;
      candles.push({ minute, closePaise: Number(row.c), openInterest: Number(row.oi), volume: Number(row.v) });
    }
    return rows.length;
  }

  /** The contract's real minute at an instant (see the header), or null where its price must be modelled. */
  function at(index: IndexName, expiry: string, strikePaise: number, type: 'CE' | 'PE', instant: Date): RealMinute | null {
    const candles = byIndex.get(index)?.get(contractKey(istDate(instant), expiry, strikePaise, type));
    if (candles === undefined) return null;
    const minute = istMinutes(instant);
    // Binary search for the last candle at or before the minute.
    let low = 0;
    let high = candles.length - 1;
    let found: RealMinute | null = null;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const candle = candles[middle] as RealMinute;
      if (candle.minute <= minute) {
        found = candle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  }

  /** Each contract-day loaded for the index, and the close of its last minute that day (its day's last price). */
  function lastCloses(index: IndexName): { day: string; expiry: string; strikePaise: number; optionType: 'CE' | 'PE'; closePaise: number }[] {
    return [...(byIndex.get(index) ?? new Map<string, RealMinute[]>())].flatMap(([key, candles]) => {
      const [day, expiry, strike, type] = key.split('|') as [string, string, string, 'CE' | 'PE'];
      const last = candles.at(-1);
      return last === undefined ? [] : [{ day, expiry, strikePaise: Number(strike), optionType: type, closePaise: last.closePaise }];
    });
  }

  return { load, at, lastCloses };
}

export type OptionMinutePrices = ReturnType<typeof optionMinutePrices>;
