// Each index's facts and each segment's charges as in force on the day, from their dated tables: index_config
// (strike step, expiry cycle), expiry_weekdays (migration 093: the weekday of the contracts expiring from the day on), lot_revisions (migration 088: the lot of the contracts listed from the
// day on, and the old lot where nearer contracts still trade at it), freeze_quantities (migration 090),
// margin_params and charge_rates, and the names NSE's files give each index (index_names, migration 081: today's
// and the earlier ones, such as CNX Nifty before 9 Nov 2015), each row with its source.
import type { Queryable } from '../../../db/database.ts';
import { freezeRowsOn } from '../freeze-quantities.ts';
import { deliveryMarginDetail, deliveryScheduleOn, loadDeliveryMargins } from '../derivatives/physical-settlement.ts';
import type { FactRow } from './fact-row.ts';

const latestOn = (table: string, key: string, columns: string) =>
  `SELECT DISTINCT ON (${key}) ${key}, to_char(effective_from, 'YYYY-MM-DD') AS effective_from, ${columns}
   FROM ${table}
   ORDER BY ${key}, (effective_from <= $1::date) DESC, CASE WHEN effective_from <= $1::date THEN effective_from END DESC, effective_from`;

type IndexRow = { index_name: string; effective_from: string; strike_step: number; expiry_cycle: string; source: string | null };

type LotRow = { index_name: string; side: 'near' | 'new'; lot_size: number; effective_from: string; source: string };

/**
 * The lot of a contract expiring today (the nearest) and of one a year out (a contract listed from today on), each
 * the revision lot_revision_of (migration 089) gives: two rows only while a revision leaves nearer contracts at the
 * old lot (NIFTY 75 beside 65 from 29 October to 30 December 2025).
 */
async function lotFactRows(q: Queryable, day: string): Promise<FactRow[]> {
  const { rows } = await q.query<LotRow>(
    `SELECT i.index_name, s.side, r.lot_size, to_char(r.effective_from, 'YYYY-MM-DD') AS effective_from, r.source
     FROM (SELECT DISTINCT l.index_name FROM lot_revisions l JOIN underlyings u ON u.symbol = l.index_name WHERE u.kind = 'index') i
     CROSS JOIN (VALUES ('near', $1::date), ('new', $1::date + 365)) AS s (side, expiry)
     JOIN lot_revisions r ON r.id = lot_revision_of(i.index_name, s.expiry, $1::date)
     ORDER BY i.index_name, s.side DESC`,
    [day],
  );
  const newLots = new Map(rows.filter((row) => row.side === 'new').map((row) => [row.index_name, row.lot_size]));
  const sideBySide = (index: string) => rows.some((row) => row.index_name === index && row.side === 'near' && row.lot_size !== newLots.get(index));
  return rows
    .filter((row) => row.side === 'new' || sideBySide(row.index_name))
    .map((row): FactRow => ({
      kind: 'lot_size',
      subject: row.index_name,
      detail: sideBySide(row.index_name) ? (row.side === 'new' ? 'new_contracts' : 'near_contracts') : null,
      value: String(row.lot_size),
      unit: 'units',
      effectiveFrom: row.effective_from,
      source: row.source,
    }));
}

type NameRow = { index_name: string; name: string; valid_from: string | null; earlier: boolean; source: string };

/** Each index's names in NSE's files up to the day: the one in use, and the earlier ones marked so. */
async function indexNameRows(q: Queryable, day: string): Promise<FactRow[]> {
  const { rows } = await q.query<NameRow>(
    `SELECT index_name, name, to_char(valid_from, 'YYYY-MM-DD') AS valid_from, coalesce(valid_until < $1::date, false) AS earlier, source
     FROM index_names WHERE valid_from IS NULL OR valid_from <= $1::date ORDER BY index_name, valid_from DESC NULLS LAST`,
    [day],
  );
  return rows.map((row): FactRow => ({
    kind: 'index_name',
    subject: row.index_name,
    detail: row.earlier ? 'earlier_name' : null,
    value: row.name,
    unit: 'name',
    effectiveFrom: row.valid_from,
    source: row.source,
  }));
}

export async function indexFactRows(q: Queryable, day: string): Promise<FactRow[]> {
  const { rows } = await q.query<IndexRow>(latestOn('index_config', 'index_name', 'strike_step, expiry_cycle, source'), [day]);
  // The weekday of a contract expiring on the day: the row in force by expiry date (expiries.ts expiryWeekdayRow).
  const weekdays = await q.query<{ index_name: string; expiring_from: string; weekday: number; source: string }>(
    `SELECT DISTINCT ON (index_name) index_name, to_char(expiring_from, 'YYYY-MM-DD') AS expiring_from, weekday, source FROM expiry_weekdays
     ORDER BY index_name, (expiring_from <= $1::date) DESC, CASE WHEN expiring_from <= $1::date THEN expiring_from END DESC, expiring_from`,
    [day],
  );
  const weekdayFacts = weekdays.rows.map((row): FactRow => ({
    kind: 'expiry_weekday', subject: row.index_name, detail: null, value: String(row.weekday), unit: 'weekday', effectiveFrom: row.expiring_from, source: row.source,
  }));
  const config = rows.flatMap((row) => {
    const base = {
      subject: row.index_name,
      detail: null,
      effectiveFrom: row.effective_from,
      source: row.source ?? `StrikeDesk's index_config row of ${row.effective_from} (no source recorded)`,
    };
    return [
      { ...base, kind: 'strike_step', value: String(row.strike_step), unit: 'units' },
      { ...base, kind: 'expiry_cycle', value: row.expiry_cycle, unit: 'cycle' },
    ] satisfies FactRow[];
  });
  const indices = new Set(rows.map((row) => row.index_name));
  const freezes = (await freezeRowsOn(q, day))
    .filter((row) => indices.has(row.underlying))
    .map((row): FactRow => ({
      kind: 'freeze_quantity', subject: row.underlying, detail: null, value: String(row.freezeQuantity), unit: 'units', effectiveFrom: row.effectiveFrom, source: row.source,
    }));
  return [
    ...(await lotFactRows(q, day)).filter((row) => indices.has(row.subject)),
    ...config,
    ...weekdayFacts.filter((row) => indices.has(row.subject)),
    ...freezes,
    ...(await indexNameRows(q, day)),
  ];
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

/**
 * The delivery margin of physically settled stock F&O in the last days (physical_delivery_margins, 122): the
 * schedule in force for contracts expiring on `day`, of segment NFO-STK. The value is a fraction of what the
 * detail names (the stock's VaR + ELM + ad hoc margin, or the contract value).
 */
export async function deliveryMarginFactRows(q: Queryable, day: string): Promise<FactRow[]> {
  return deliveryScheduleOn(await loadDeliveryMargins(q), day).map((row) => ({
    kind: 'margin', subject: 'NFO-STK', detail: deliveryMarginDetail(row), value: String(row.percent / 100), unit: 'fraction', effectiveFrom: row.expiringFrom, source: row.source,
  }));
}

const chargeParts = [
  ['stt_sell', 'stt_sell_rate', 'fraction'],
  ['stt_exercise', 'stt_exercise_rate', 'fraction'],
  ['exchange', 'exchange_rate', 'fraction'],
  ['sebi', 'sebi_rate', 'fraction'],
  ['stamp_buy', 'stamp_buy_rate', 'fraction'],
  ['gst', 'gst_rate', 'fraction'],
  ['brokerage_per_order', 'brokerage_per_order_paise', 'paise'],
  ['brokerage_rate', 'brokerage_rate', 'fraction'],
] as const;

/**
 * A future's charges are rates of its turnover (price × quantity), an option's of its premium, and a future is
 * never exercised: its parts have words of their own (`*_futures`), and it has no exercise row.
 */
const futuresDetail: Partial<Record<(typeof chargeParts)[number][0], string | null>> = {
  stt_sell: 'stt_sell_futures',
  stt_exercise: null,
  exchange: 'exchange_futures',
  sebi: 'sebi_futures',
  stamp_buy: 'stamp_buy_futures',
};

export async function chargeFactRows(q: Queryable, day: string): Promise<FactRow[]> {
  const columns = chargeParts.map(([, column]) => column).join(', ');
  const { rows } = await q.query<Record<string, string> & { segment: string; effective_from: string; source: string }>(latestOn('charge_rates', 'segment', `${columns}, source`), [day]);
  return rows.flatMap((row) =>
    chargeParts.flatMap(([part, column, unit]): FactRow[] => {
      const detail = row.segment.endsWith('-FUT') && part in futuresDetail ? futuresDetail[part]! : part;
      // A rate the segment does not charge by (brokerage as a share of the order, options' flat ₹20): no row.
      if (detail === null || row[column] === null) return [];
      return [{ kind: 'charge', subject: row.segment, detail, value: String(Number(row[column])), unit, effectiveFrom: row.effective_from, source: row.source }];
    }),
  );
}
