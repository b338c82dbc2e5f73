// The rollover view of an underlying's futures (issue 63): over the last trading days before a month's expiry, the
// near, next and far months' settlement prices, the calendar spreads between them, each month's open interest with
// its change that day, and the rollover: the share of the three months' OI already in the next and far months.
// Read from the futures market history holds (history_future_days: NSE's bhavcopies, migration 124); today's
// figures are the live futures strip's (the chain's quotes), not this read's. Nothing is filled: a month missing
// on a day is null.
import type { components } from '../../../openapi/main.d.ts';
import type { Queryable } from '../../db/database.ts';
import { DomainError } from '../domain-error.ts';
import { requireListedUnderlying } from '../market/underlyings/underlying-rows.ts';
import { notFoundTexts } from '../texts/not-found-texts.ts';

export type Rollover = components['schemas']['Rollover'];
export type RolloverDay = components['schemas']['RolloverDay'];
type MonthDay = components['schemas']['RolloverMonth'];

/** The trading days before the expiry the view shows by default (the expiry week and the one before it), and at most. */
export const defaultRolloverDays = 8;
export const maxRolloverDays = 30;

type FutureRow = { d: string; e: string; s: string; oi: string; ch: string };

const rupees = (paise: number) => Math.round(paise) / 100;
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * One day's figures from its futures rows (the near month's and those expiring after it, by expiry): the next
 * month is the first listed after the near one, the far month the second. The rollover is NSE traders' usual
 * measure, (OI next + OI far) / (OI near + next + far) × 100; the spread is next's settlement minus near's.
 */
export function rolloverDay(day: string, nearExpiry: string, rows: readonly { expiry: string; settlePaise: number; oi: number; change: number }[]): RolloverDay {
  const month = (row: (typeof rows)[number] | undefined): MonthDay | null =>
    row === undefined ? null : { expiry: row.expiry, settle: rupees(row.settlePaise), open_interest: row.oi, change_in_oi: row.change };
  const sorted = [...rows].sort((a, b) => a.expiry.localeCompare(b.expiry));
  const near = month(sorted.find((row) => row.expiry === nearExpiry));
  const later = sorted.filter((row) => row.expiry > nearExpiry);
  const next = month(later[0]);
  const far = month(later[1]);
  const held = [near, next, far].reduce((sum, item) => sum + (item?.open_interest ?? 0), 0);
  const rolled = (next?.open_interest ?? 0) + (far?.open_interest ?? 0);
  return {
    day,
    near,
    next,
    far,
    spread_next: near === null || next === null ? null : round2(next.settle - near.settle),
    spread_far: next === null || far === null ? null : round2(far.settle - next.settle),
    spread_next_pct: near === null || next === null || near.settle <= 0 ? null : round2(((next.settle - near.settle) / near.settle) * 100),
    rollover_pct: near === null || held === 0 ? null : round2((rolled / held) * 100),
  };
}

/** The near month the view opens on: the nearest expiry still open on the last day futures of the underlying are stored. */
async function latestNearExpiry(db: Queryable, index: string): Promise<string | null> {
  const { rows } = await db.query<{ e: string | null }>(
    `SELECT to_char(min(expiry), 'YYYY-MM-DD') AS e FROM history_future_days
     WHERE index_name = $1 AND trade_date = (SELECT max(trade_date) FROM history_future_days WHERE index_name = $1)`,
    [index],
  );
  return rows[0]?.e ?? null;
}

export async function rolloverView(db: Queryable, index: string, askedExpiry: string | null, days: number): Promise<Rollover> {
  await requireListedUnderlying(db, index);
  const expiry = askedExpiry ?? (await latestNearExpiry(db, index));
  const empty: Rollover = { index, expiry, next_expiry: null, far_expiry: null, source: 'bhavcopy', as_of: null, days: [] };
  if (expiry === null) return empty;
  const { rows } = await db.query<FutureRow>(
    `WITH shown AS (
       SELECT trade_date FROM history_future_days WHERE index_name = $1 AND expiry = $2::date AND trade_date <= $2::date ORDER BY trade_date DESC LIMIT $3)
     SELECT to_char(f.trade_date, 'YYYY-MM-DD') AS d, to_char(f.expiry, 'YYYY-MM-DD') AS e, f.settle_paise AS s, f.open_interest AS oi, f.change_in_oi AS ch
     FROM history_future_days f JOIN shown USING (trade_date)
     WHERE f.index_name = $1 AND f.expiry >= $2::date ORDER BY f.trade_date, f.expiry`,
    [index, expiry, days],
  );
  if (rows.length === 0) {
    if (askedExpiry !== null) throw DomainError.said('not_found', notFoundTexts.expiry(index, askedExpiry));
    return empty;
  }
  const byDay = new Map<string, { expiry: string; settlePaise: number; oi: number; change: number }[]>();
  for (const row of rows) {
    const list = byDay.get(row.d) ?? [];
    list.push({ expiry: row.e, settlePaise: Number(row.s), oi: Number(row.oi), change: Number(row.ch) });
    byDay.set(row.d, list);
  }
  const shown = [...byDay].map(([day, dayRows]) => rolloverDay(day, expiry, dayRows));
  const last = shown.at(-1) as RolloverDay;
  return { ...empty, next_expiry: last.next?.expiry ?? null, far_expiry: last.far?.expiry ?? null, as_of: last.day, days: shown };
}
