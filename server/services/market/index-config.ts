// The index facts in force on a day, read from the effective-dated index_config table (migration 002),
// never from constants. The lot size is not an index's fact but each contract's (NSE leaves the nearer
// contracts at the old lot when it revises it): contract-lots.ts answers it. The freeze quantity is the one of
// freeze_quantities (migration 090: NSE's monthly circulars, each dated) in force that day; index_config's own
// column only stands in for an underlying that table has no row of. Nor is the expiry weekday the day's: it is the
// contract's, by its expiry date (expiry_weekdays, migration 093): every row of the index comes with the facts, and
// expiries.ts picks the one in force for each expiry.
import type { components } from '../../../openapi/main.d.ts';
import type { Queryable } from '../../db/database.ts';
import type { ExpiryWeekday } from './expiries.ts';
import { freezeInForce } from './freeze-quantities.ts';
import { istDate } from './ist.ts';

export type IndexName = components['schemas']['IndexName'];

export type IndexFacts = {
  index: IndexName;
  effectiveFrom: string;
  strikeStep: number;
  freezeQuantity: number;
  expiryCycle: 'weekly' | 'monthly';
  /** The index's dated expiry weekdays, in date order (expiries.ts expiryWeekdayRow reads the one of an expiry). */
  expiryWeekdays: readonly ExpiryWeekday[];
  exchange: 'NFO' | 'BFO';
};

type Row = {
  index_name: IndexName;
  effective_from: string;
  strike_step: number;
  freeze_quantity: number;
  expiry_cycle: IndexFacts['expiryCycle'];
  expiry_weekdays: Array<{ expiring_from: string; weekday: number; source: string }> | null;
  exchange: IndexFacts['exchange'];
};

/**
 * The facts in force on the IST date of `at`. Before the first recorded date the earliest facts apply
 * (a clock set in the past should still find an index, not fail).
 */
export async function indexFacts(db: Queryable, index: IndexName, at: Date): Promise<IndexFacts> {
  const { rows } = await db.query<Row>(
    `SELECT c.index_name, to_char(c.effective_from, 'YYYY-MM-DD') AS effective_from, c.strike_step,
            -- Never below the index's lot of that row: an order of one lot is always possible.
            greatest(c.lot_size, coalesce(f.freeze_quantity, c.freeze_quantity)) AS freeze_quantity,
            c.expiry_cycle, c.exchange,
            (SELECT json_agg(json_build_object('expiring_from', to_char(w.expiring_from, 'YYYY-MM-DD'), 'weekday', w.weekday, 'source', w.source) ORDER BY w.expiring_from)
             FROM expiry_weekdays w WHERE w.index_name = c.index_name) AS expiry_weekdays
     FROM index_config c LEFT JOIN LATERAL (${freezeInForce('c.index_name', '$2::date')}) f ON true
     WHERE c.index_name = $1
     ORDER BY (c.effective_from <= $2::date) DESC, CASE WHEN c.effective_from <= $2::date THEN c.effective_from END DESC, c.effective_from
     LIMIT 1`,
    [index, istDate(at)],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`index_config has no row for ${index}`);
  if (row.expiry_weekdays === null) throw new Error(`expiry_weekdays has no row for ${index}`);
  return {
    index: row.index_name,
    effectiveFrom: row.effective_from,
    strikeStep: row.strike_step,
    freezeQuantity: row.freeze_quantity,
    expiryCycle: row.expiry_cycle,
    expiryWeekdays: row.expiry_weekdays.map((w) => ({ expiringFrom: w.expiring_from, weekday: Number(w.weekday), source: w.source })),
    exchange: row.exchange,
  };
}
