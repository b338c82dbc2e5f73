// Quantity freeze limits as dated data (freeze_quantities, migration 090): the one in force on a day, as the
// index facts read it (index-config.ts) and as the Market facts screen shows it with its source.
import type { Queryable } from '../../db/database.ts';

/**
 * SQL for the freeze quantity of `underlying` (a column or parameter) in force on `day` (a date expression):
 * the latest row on or before it, else the earliest (a day before the first dated circular still slices).
 */
export const freezeInForce = (underlying: string, day: string) =>
  `SELECT f.freeze_quantity FROM freeze_quantities f WHERE f.underlying = ${underlying}
   ORDER BY (f.effective_from <= ${day}) DESC, CASE WHEN f.effective_from <= ${day} THEN f.effective_from END DESC, f.effective_from LIMIT 1`;

/** A stock NSE's freeze file does not name has no freeze quantity here: its orders are never sliced or refused for one. */
export const noFreezeQuantity = Number.MAX_SAFE_INTEGER;

/** The freeze quantity a chain or a replay's instruments answer: null where none is held. */
export const freezeQuantityAnswer = (freezeQuantity: number): number | null => (freezeQuantity === noFreezeQuantity ? null : freezeQuantity);

/** A stock's freeze quantity in force on `day` (YYYY-MM-DD), noFreezeQuantity where none is held. */
export async function stockFreezeQuantityOn(q: Queryable, symbol: string, day: string): Promise<number> {
  const { rows } = await q.query<{ freeze_quantity: number }>(freezeInForce('$1', '$2::date'), [symbol, day]);
  return rows[0]?.freeze_quantity ?? noFreezeQuantity;
}

export type FreezeRow = { underlying: string; effectiveFrom: string; freezeQuantity: number; source: string };

/** The row in force on `day` (YYYY-MM-DD) for each underlying that has one. */
export async function freezeRowsOn(q: Queryable, day: string): Promise<FreezeRow[]> {
  const { rows } = await q.query<{ underlying: string; effective_from: string; freeze_quantity: number; source: string }>(
    `SELECT DISTINCT ON (underlying) underlying, to_char(effective_from, 'YYYY-MM-DD') AS effective_from, freeze_quantity, source
     FROM freeze_quantities
     ORDER BY underlying, (effective_from <= $1::date) DESC, CASE WHEN effective_from <= $1::date THEN effective_from END DESC, effective_from`,
    [day],
  );
  return rows.map((row) => ({ underlying: row.underlying, effectiveFrom: row.effective_from, freezeQuantity: row.freeze_quantity, source: row.source }));
}
