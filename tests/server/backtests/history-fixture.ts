// Market history written straight into the history tables, as an import of UDiFF bhavcopies would store it
// (the parsers have their own tests): one index's option rows per day, with the underlying and lot size.
import { black76Price } from '../../../quant/black76.ts';
import type { Database } from '../../../server/db/database.ts';

export type FixtureRow = { day: string; expiry: string; strike: number; type: 'CE' | 'PE'; settle: number };

/**
 * `lotSize`: every row's lot (null: the older layout, which has none), or each row's own (a UDiFF day after a
 * revision lists two lots side by side).
 */
export async function importHistory(
  db: Database,
  index: string,
  underlying: Record<string, number>,
  rows: readonly FixtureRow[],
  lotSize: number | null | ((row: FixtureRow) => number | null) = 75,
): Promise<void> {
  const days = Object.keys(underlying).sort();
  const { rows: imports } = await db.query<{ id: number }>(
    `INSERT INTO history_imports (kind, file_name, sha256, first_day, last_day, row_count, uploaded_by, imported_at)
     VALUES ('bhavcopy_udiff', 'fixture.csv', $1, $2::date, $3::date, $4, NULL, now()) RETURNING id`,
    ['a'.repeat(64), days[0], days[days.length - 1], rows.length],
  );
  const paise = (rupees: number) => Math.round(rupees * 100);
  await db.query(
    `INSERT INTO history_option_days (index_name, trade_date, expiry, strike_paise, option_type, open_paise, high_paise, low_paise, close_paise,
       settle_paise, open_interest, change_in_oi, volume_contracts, underlying_paise, lot_size, import_id)
     SELECT $1, d::date, e::date, s, t, p, p, p, p, p, 7500, 0, 100, u, l, $9
     FROM unnest($2::text[], $3::text[], $4::bigint[], $5::text[], $6::bigint[], $7::bigint[], $8::int[]) AS x (d, e, s, t, p, u, l)`,
    [
      index,
      rows.map((row) => row.day),
      rows.map((row) => row.expiry),
      rows.map((row) => paise(row.strike)),
      rows.map((row) => row.type),
      rows.map((row) => paise(row.settle)),
      rows.map((row) => paise(underlying[row.day]!)),
      rows.map((row) => (typeof lotSize === 'function' ? lotSize(row) : lotSize)),
      imports[0]!.id,
    ],
  );
}

/**
 * Synthetic bhavcopy rows: for each day, every listed expiry on or after it and strikes `around` steps either
 * side of the day's money, settled at Black-76 with `volatility` (intrinsic value on the expiry day), rounded
 * to the tick.
 */
export function syntheticRows(underlying: Record<string, number>, expiries: readonly string[], options: { step?: number; around?: number; volatility?: number } = {}): FixtureRow[] {
  const { step = 50, around = 12, volatility = 0.12 } = options;
  const rows: FixtureRow[] = [];
  const tick = (rupees: number) => Math.round(rupees * 20) / 20;
  for (const [day, spot] of Object.entries(underlying)) {
    const atm = Math.round(spot / step) * step;
    for (const expiry of expiries.filter((candidate) => candidate >= day).slice(0, 3)) {
      const years = (Date.parse(expiry) - Date.parse(day)) / (365 * 86_400_000);
      for (let n = -around; n <= around; n += 1) {
        const strike = atm + n * step;
        for (const type of ['CE', 'PE'] as const) {
          const intrinsic = Math.max(0, type === 'CE' ? spot - strike : strike - spot);
          const settle = years === 0 ? intrinsic : black76Price({ kind: type, forward: spot, strike, years, rate: 0, volatility });
          rows.push({ day, expiry, strike, type, settle: tick(settle) });
        }
      }
    }
  }
  return rows;
}

/** Imported index minutes of a day (as a minute CSV import stores them): `price(m)` is the close of the m-th minute from 09:15 IST, its open the previous close. */
export async function importMinutes(
  db: Database,
  index: string,
  day: string,
  price: (minute: number) => number,
  session: { open: string; minutes: number } = { open: '09:15', minutes: 375 },
  /** Tells a day's second import (a second session's minutes) from its first: its file's hash differs. */
  hashTail = 'b',
): Promise<void> {
  const { rows: imports } = await db.query<{ id: number }>(
    `INSERT INTO history_imports (kind, file_name, sha256, first_day, last_day, row_count, uploaded_by, imported_at)
     VALUES ('index_minutes', 'minutes.csv', $1, $2::date, $2::date, $3, NULL, now()) RETURNING id`,
    [day.replace(/-/g, '').padEnd(64, hashTail), day, session.minutes],
  );
  // The session's minutes from its open: 09:15 to 15:29, or a special session's (Muhurat trading's evening hour).
  const start = Date.parse(`${day}T${session.open}:00+05:30`);
  const minutes = Array.from({ length: session.minutes }, (_, m) => m);
  const close = (m: number) => Math.round(price(m) * 100);
  const open = (m: number) => (m === 0 ? close(0) : close(m - 1));
  await db.query(
    `INSERT INTO history_index_minutes (index_name, minute, trade_date, open_paise, high_paise, low_paise, close_paise, import_id)
     SELECT $1, m, $2::date, o, greatest(o, c), least(o, c), c, $3 FROM unnest($4::timestamptz[], $5::bigint[], $6::bigint[]) AS x (m, o, c)`,
    [index, day, imports[0]!.id, minutes.map((m) => new Date(start + m * 60_000).toISOString()), minutes.map(open), minutes.map(close)],
  );
}

/** An index's imported daily open/high/low/close (rupees), as an index close file import stores them. */
export async function importIndexDay(db: Database, index: string, day: string, ohlc: { open: number; high: number; low: number; close: number }): Promise<void> {
  const { rows: imports } = await db.query<{ id: number }>(
    `INSERT INTO history_imports (kind, file_name, sha256, first_day, last_day, row_count, uploaded_by, imported_at)
     VALUES ('index_closes', 'ind_close_all.csv', $1, $2::date, $2::date, 1, NULL, now()) RETURNING id`,
    [day.replace(/-/g, '').padEnd(64, 'c'), day],
  );
  const paise = (rupees: number) => Math.round(rupees * 100);
  await db.query(
    `INSERT INTO history_index_days (index_name, trade_date, open_paise, high_paise, low_paise, close_paise, import_id) VALUES ($1, $2::date, $3, $4, $5, $6, $7)`,
    [index, day, paise(ohlc.open), paise(ohlc.high), paise(ohlc.low), paise(ohlc.close), imports[0]!.id],
  );
}
