// Option minute candles in market history (migration 041): written a contract's days at a time, each such
// day replaced whole (a fetch again, or a corrected one, wins), with the record of which (source, contract,
// day) was fetched in the same transaction, so a cut fetch resumes and a day is never fetched twice.
import type { Queryable } from '../../db/database.ts';
import type { HistoryIndex } from './history-files.ts';
import { forgetEmptyImports, lockStoredHistory, recordImport, type ImportRecord } from './history-store.ts';

/** One option contract's one-minute candle; `minute` is its start as an instant; prices in paise. */
export type OptionMinute = {
  tradeDate: string;
  minute: Date;
  openPaise: number;
  highPaise: number;
  lowPaise: number;
  closePaise: number;
  volume: number;
  openInterest: number;
};

export type OptionContract = { index: HistoryIndex; expiry: string; strikePaise: number; optionType: 'CE' | 'PE' };

/** A broker's historical candles (real) or a feed recorded, or the simulator (never real). */
export type BrokerMinuteSource = 'upstox' | 'kite' | 'dhan' | 'shoonya' | 'flattrade';
export type OptionMinuteSource = BrokerMinuteSource | 'recorded' | 'simulated';

/** The days of `days` for which the contract was already fetched from `source`. */
export async function fetchedDays(db: Queryable, source: BrokerMinuteSource, contract: OptionContract, days: readonly string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ day: string }>(
    `SELECT to_char(trade_date, 'YYYY-MM-DD') AS day FROM history_option_minute_fetches
     WHERE source = $1 AND index_name = $2 AND expiry = $3::date AND strike_paise = $4 AND option_type = $5 AND trade_date = ANY($6::date[])`,
    [source, contract.index, contract.expiry, contract.strikePaise, contract.optionType, days],
  );
  return new Set(rows.map((row) => row.day));
}

/**
 * Stores a contract's candles of `days` (replacing what was stored for those days) and, for a broker's
 * fetch, notes each day as fetched, with its candle count (zero for a day the contract did not trade).
 */
export async function storeOptionMinutes(
  tx: Queryable,
  record: Omit<ImportRecord, 'kind'>,
  source: OptionMinuteSource,
  contract: OptionContract,
  days: readonly string[],
  candles: readonly OptionMinute[],
): Promise<number> {
  const importId = await recordImport(tx, { ...record, kind: 'option_minutes' });
  const key = [contract.index, contract.expiry, contract.strikePaise, contract.optionType];
  await lockStoredHistory(tx, 'history_option_minutes', days.map((day) => [...key, day].join('|')));
  await tx.query(
    `DELETE FROM history_option_minutes
     WHERE index_name = $1 AND trade_date = ANY($5::date[]) AND expiry = $2::date AND strike_paise = $3 AND option_type = $4`,
    [...key, days],
  );
  if (candles.length > 0) {
    const prefix = `${contract.index}\t`;
    const contractColumns = `\t${contract.expiry}\t${contract.strikePaise}\t${contract.optionType}\t`;
    const lines = candles.map(
      (candle) =>
        `${prefix}${candle.tradeDate}${contractColumns}${candle.minute.toISOString()}\t${candle.openPaise}\t${candle.highPaise}\t` +
        `${candle.lowPaise}\t${candle.closePaise}\t${candle.volume}\t${candle.openInterest}\t${source}\t${importId}\n`,
    );
    await tx.copyFrom(
      `COPY history_option_minutes (index_name, trade_date, expiry, strike_paise, option_type, minute, open_paise, high_paise, low_paise,
         close_paise, volume, open_interest, source, import_id) FROM STDIN`,
      lines.join(''),
    );
  }
  if (source !== 'recorded' && source !== 'simulated') {
    const counts = days.map((day) => candles.filter((candle) => candle.tradeDate === day).length);
    await tx.query(
      `INSERT INTO history_option_minute_fetches (source, index_name, expiry, strike_paise, option_type, trade_date, candles, import_id)
       SELECT $1, $2, $3::date, $4, $5, day, count, $8 FROM unnest($6::date[], $7::integer[]) AS f(day, count)
       ON CONFLICT (source, index_name, expiry, strike_paise, option_type, trade_date)
       DO UPDATE SET candles = excluded.candles, import_id = excluded.import_id`,
      [source, ...key, days, counts, importId],
    );
  }
  await forgetEmptyImports(tx);
  return importId;
}
