// The index facts in force on a day, read from the effective-dated index_config table (migration 002),
// never from constants. The lot size is not an index's fact but each contract's (NSE leaves the nearer
// contracts at the old lot when it revises it): contract-lots.ts answers it.
import type { components } from '../../../openapi/main.d.ts';
import type { Queryable } from '../../db/database.ts';
import { istDate } from './ist.ts';

export type IndexName = components['schemas']['IndexName'];

export type IndexFacts = {
  index: IndexName;
  effectiveFrom: string;
  strikeStep: number;
  freezeQuantity: number;
  expiryCycle: 'weekly' | 'monthly';
  expiryWeekday: number;
  exchange: 'NFO' | 'BFO';
};

type Row = {
  index_name: IndexName;
  effective_from: string;
  strike_step: number;
  freeze_quantity: number;
  expiry_cycle: IndexFacts['expiryCycle'];
  expiry_weekday: number;
  exchange: IndexFacts['exchange'];
};

/**
 * The facts in force on the IST date of `at`. Before the first recorded date the earliest facts apply
 * (a clock set in the past should still find an index, not fail).
 */
export async function indexFacts(db: Queryable, index: IndexName, at: Date): Promise<IndexFacts> {
  const { rows } = await db.query<Row>(
    `SELECT index_name, to_char(effective_from, 'YYYY-MM-DD') AS effective_from, strike_step,
            freeze_quantity, expiry_cycle, expiry_weekday, exchange
     FROM index_config WHERE index_name = $1
     ORDER BY (effective_from <= $2::date) DESC, CASE WHEN effective_from <= $2::date THEN effective_from END DESC, effective_from
     LIMIT 1`,
    [index, istDate(at)],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`index_config has no row for ${index}`);
  return {
    index: row.index_name,
    effectiveFrom: row.effective_from,
    strikeStep: row.strike_step,
    freezeQuantity: row.freeze_quantity,
    expiryCycle: row.expiry_cycle,
    expiryWeekday: Number(row.expiry_weekday),
    exchange: row.exchange,
  };
}
