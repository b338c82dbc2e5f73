// Stores a day of NSE's combined open interest (migration 133), the day replaced whole in one transaction as the other
// history files are (participant-oi-store.ts), and derives from it the next trading day's F&O ban list by the dated
// rule (market/ban-list/ban-from-oi.ts), stored beside NSE's own lists unless NSE's is held for that day.
import type { Queryable } from '../../db/database.ts';
import { deriveBanList, storeDerivedBanList } from '../market/ban-list/ban-from-oi.ts';
import { forgetEmptyImports, lockStoredHistory, recordImport, type ImportRecord } from './history-store.ts';
import type { ParsedCombinedOi } from './combined-oi-parser.ts';

/** A row's values after the day and the import: symbol, ISIN, MWPL, open interest, future-equivalent OI, next day's limit. */
const rowTypes = ['text', 'text', 'bigint', 'bigint', 'numeric', 'text'];
const valuesARow = rowTypes.length;

export async function storeCombinedOiDay(tx: Queryable, record: ImportRecord, day: ParsedCombinedOi): Promise<number> {
  const importId = await recordImport(tx, record);
  await lockStoredHistory(tx, 'history_combined_oi', [day.tradeDate]);
  await tx.query('DELETE FROM history_combined_oi WHERE trade_date = $1::date', [day.tradeDate]);
  if (day.rows.length > 0) {
    // About 200 stocks a day: one statement.
    const values = day.rows.map((_, row) => `($1::date, $2::integer, ${rowTypes.map((type, column) => `$${row * valuesARow + 3 + column}::${type}`).join(', ')})`);
    await tx.query(
      `INSERT INTO history_combined_oi (trade_date, import_id, symbol, isin, mwpl, open_interest, futures_equivalent_oi, limit_next_day) VALUES ${values.join(', ')}`,
      [day.tradeDate, importId, ...day.rows.flatMap((row) => [row.symbol, row.isin, row.mwpl, row.openInterest, row.futuresEquivalentOi, row.limitNextDay])],
    );
  }
  await forgetEmptyImports(tx);
  // The ban list of the next trading day, derived from this day's figures.
  const derived = await deriveBanList(tx, { fromDay: day.tradeDate });
  if (derived !== null) await storeDerivedBanList(tx, derived, record.uploadedBy ?? null, record.importedAt);
  return importId;
}
