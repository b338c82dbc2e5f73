// Writes parsed history files into the database (migration 027): one file, one transaction, or one (index, day)
// a transaction for an upload (storeByDay: each day whole, none held for the whole file). Rows go in
// with one COPY a file (server/db/copy-from.ts): row-at-a-time inserts would cost a year of bhavcopies
// minutes, and array-parameter INSERTs (unnest) spent most of an import serialising and parsing arrays. A file replaces what is stored for the
// (index, day) pairs it holds, so importing it again changes nothing and a corrected file wins, except the days
// another trader's import holds: those stay as they were (history-claims.ts, issue 61).
import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database, Queryable } from '../../db/database.ts';
import { historyIndices, type FutureDay, type HistoryIndex, type MinuteCandle, type OptionDay } from './history-files.ts';
import type { IndexDay } from './index-close-parser.ts';
import { claimDays, releaseDays, type KeptDay } from './history-claims.ts';

export type ImportKind = 'bhavcopy_udiff' | 'bhavcopy_legacy' | 'index_minutes' | 'index_closes' | 'option_minutes' | 'participant_oi' | 'combined_oi';

/**
 * The imports of the day StrikeDesk ships so Replay works on a first run (kind 'sample', migration 106;
 * analysis/replay/replay-sample.ts), as SQL: its figures are made up, so only a replay of that day reads them.
 */
export const sampleImportIds = `(SELECT id FROM history_imports WHERE kind = 'sample')`;

export type ImportRecord = {
  kind: ImportKind;
  fileName: string;
  sha256: string;
  days: string[];
  rowCount: number;
  uploadedBy: number;
  importedAt: Date;
};

/**
 * Records a file's import and answers its id. Given the id a file stored a day at a time got with its first day
 * (storeByDay), writes it again if it is gone: between two of the file's transactions another import's or a
 * delete's forgetEmptyImports may have removed it (a file's first day kept for another trader leaves it without a row).
 */
export async function recordImport(tx: Queryable, record: ImportRecord, id?: number): Promise<number> {
  const values = [record.kind, record.fileName, record.sha256, record.days[0], record.days[record.days.length - 1], record.rowCount, record.uploadedBy, record.importedAt];
  const columns = 'kind, file_name, sha256, first_day, last_day, row_count, uploaded_by, imported_at';
  if (id !== undefined) {
    await tx.query(`INSERT INTO history_imports (id, ${columns}) OVERRIDING SYSTEM VALUE VALUES ($9, $1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`, [...values, id]);
    return id;
  }
  const { rows } = await tx.query<{ id: number }>(`INSERT INTO history_imports (${columns}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`, values);
  return (rows[0] as { id: number }).id;
}

/** Imports whose every row has been replaced or deleted are no longer the source of anything. */
export async function forgetEmptyImports(tx: Queryable): Promise<void> {
  await tx.query(
    `DELETE FROM history_imports i
     WHERE NOT EXISTS (SELECT 1 FROM history_option_days o WHERE o.import_id = i.id)
       AND NOT EXISTS (SELECT 1 FROM history_future_days f WHERE f.import_id = i.id)
       AND NOT EXISTS (SELECT 1 FROM history_future_minutes g WHERE g.import_id = i.id)
       AND NOT EXISTS (SELECT 1 FROM history_index_minutes m WHERE m.import_id = i.id)
       AND NOT EXISTS (SELECT 1 FROM history_index_days d WHERE d.import_id = i.id)
       AND NOT EXISTS (SELECT 1 FROM history_option_minutes c WHERE c.import_id = i.id)
       AND NOT EXISTS (SELECT 1 FROM history_option_minute_fetches f WHERE f.import_id = i.id)
       AND NOT EXISTS (SELECT 1 FROM history_recorded_option_days r WHERE r.import_id = i.id)
       AND NOT EXISTS (SELECT 1 FROM history_participant_oi p WHERE p.import_id = i.id)
       AND NOT EXISTS (SELECT 1 FROM history_combined_oi o WHERE o.import_id = i.id)
       AND NOT EXISTS (SELECT 1 FROM history_day_claims c WHERE c.import_id = i.id)`,
  );
}

/** A row's (index, day), as one key. */
const dayKey = (row: { index: string; tradeDate: string }) => `${row.index}|${row.tradeDate}`;

function pairsOf<Row extends { index: string; tradeDate: string }>(rows: readonly Row[]): { indices: string[]; days: string[] } {
  const pairs = new Set(rows.map(dayKey));
  const indices: string[] = [];
  const days: string[] = [];
  for (const pair of pairs) {
    const [index = '', day = ''] = pair.split('|');
    indices.push(index);
    days.push(day);
  }
  return { indices, days };
}

/** The advisory-lock class of stored history (any fixed number; what is replaced is the lock's second key). */
const storedHistoryLock = 7_301_203;

/**
 * Holds what a file is about to replace (a table's days, by key) until the transaction ends. Two imports of the
 * same day at once (two traders, or one upload sent twice) would otherwise each delete what was committed before
 * either, and the second's rows then collide with the first's (a unique violation on PostgreSQL); held, the
 * second waits and replaces the first's rows, as it would one after the other. Taken in ascending order, so two
 * files sharing days cannot deadlock; two keys sharing a hash only wait for each other.
 */
export async function lockStoredHistory(tx: Queryable, table: string, keys: readonly string[]): Promise<void> {
  const ids = [...new Set(keys.map((key) => createHash('sha256').update(`${table}\u0000${key}`).digest().readInt32BE(0)))].sort((a, b) => a - b);
  await tx.query('SELECT pg_advisory_xact_lock($1::int, id) FROM unnest($2::int[]) AS id ORDER BY id', [storedHistoryLock, ids]);
}

type DayTable = 'history_option_days' | 'history_future_days' | 'history_index_minutes' | 'history_index_days';

/**
 * Removes what a table holds for the (index, day) pairs of the rows about to replace them, but for the days
 * another trader's import holds; answers the rows to store (the others' days left out) and adds those days to `kept`.
 */
async function forgetStoredDays<Row extends { index: string; tradeDate: string }>(
  tx: Queryable,
  table: DayTable,
  rows: readonly Row[],
  record: ImportRecord,
  importId: number,
  kept: KeptDay[],
): Promise<Row[]> {
  const { indices, days } = pairsOf(rows);
  await lockStoredHistory(tx, table, indices.map((index, at) => `${index}|${days[at]}`));
  const pairs = indices.map((index, at) => ({ index, day: days[at] ?? '' }));
  const claimed = await claimDays(tx, table, pairs, record.uploadedBy ?? null, importId, record.importedAt);
  kept.push(...claimed.kept);
  return claimed.kept.length === 0 ? [...rows] : rows.filter((row) => claimed.store.has(dayKey(row)));
}

/**
 * Rows one COPY sends. A day's bhavcopy is ~5,000 index option rows; stored in one statement they held the
 * process (PGlite ran on the request loop then) for a few hundred ms, every health check and order behind them.
 * In chunks, with a turn of the loop between them, a request's own code runs between two; its statements wait
 * for the chunk on PostgreSQL, for the transaction (a day of an index, storeByDay) on PGlite's one connection.
 */
export const copyChunkRows = 500;

/** COPYs `rows` in chunks of `copyChunkRows`, letting the request loop run between two. */
async function copyInChunks<Row>(tx: Queryable, sql: string, rows: readonly Row[], line: (row: Row) => string): Promise<void> {
  for (let at = 0; at < rows.length; at += copyChunkRows) {
    if (at > 0) await nextTurn();
    await tx.copyFrom(sql, rows.slice(at, at + copyChunkRows).map(line).join(''));
  }
}

/** A value in COPY's text format: null as \N. Every value stored here is a number, an ISO date or a fixed name (no tab, newline or backslash to escape). */
const copyValue = (value: number | string | null) => (value === null ? '\\N' : String(value));

/**
 * One day of a file stored a day at a time (storeByDay): the file's import id once its first day recorded it (and
 * so undefined for the first). Empty imports are then forgotten once, after the file's last day, not after each.
 */
export type DayOfFile = { importId: number | undefined };

/**
 * Stores an upload's rows one (index, day) at a time, each day in its own transaction with `store` (the file's
 * import recorded with the first, named by the rest). On PGlite a transaction holds the one connection: a day's
 * bhavcopy in one took 0.6 s under load, every order and kill switch waiting behind it (issue 61); a day of an
 * index now holds it for tens of milliseconds, and trading goes first between two days (priority-gate.ts). A
 * reader sees each day whole, before or after; a server killed between two days leaves the days stored so far,
 * each whole, and the job's retry stores the file again.
 */
export async function storeByDay<Row extends { index: string; tradeDate: string }>(
  db: Database,
  rows: readonly Row[],
  store: (tx: Queryable, dayRows: readonly Row[], day: DayOfFile) => Promise<number>,
): Promise<void> {
  const days = new Map<string, Row[]>();
  for (const row of rows) {
    const day = days.get(dayKey(row));
    if (day === undefined) days.set(dayKey(row), [row]);
    else day.push(row);
  }
  let importId: number | undefined;
  let left = days.size;
  for (const dayRows of days.values()) {
    importId = await db.transaction(async (tx) => {
      const id = await store(tx, dayRows, { importId });
      if ((left -= 1) === 0) await forgetEmptyImports(tx);
      return id;
    });
  }
}

/** `kept`: gets the days another trader's import holds, left as they were (issue 61). `day`: when stored a day at a time. */
export async function storeOptionDays(tx: Queryable, record: ImportRecord, all: readonly OptionDay[], kept: KeptDay[] = [], day?: DayOfFile): Promise<number> {
  const importId = await recordImport(tx, record, day?.importId);
  const rows = await forgetStoredDays(tx, 'history_option_days', all, record, importId, kept);
  await copyInChunks(
    tx,
    `COPY history_option_days (index_name, trade_date, expiry, strike_paise, option_type, open_paise, high_paise, low_paise,
       close_paise, settle_paise, open_interest, change_in_oi, volume_contracts, underlying_paise, lot_size, import_id) FROM STDIN`,
    rows,
    (row) =>
      `${row.index}\t${row.tradeDate}\t${row.expiry}\t${row.strikePaise}\t${row.optionType}\t${row.openPaise}\t${row.highPaise}\t` +
      `${row.lowPaise}\t${row.closePaise}\t${row.settlePaise}\t${row.openInterest}\t${row.changeInOi}\t${row.volumeContracts}\t` +
      `${copyValue(row.underlyingPaise)}\t${copyValue(row.lotSize)}\t${importId}\n`,
  );
  if (day === undefined) await forgetEmptyImports(tx);
  return importId;
}

/** The stocks the underlyings table lists (migration 110): a bhavcopy's import keeps their options and futures. */
export async function listedStocks(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ symbol: string }>("SELECT symbol FROM underlyings WHERE kind = 'stock' ORDER BY symbol");
  return rows.map((row) => row.symbol);
}

/** A bhavcopy's futures, as storeOptionDays stores its options (the same claims and replacement, by underlying and day). */
export async function storeFutureDays(tx: Queryable, record: ImportRecord, all: readonly FutureDay[], kept: KeptDay[] = [], day?: DayOfFile): Promise<number> {
  const importId = await recordImport(tx, record, day?.importId);
  const rows = await forgetStoredDays(tx, 'history_future_days', all, record, importId, kept);
  await copyInChunks(
    tx,
    `COPY history_future_days (index_name, trade_date, expiry, open_paise, high_paise, low_paise, close_paise, settle_paise,
       open_interest, change_in_oi, volume_contracts, underlying_paise, lot_size, import_id) FROM STDIN`,
    rows,
    (row) =>
      `${row.index}\t${row.tradeDate}\t${row.expiry}\t${row.openPaise}\t${row.highPaise}\t${row.lowPaise}\t${row.closePaise}\t` +
      `${row.settlePaise}\t${row.openInterest}\t${row.changeInOi}\t${row.volumeContracts}\t` +
      `${copyValue(row.underlyingPaise)}\t${copyValue(row.lotSize)}\t${importId}\n`,
  );
  if (day === undefined) await forgetEmptyImports(tx);
  return importId;
}

/**
 * A bhavcopy's options and futures, an (underlying, day) a transaction (storeByDay): a day's options and futures of
 * an underlying are replaced together. `kept` gets each day kept for another trader once.
 */
export async function storeBhavcopy(db: Database, record: ImportRecord, options: readonly OptionDay[], futures: readonly FutureDay[], kept: KeptDay[]): Promise<void> {
  const keptOnce = new Map<string, KeptDay>();
  await storeByDay<OptionDay | FutureDay>(db, [...options, ...futures], async (tx, rows, day) => {
    const found: KeptDay[] = [];
    const dayOptions = rows.filter((row): row is OptionDay => 'strikePaise' in row);
    const dayFutures = rows.filter((row): row is FutureDay => !('strikePaise' in row));
    let importId = day.importId;
    if (dayOptions.length > 0) importId = await storeOptionDays(tx, record, dayOptions, found, { importId });
    if (dayFutures.length > 0) importId = await storeFutureDays(tx, record, dayFutures, found, { importId });
    for (const held of found) keptOnce.set(`${held.index}|${held.trade_date}`, held);
    return importId as number;
  });
  kept.push(...keptOnce.values());
}

export async function storeMinuteCandles(tx: Queryable, record: ImportRecord, all: readonly MinuteCandle[], kept: KeptDay[] = [], day?: DayOfFile): Promise<number> {
  const importId = await recordImport(tx, record, day?.importId);
  const candles = await forgetStoredDays(tx, 'history_index_minutes', all, record, importId, kept);
  await copyInChunks(
    tx,
    `COPY history_index_minutes (index_name, minute, trade_date, open_paise, high_paise, low_paise, close_paise, import_id) FROM STDIN`,
    candles,
    (candle) =>
      `${candle.index}\t${candle.minute.toISOString()}\t${candle.tradeDate}\t${candle.openPaise}\t${candle.highPaise}\t` +
      `${candle.lowPaise}\t${candle.closePaise}\t${importId}\n`,
  );
  if (day === undefined) await forgetEmptyImports(tx);
  return importId;
}

/** An index close file's days: one row per index and day, replacing what was stored for it. */
export async function storeIndexDays(tx: Queryable, record: ImportRecord, all: readonly IndexDay[], kept: KeptDay[] = []): Promise<number> {
  const importId = await recordImport(tx, record);
  const rows = await forgetStoredDays(tx, 'history_index_days', all, record, importId, kept);
  // A few rows a file: one INSERT, not a COPY.
  await tx.query(
    `INSERT INTO history_index_days (index_name, trade_date, open_paise, high_paise, low_paise, close_paise, import_id)
     SELECT *, $7::integer FROM unnest($1::text[], $2::date[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[])`,
    [
      rows.map((row) => row.index),
      rows.map((row) => row.tradeDate),
      rows.map((row) => row.openPaise),
      rows.map((row) => row.highPaise),
      rows.map((row) => row.lowPaise),
      rows.map((row) => row.closePaise),
      importId,
    ],
  );
  await forgetEmptyImports(tx);
  return importId;
}

export type DeletedHistory = { optionRows: number; minuteCandles: number; optionMinutes: number; keptOthers: number };

/**
 * Deletes the caller's imported days from `from` to `to` (one index, or all). History is shared: days
 * another trader imported stay, and are counted so the answer can say so.
 */
export async function deleteHistoryRange(tx: Queryable, userId: number, from: string, to: string, index: HistoryIndex | null): Promise<DeletedHistory> {
  const indices: readonly string[] = index === null ? historyIndices : [index];
  // The stocks' options and futures go with every index's days (a range of all history), never with one index's.
  const underlyings: readonly string[] = index === null ? [...historyIndices, ...(await listedStocks(tx))] : indices;
  // Every index named, so the (index_name, trade_date, ...) primary keys serve the range.
  const scope = `index_name = ANY($3::text[]) AND trade_date BETWEEN $1::date AND $2::date`;
  const mine = `import_id IN (SELECT id FROM history_imports WHERE uploaded_by = $4)`;
  // The claimed tables: the trader's claims go, and the rows of the days nobody claims any more (issue 61).
  const range = { from, to, indices };
  const release = (table: DayTable) => releaseDays(tx, table, userId, range, (keys) => lockStoredHistory(tx, table, keys));
  const optionRows = await releaseDays(tx, 'history_option_days', userId, { ...range, indices: underlyings }, (keys) => lockStoredHistory(tx, 'history_option_days', keys));
  await releaseDays(tx, 'history_future_days', userId, { ...range, indices: underlyings }, (keys) => lockStoredHistory(tx, 'history_future_days', keys));
  const minuteCandles = await release('history_index_minutes');
  const optionMinutes = await tx.query<{ count: number }>(
    `WITH gone AS (DELETE FROM history_option_minutes WHERE ${scope} AND ${mine} RETURNING 1) SELECT count(*)::integer AS count FROM gone`,
    [from, to, indices, userId],
  );
  // The days' OHLC go with the range too, and the record of what was fetched (a day deleted can be fetched again).
  await release('history_index_days');
  await tx.query(`DELETE FROM history_option_minute_fetches WHERE ${scope} AND ${mine}`, [from, to, indices, userId]);
  const kept = await tx.query<{ count: number }>(
    `SELECT ((SELECT count(*) FROM history_option_days WHERE index_name = ANY($4::text[]) AND trade_date BETWEEN $1::date AND $2::date)
       + (SELECT count(*) FROM history_index_minutes WHERE ${scope})
       + (SELECT count(*) FROM history_option_minutes WHERE ${scope}))::integer AS count`,
    [from, to, indices, underlyings],
  );
  await forgetEmptyImports(tx);
  return {
    optionRows,
    minuteCandles,
    optionMinutes: optionMinutes.rows[0]?.count ?? 0,
    keptOthers: kept.rows[0]?.count ?? 0,
  };
}
