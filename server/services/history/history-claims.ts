// Who imported which day (issue 61; migration 097 history_day_claims). History is shared market data, so a day
// is stored once, from one file: its holder's, the trader whose claim on it is oldest. The rule a trader can
// count on: what they imported stays as they imported it until they delete it themselves.
// - Importing a day nobody holds stores it (the trader holds it); importing a day one holds replaces it (a
//   corrected file wins); importing a day another trader holds records the claim and stores nothing of it:
//   the holder's rows stay exactly as they were, and the answer names the day as kept.
// - Deleting removes one's own claims; a day's rows go only when nobody claims it any more. While another
//   trader claims it, it stays (and the oldest remaining claim holds it, so that trader's next import of it
//   replaces it).
// Rows nobody claims (the market recorder's, a fetch without a user) are replaced by any import, as before.
import type { Queryable } from '../../db/database.ts';

export type ClaimedTable = 'history_option_days' | 'history_future_days' | 'history_index_minutes' | 'history_index_days';

/**
 * A day of an index a file held that another trader's import holds: kept as it was. `source`: the broker whose
 * fetch holds it (its display name, as the fetch named its import: "Dhan NIFTY minutes …"); absent for an uploaded
 * file, whose name is the other trader's and not told.
 */
export type KeptDay = { index: string; trade_date: string; source?: string };

type Pair = { index: string; day: string };

/**
 * Claims the file's (index, day) pairs for `userId` (none for a null uploader), deletes what the pairs it may
 * store held, and answers those pairs (`index|day`) and the ones kept for their holder. Called under the
 * pairs' advisory lock, in the file's transaction.
 */
export async function claimDays(tx: Queryable, table: ClaimedTable, pairs: readonly Pair[], userId: number | null, importId: number, now: Date): Promise<{ store: Set<string>; kept: KeptDay[] }> {
  const indices = pairs.map((pair) => pair.index);
  const days = pairs.map((pair) => pair.day);
  const { rows: holders } = await tx.query<{ index_name: string; trade_date: string; user_id: number; broker: string | null }>(
    `SELECT DISTINCT ON (c.index_name, c.trade_date) c.index_name, to_char(c.trade_date, 'YYYY-MM-DD') AS trade_date, c.user_id,
       (SELECT b.display_name FROM history_imports h JOIN brokers b ON starts_with(h.file_name, b.display_name || ' ')
        WHERE h.id = c.import_id ORDER BY length(b.display_name) DESC LIMIT 1) AS broker
     FROM history_day_claims c JOIN unnest($2::text[], $3::date[]) AS p(index_name, trade_date) ON c.index_name = p.index_name AND c.trade_date = p.trade_date
     WHERE c.kind = $1
     ORDER BY c.index_name, c.trade_date, c.claimed_at, c.user_id`,
    [table, indices, days],
  );
  const others = new Map(holders.filter((row) => row.user_id !== userId).map((row) => [`${row.index_name}|${row.trade_date}`, row.broker]));
  const kept = pairs
    .filter((pair) => others.has(`${pair.index}|${pair.day}`))
    .map((pair) => {
      const broker = others.get(`${pair.index}|${pair.day}`);
      return { index: pair.index, trade_date: pair.day, ...(broker == null ? {} : { source: broker }) };
    });
  const stored = pairs.filter((pair) => !others.has(`${pair.index}|${pair.day}`));
  if (userId !== null) {
    // Every day of the file is the trader's import, stored or kept; a claim keeps its first time (its place in line).
    await tx.query(
      `INSERT INTO history_day_claims (kind, index_name, trade_date, user_id, import_id, claimed_at)
       SELECT $1, index_name, trade_date, $4, $5, $6 FROM unnest($2::text[], $3::date[]) AS p(index_name, trade_date)
       ON CONFLICT (kind, index_name, trade_date, user_id) DO UPDATE SET import_id = EXCLUDED.import_id`,
      [table, indices, days, userId, importId, now],
    );
  }
  await tx.query(
    `DELETE FROM ${table} t USING unnest($1::text[], $2::date[]) AS p(index_name, trade_date)
     WHERE t.index_name = p.index_name AND t.trade_date = p.trade_date`,
    [stored.map((pair) => pair.index), stored.map((pair) => pair.day)],
  );
  return { store: new Set(stored.map((pair) => `${pair.index}|${pair.day}`)), kept };
}

/**
 * Deletes `userId`'s days of a table in the range: their claims, then the rows of days nobody claims any more
 * that were theirs (claimed by them, or stored by an import of theirs). Answers the rows deleted.
 */
export async function releaseDays(
  tx: Queryable,
  table: ClaimedTable,
  userId: number,
  range: { from: string; to: string; indices: readonly string[] },
  /** Waits for an import of these `index|day` keys under way (history-store.ts lockStoredHistory): its claim is then seen. */
  lock: (keys: readonly string[]) => Promise<void>,
): Promise<number> {
  const { from, to, indices } = range;
  const scope = `index_name = ANY($3::text[]) AND trade_date BETWEEN $1::date AND $2::date`;
  // The days' locks first, then the claims: an import holds the lock while it writes its claim.
  const { rows: released } = await tx.query<{ index_name: string; trade_date: string }>(
    `SELECT index_name, to_char(trade_date, 'YYYY-MM-DD') AS trade_date FROM history_day_claims WHERE kind = $5 AND ${scope} AND user_id = $4`,
    [from, to, indices, userId, table],
  );
  await lock(released.map((row) => `${row.index_name}|${row.trade_date}`));
  await tx.query(`DELETE FROM history_day_claims WHERE kind = $5 AND ${scope} AND user_id = $4`, [from, to, indices, userId, table]);
  const { rows } = await tx.query<{ count: number }>(
    `WITH gone AS (
       DELETE FROM ${table} t WHERE ${scope}
         AND NOT EXISTS (SELECT 1 FROM history_day_claims c WHERE c.kind = $5 AND c.index_name = t.index_name AND c.trade_date = t.trade_date)
         AND (t.import_id IN (SELECT id FROM history_imports WHERE uploaded_by = $4)
           OR (t.index_name, t.trade_date) IN (SELECT * FROM unnest($6::text[], $7::date[])))
       RETURNING 1)
     SELECT count(*)::integer AS count FROM gone`,
    [from, to, indices, userId, table, released.map((row) => row.index_name), released.map((row) => row.trade_date)],
  );
  return rows[0]?.count ?? 0;
}

/** The rows stored of a file some of whose days were kept for another trader, and the answer's kept days. */
export function keptPart(rows: ReadonlyArray<{ index: string; tradeDate: string }>, kept: readonly KeptDay[]): { rows: number; kept_days?: KeptDay[] } {
  if (kept.length === 0) return { rows: rows.length };
  const held = new Set(kept.map((day) => `${day.index}|${day.trade_date}`));
  return { rows: rows.filter((row) => !held.has(`${row.index}|${row.tradeDate}`)).length, kept_days: [...kept] };
}
