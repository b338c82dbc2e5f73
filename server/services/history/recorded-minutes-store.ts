// Writes the recorder's minutes into market history (migration 047) and prunes them past the retention.
// Each minute is written once however many instances record it: the rows' keys are the minute's, and a
// second writer's rows meet them with ON CONFLICT. What wins when a real and a simulated minute meet: the
// real one (a live feed recorded replaces a simulated minute; a simulated one never replaces anything).
// Imported and broker-fetched rows are never replaced or pruned here: an import replaces whole days itself.
// A day is written a row per contract-minute while it is recorded, and moved to a row per contract-day when
// it is over (compactRecordedDays): a finished NIFTY day then takes a fraction of the space.
import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { forgetEmptyImports } from './history-store.ts';
import type { BookMinute } from './minute-book.ts';

export type RecordingSource = 'recorded' | 'simulated';

/** `index` names the underlying: one of the four history indices, or (issue 63, migration 132) a watched stock. */
export type RecordedOption = BookMinute & { index: string; expiry: string; strikePaise: number; optionType: 'CE' | 'PE' };
export type RecordedIndex = BookMinute & { index: string };
/** A future's minute (a watched stock's month, migration 132). */
export type RecordedFuture = BookMinute & { index: string; expiry: string };

/** The one history_imports row a source's recorded day hangs on (made by whichever instance writes first). */
async function recordingImport(tx: Queryable, source: RecordingSource, day: string, now: Date): Promise<number> {
  const fileName = `recording-${source}-${day}`;
  const found = await tx.query<{ id: number }>(`SELECT id FROM history_imports WHERE kind = 'recorded' AND file_name = $1 ORDER BY id LIMIT 1`, [fileName]);
  if (found.rows[0] !== undefined) return found.rows[0].id;
  const sha256 = createHash('sha256').update(fileName).digest('hex');
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO history_imports (kind, file_name, sha256, first_day, last_day, row_count, uploaded_by, imported_at)
     VALUES ('recorded', $1, $2, $3::date, $3::date, 0, NULL, $4) RETURNING id`,
    [fileName, sha256, day, now],
  );
  return (rows[0] as { id: number }).id;
}

/** Stores one recorded minute of one IST day; returns how many rows it added (0 when another instance had). */
export async function storeRecordedMinute(
  tx: Queryable,
  source: RecordingSource,
  day: string,
  indices: readonly RecordedIndex[],
  options: readonly RecordedOption[],
  now: Date,
  futures: readonly RecordedFuture[] = [],
): Promise<number> {
  const importId = await recordingImport(tx, source, day, now);
  // An index minute has one row whoever wrote it: a real one replaces a simulated one, nothing else is replaced.
  const index = await tx.query<{ count: number }>(
    `WITH w AS (INSERT INTO history_index_minutes (index_name, minute, trade_date, open_paise, high_paise, low_paise, close_paise, import_id, source)
     SELECT i, m, $3::date, o, h, l, c, $8, $9 FROM unnest($1::text[], $2::timestamptz[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[])
       AS x (i, m, o, h, l, c)
     ON CONFLICT (index_name, minute) DO UPDATE SET open_paise = excluded.open_paise, high_paise = excluded.high_paise,
       low_paise = excluded.low_paise, close_paise = excluded.close_paise, import_id = excluded.import_id, source = excluded.source
     WHERE history_index_minutes.source = 'simulated' AND excluded.source = 'recorded' RETURNING 1)
     SELECT count(*)::integer AS count FROM w`,
    [indices.map((r) => r.index), indices.map((r) => r.minute), day, ...ohlc(indices), importId, source],
  );
  const option = await tx.query<{ count: number }>(
    `WITH w AS (INSERT INTO history_option_minutes (index_name, trade_date, expiry, strike_paise, option_type, minute, open_paise, high_paise,
       low_paise, close_paise, volume, open_interest, iv_bp, bid_paise, ask_paise, source, import_id)
     SELECT i, $2::date, e, s, t, m, o, h, l, c, v, oi, iv, b, a, $16, $17
     FROM unnest($1::text[], $3::date[], $4::integer[], $5::text[], $6::timestamptz[], $7::integer[], $8::integer[], $9::integer[],
       $10::integer[], $11::bigint[], $12::bigint[], $13::smallint[], $14::integer[], $15::integer[])
       AS x (i, e, s, t, m, o, h, l, c, v, oi, iv, b, a)
     ON CONFLICT (index_name, trade_date, expiry, strike_paise, option_type, minute) DO UPDATE SET open_paise = excluded.open_paise,
       high_paise = excluded.high_paise, low_paise = excluded.low_paise, close_paise = excluded.close_paise, volume = excluded.volume,
       open_interest = excluded.open_interest, iv_bp = excluded.iv_bp, bid_paise = excluded.bid_paise, ask_paise = excluded.ask_paise,
       source = excluded.source, import_id = excluded.import_id
     WHERE history_option_minutes.source = 'simulated' AND excluded.source = 'recorded' RETURNING 1)
     SELECT count(*)::integer AS count FROM w`,
    [
      options.map((r) => r.index),
      day,
      options.map((r) => r.expiry),
      options.map((r) => r.strikePaise),
      options.map((r) => r.optionType),
      options.map((r) => r.minute),
      ...ohlc(options),
      options.map((r) => r.volume),
      options.map((r) => r.openInterest),
      options.map((r) => r.ivBp),
      options.map((r) => r.bidPaise),
      options.map((r) => r.askPaise),
      source,
      importId,
    ],
  );
  const future =
    futures.length === 0
      ? { rows: [{ count: 0 }] }
      : await tx.query<{ count: number }>(
          `WITH w AS (INSERT INTO history_future_minutes (index_name, trade_date, expiry, minute, open_paise, high_paise, low_paise, close_paise,
             volume, open_interest, source, import_id)
           SELECT i, $2::date, e, m, o, h, l, c, v, oi, $11, $12
           FROM unnest($1::text[], $3::date[], $4::timestamptz[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[])
             AS x (i, e, m, o, h, l, c, v, oi)
           ON CONFLICT (index_name, trade_date, expiry, minute) DO UPDATE SET open_paise = excluded.open_paise, high_paise = excluded.high_paise,
             low_paise = excluded.low_paise, close_paise = excluded.close_paise, volume = excluded.volume, open_interest = excluded.open_interest,
             source = excluded.source, import_id = excluded.import_id
           WHERE history_future_minutes.source = 'simulated' AND excluded.source = 'recorded' RETURNING 1)
           SELECT count(*)::integer AS count FROM w`,
          [
            futures.map((r) => r.index),
            day,
            futures.map((r) => r.expiry),
            futures.map((r) => r.minute),
            ...ohlc(futures),
            futures.map((r) => r.volume),
            futures.map((r) => r.openInterest),
            source,
            importId,
          ],
        );
  const added = (index.rows[0]?.count ?? 0) + (option.rows[0]?.count ?? 0) + (future.rows[0]?.count ?? 0);
  if (added > 0) await tx.query('UPDATE history_imports SET row_count = row_count + $2 WHERE id = $1', [importId, added]);
  return added;
}

function ohlc(rows: readonly BookMinute[]) {
  return [rows.map((r) => r.openPaise), rows.map((r) => r.highPaise), rows.map((r) => r.lowPaise), rows.map((r) => r.closePaise)];
}

/**
 * The recordings' imports of days before a date: rows are found through their import (each table has an index
 * on import_id), so the hourly compaction and pruning never scan the fetched and imported history beside them.
 */
const recordingsBefore = (day: string) => `SELECT id FROM history_imports WHERE kind = 'recorded' AND first_day < ${day}::date`;

/** A minute's start as minutes after midnight IST, in SQL (IST is UTC+05:30 all year). */
const istMinuteOfDay = `((extract(epoch FROM minute)::bigint + 19800) % 86400 / 60)::smallint`;

/**
 * Moves the recorded and simulated option minutes of IST days before `today` into one row per contract-day
 * (history_recorded_option_days, migration 047). One statement: the minute rows are deleted as their day row
 * is written, so two instances compacting at once move each day once (the second finds the rows gone).
 */
export async function compactRecordedDays(tx: Queryable, today: string): Promise<number> {
  const { rows } = await tx.query<{ count: number }>(
    `WITH moved AS (
       DELETE FROM history_option_minutes WHERE import_id IN (${recordingsBefore('$1')}) AND source IN ('recorded', 'simulated') RETURNING *),
     days AS (
       INSERT INTO history_recorded_option_days (index_name, trade_date, expiry, strike_paise, option_type, source, minutes, open_paise,
         high_paise, low_paise, close_paise, volume, open_interest, iv_bp, bid_paise, ask_paise, import_id)
       SELECT index_name, trade_date, expiry, strike_paise, option_type, source, array_agg(${istMinuteOfDay} ORDER BY minute),
         array_agg(open_paise ORDER BY minute), array_agg(high_paise ORDER BY minute), array_agg(low_paise ORDER BY minute),
         array_agg(close_paise ORDER BY minute), array_agg(volume::integer ORDER BY minute), array_agg(open_interest::integer ORDER BY minute),
         array_agg(iv_bp ORDER BY minute), array_agg(bid_paise ORDER BY minute), array_agg(ask_paise ORDER BY minute), min(import_id)
       FROM moved GROUP BY index_name, trade_date, expiry, strike_paise, option_type, source
       RETURNING 1)
     SELECT count(*)::integer AS count FROM days`,
    [today],
  );
  return rows[0]?.count ?? 0;
}

/** Deletes recorded and simulated minutes (futures' too) of IST days before `firstKeptDay`; imported and fetched rows stay. */
export async function pruneRecordings(tx: Queryable, firstKeptDay: string): Promise<number> {
  const recorded = `import_id IN (${recordingsBefore('$1')}) AND source IN ('recorded', 'simulated')`;
  const { rows } = await tx.query<{ count: number }>(
    `WITH a AS (DELETE FROM history_option_minutes WHERE ${recorded} RETURNING 1),
          b AS (DELETE FROM history_index_minutes WHERE ${recorded} RETURNING 1),
          c AS (DELETE FROM history_recorded_option_days WHERE ${recorded} RETURNING cardinality(minutes) AS n),
          d AS (DELETE FROM history_future_minutes WHERE ${recorded} RETURNING 1)
     SELECT ((SELECT count(*) FROM a) + (SELECT count(*) FROM b) + (SELECT coalesce(sum(n), 0) FROM c) + (SELECT count(*) FROM d))::integer AS count`,
    [firstKeptDay],
  );
  await forgetEmptyImports(tx);
  return rows[0]?.count ?? 0;
}
