// Each index's facts and each segment's charges as in force on the day, from their dated tables: index_config
// (lot size for new contracts, strike step, expiry weekday and cycle), freeze_quantities (migration 090),
// margin_params and charge_rates, each row with its source. Index names: the table of earlier index names
// (issue 60's index history) is not on this branch yet; its rows will be kind 'index_name' facts here.
import type { Queryable } from '../../../db/database.ts';
import { freezeRowsOn } from '../freeze-quantities.ts';
import type { FactRow } from './fact-row.ts';

const latestOn = (table: string, key: string, columns: string) =>
  `SELECT DISTINCT ON (${key}) ${key}, to_char(effective_from, 'YYYY-MM-DD') AS effective_from, ${columns}
   FROM ${table}
   ORDER BY ${key}, (effective_from <= $1::date) DESC, CASE WHEN effective_from <= $1::date THEN effective_from END DESC, effective_from`;

type IndexRow = { index_name: string; effective_from: string; lot_size: number; strike_step: number; expiry_cycle: string; expiry_weekday: number; source: string | null };

export async function indexFactRows(q: Queryable, day: string): Promise<FactRow[]> {
  const { rows } = await q.query<IndexRow>(latestOn('index_config', 'index_name', 'lot_size, strike_step, expiry_cycle, expiry_weekday, source'), [day]);
  const config = rows.flatMap((row) => {
    const base = {
      subject: row.index_name,
      detail: null,
      effectiveFrom: row.effective_from,
      source: row.source ?? `StrikeDesk's index_config row of ${row.effective_from} (no source recorded)`,
    };
    return [
      { ...base, kind: 'lot_size', value: String(row.lot_size), unit: 'units' },
      { ...base, kind: 'strike_step', value: String(row.strike_step), unit: 'units' },
      { ...base, kind: 'expiry_weekday', value: String(row.expiry_weekday), unit: 'weekday' },
      { ...base, kind: 'expiry_cycle', value: row.expiry_cycle, unit: 'cycle' },
    ] satisfies FactRow[];
  });
  const indices = new Set(rows.map((row) => row.index_name));
  const freezes = (await freezeRowsOn(q, day))
    .filter((row) => indices.has(row.underlying))
    .map((row): FactRow => ({
      kind: 'freeze_quantity', subject: row.underlying, detail: null, value: String(row.freezeQuantity), unit: 'units', effectiveFrom: row.effectiveFrom, source: row.source,
    }));
  return [...config, ...freezes];
}

const marginParts = [
  ['price_scan', 'price_scan'],
  ['volatility_scan', 'volatility_scan'],
  ['exposure', 'exposure_rate'],
  ['short_option_minimum', 'short_option_minimum'],
  ['expiry_day_exposure', 'expiry_day_exposure_rate'],
] as const;

export async function marginFactRows(q: Queryable, day: string): Promise<FactRow[]> {
  const columns = marginParts.map(([, column]) => column).join(', ');
  const { rows } = await q.query<Record<string, string> & { index_name: string; effective_from: string; source: string }>(
    latestOn('margin_params', 'index_name', `${columns}, source`),
    [day],
  );
  return rows.flatMap((row) =>
    marginParts.map(([detail, column]): FactRow => ({
      kind: 'margin', subject: row.index_name, detail, value: String(Number(row[column])), unit: 'fraction', effectiveFrom: row.effective_from, source: row.source || 'margin_params (no source recorded)',
    })),
  );
}

const chargeParts = [
  ['stt_sell', 'stt_sell_rate', 'fraction'],
  ['stt_exercise', 'stt_exercise_rate', 'fraction'],
  ['exchange', 'exchange_rate', 'fraction'],
  ['sebi', 'sebi_rate', 'fraction'],
  ['stamp_buy', 'stamp_buy_rate', 'fraction'],
  ['gst', 'gst_rate', 'fraction'],
  ['brokerage_per_order', 'brokerage_per_order_paise', 'paise'],
] as const;

export async function chargeFactRows(q: Queryable, day: string): Promise<FactRow[]> {
  const columns = chargeParts.map(([, column]) => column).join(', ');
  const { rows } = await q.query<Record<string, string> & { segment: string; effective_from: string; source: string }>(latestOn('charge_rates', 'segment', `${columns}, source`), [day]);
  return rows.flatMap((row) =>
    chargeParts.map(([detail, column, unit]): FactRow => ({
      kind: 'charge', subject: row.segment, detail, value: String(Number(row[column])), unit, effectiveFrom: row.effective_from, source: row.source,
    })),
  );
}
