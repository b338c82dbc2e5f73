// What market history holds of one index's day for the implied volatility charts (issue 40): its option
// contracts' minutes of one expiry (recorded from a live feed, simulated, or a broker's historical candles),
// its index minutes, and its bhavcopy's settlement prices. Read only: the rows are written by the recorder and
// the imports (history-store.ts, recorded-minutes-store.ts).
import type { Queryable } from '../../../db/database.ts';

/** Where a number comes from: a live feed recorded, the simulator, a broker's candles, or NSE's bhavcopy. */
export type IvSource = 'recorded' | 'simulated' | 'upstox' | 'kite' | 'dhan' | 'shoonya' | 'flattrade' | 'bhavcopy';

/** A contract's minute: its close and, where the recorder stored it, the IV the chain showed at the minute's end. */
export type ContractMinute = { minute: number; closePaise: number; ivBp: number | null; source: Exclude<IvSource, 'bhavcopy'> };
export type IndexMinute = { closePaise: number; simulated: boolean };

/** One expiry's contracts on a day, by strike: each side's minutes in minute order (IST minutes of the day). */
export type ExpiryMinutes = Map<number, { CE: ContractMinute[]; PE: ContractMinute[] }>;

/** A minute's start as minutes after midnight IST, in SQL (IST is UTC+05:30 all year). */
const istMinuteOfDay = `((extract(epoch FROM minute)::bigint + 19800) % 86400 / 60)::integer`;

/** Strikes from `lowPaise` to `highPaise`, both included. */
export type StrikeRange = { lowPaise: number; highPaise: number };

/** Every strike (strike_paise is a positive integer). */
const allStrikes: StrikeRange = { lowPaise: 1, highPaise: 2_147_483_647 };

/**
 * An expiry's contract-minutes on a day ($1 index, $2 day, $3 expiry), of the strikes from $4 to $5: the minute
 * rows and the recorded days' arrays, each row with its source's rank `r`. Where two sources hold one
 * contract-minute, the lower rank is read: a broker's candle, then a live feed's, then the simulator's (the
 * recorder never lets a simulated minute replace a real one either). The strikes are a range of both tables'
 * primary keys after the expiry, so a few strikes of a whole recorded chain cost only their rows. A day whose index
 * minutes are real is read without the simulator's minutes (issue 62: a real day is never mixed with a simulated
 * one; the demo market is recorded at any hour): one look at the day's index minutes, made once per read.
 */
const expiryMinutesSql = `
  WITH real_day AS (SELECT EXISTS (SELECT 1 FROM history_index_minutes WHERE index_name = $1 AND trade_date = $2::date AND source <> 'simulated') AS real)
  SELECT strike_paise AS s, option_type AS t, ${istMinuteOfDay} AS m, close_paise AS c, iv_bp AS iv, source,
         CASE source WHEN 'simulated' THEN 2 WHEN 'recorded' THEN 1 ELSE 0 END AS r
  FROM history_option_minutes
  WHERE index_name = $1 AND trade_date = $2::date AND expiry = $3::date AND strike_paise BETWEEN $4 AND $5
    AND (source <> 'simulated' OR NOT (SELECT real FROM real_day))
  UNION ALL
  SELECT strike_paise, option_type, u.m, u.c, u.iv, source, CASE source WHEN 'simulated' THEN 2 ELSE 1 END
  FROM history_recorded_option_days, unnest(minutes, close_paise, iv_bp) AS u (m, c, iv)
  WHERE index_name = $1 AND trade_date = $2::date AND expiry = $3::date AND strike_paise BETWEEN $4 AND $5
    AND (source <> 'simulated' OR NOT (SELECT real FROM real_day))`;

type ExpiryMinuteRow = { s: number; t: 'CE' | 'PE'; m: number; c: number; iv: number | null; source: ContractMinute['source'] };

/** Rows of expiryMinutesSql by contract, each contract's in minute order; a minute's first row is the one kept. */
function byStrike(rows: readonly ExpiryMinuteRow[]): ExpiryMinutes {
  const contracts: ExpiryMinutes = new Map();
  for (const row of rows) {
    const strike = Number(row.s);
    let sides = contracts.get(strike);
    if (sides === undefined) contracts.set(strike, (sides = { CE: [], PE: [] }));
    const minutes = sides[row.t];
    const minute = Number(row.m);
    if (minutes.at(-1)?.minute === minute) continue;
    minutes.push({ minute, closePaise: Number(row.c), ivBp: row.iv === null ? null : Number(row.iv), source: row.source });
  }
  return contracts;
}

/** An expiry's option minutes on a day, of the strikes in `strikes` (every strike when not given). */
export async function readExpiryMinutes(db: Queryable, index: string, day: string, expiry: string, strikes: StrikeRange = allStrikes): Promise<ExpiryMinutes> {
  const { rows } = await db.query<ExpiryMinuteRow>(`${expiryMinutesSql} ORDER BY 1, 2, 3, 7`, [index, day, expiry, strikes.lowPaise, strikes.highPaise]);
  return byStrike(rows);
}

/**
 * Each contract's last minute at or before `minute` (the price the chain shows then), of the strikes in
 * `strikes`: what readExpiryMinutes then minuteAtOrBefore give, one row a contract rather than its whole day.
 */
export async function readContractsAt(db: Queryable, index: string, day: string, expiry: string, minute: number, strikes: StrikeRange): Promise<ExpiryMinutes> {
  const { rows } = await db.query<ExpiryMinuteRow>(
    `SELECT DISTINCT ON (s, t) s, t, m, c, iv, source FROM (${expiryMinutesSql}) AS x WHERE m <= $6 ORDER BY s, t, m DESC, r`,
    [index, day, expiry, strikes.lowPaise, strikes.highPaise, minute],
  );
  return byStrike(rows);
}

/**
 * The last IST minute of the day with a price of any of the expiry's contracts, or null without one (where a
 * smile of the day's close is drawn): one number, not every contract's day.
 */
export async function readLastOptionMinute(db: Queryable, index: string, day: string, expiry: string): Promise<number | null> {
  const { rows } = await db.query<{ m: number | null }>(
    `SELECT greatest(
       (SELECT max(${istMinuteOfDay}) FROM history_option_minutes WHERE index_name = $1 AND trade_date = $2::date AND expiry = $3::date),
       (SELECT max(u.m) FROM history_recorded_option_days, unnest(minutes) AS u (m) WHERE index_name = $1 AND trade_date = $2::date AND expiry = $3::date)) AS m`,
    [index, day, expiry],
  );
  const last = rows[0]?.m ?? null;
  return last === null ? null : Number(last);
}

/**
 * The index's minutes on a day (imported, recorded or simulated), by IST minute of the day: on a day that holds
 * real minutes, those only (the demo market's minutes around them are never mixed in).
 */
export async function readIndexMinutes(db: Queryable, index: string, day: string): Promise<Map<number, IndexMinute>> {
  const { rows } = await db.query<{ m: number; c: string; source: string }>(
    `SELECT ${istMinuteOfDay} AS m, close_paise AS c, source FROM history_index_minutes WHERE index_name = $1 AND trade_date = $2::date`,
    [index, day],
  );
  const real = rows.some((row) => row.source !== 'simulated');
  return new Map(rows.filter((row) => !real || row.source !== 'simulated').map((row) => [Number(row.m), { closePaise: Number(row.c), simulated: row.source === 'simulated' }]));
}

/** The expiries market history holds prices of on a day (minutes or bhavcopy), ascending. */
export async function readDayExpiries(db: Queryable, index: string, day: string): Promise<string[]> {
  const { rows } = await db.query<{ e: string }>(
    `SELECT to_char(expiry, 'YYYY-MM-DD') AS e FROM history_option_minutes WHERE index_name = $1 AND trade_date = $2::date
     UNION SELECT to_char(expiry, 'YYYY-MM-DD') FROM history_recorded_option_days WHERE index_name = $1 AND trade_date = $2::date
     UNION SELECT to_char(expiry, 'YYYY-MM-DD') FROM history_option_days WHERE index_name = $1 AND trade_date = $2::date
     ORDER BY 1`,
    [index, day],
  );
  return rows.map((row) => row.e);
}

/** The last day at or before `to` on which market history holds option prices of the index, or null. */
export async function lastOptionDay(db: Queryable, index: string, to: string | null): Promise<string | null> {
  const { rows } = await db.query<{ d: string | null }>(
    `SELECT to_char(greatest(
       (SELECT max(trade_date) FROM history_option_minutes WHERE index_name = $1 AND ($2::date IS NULL OR trade_date <= $2::date)),
       (SELECT max(trade_date) FROM history_recorded_option_days WHERE index_name = $1 AND ($2::date IS NULL OR trade_date <= $2::date)),
       (SELECT max(trade_date) FROM history_option_days WHERE index_name = $1 AND ($2::date IS NULL OR trade_date <= $2::date))), 'YYYY-MM-DD') AS d`,
    [index, to],
  );
  return rows[0]?.d ?? null;
}

/** Each day in a range with option minutes of the index, and the expiries each holds. */
export async function readMinuteDays(db: Queryable, index: string, from: string, to: string): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ d: string; e: string }>(
    `SELECT to_char(trade_date, 'YYYY-MM-DD') AS d, to_char(expiry, 'YYYY-MM-DD') AS e FROM history_option_minutes
     WHERE index_name = $1 AND trade_date BETWEEN $2::date AND $3::date GROUP BY 1, 2
     UNION SELECT to_char(trade_date, 'YYYY-MM-DD'), to_char(expiry, 'YYYY-MM-DD') FROM history_recorded_option_days
     WHERE index_name = $1 AND trade_date BETWEEN $2::date AND $3::date GROUP BY 1, 2
     ORDER BY 1, 2`,
    [index, from, to],
  );
  const days = new Map<string, string[]>();
  for (const row of rows) {
    const expiries = days.get(row.d) ?? [];
    expiries.push(row.e);
    days.set(row.d, expiries);
  }
  return days;
}

export type BhavcopyDay = { day: string; expiries: string[]; underlyingPaise: number | null };

/**
 * Each bhavcopy day in a range: its listed expiries and the index's value that day (UDiFF's underlying, else the
 * index close file's close, else the last real index minute's close; null when history holds none of them).
 */
export async function readBhavcopyDays(db: Queryable, index: string, from: string, to: string): Promise<BhavcopyDay[]> {
  const { rows } = await db.query<{ d: string; expiries: string[]; u: string | null }>(
    `SELECT to_char(o.trade_date, 'YYYY-MM-DD') AS d, array_agg(DISTINCT to_char(o.expiry, 'YYYY-MM-DD')) AS expiries,
       coalesce(max(o.underlying_paise),
         (SELECT close_paise FROM history_index_days x WHERE x.index_name = $1 AND x.trade_date = o.trade_date),
         (SELECT close_paise FROM history_index_minutes m WHERE m.index_name = $1 AND m.trade_date = o.trade_date AND m.source <> 'simulated'
          ORDER BY minute DESC LIMIT 1)) AS u
     FROM history_option_days o WHERE o.index_name = $1 AND o.trade_date BETWEEN $2::date AND $3::date
     GROUP BY o.trade_date ORDER BY o.trade_date`,
    [index, from, to],
  );
  return rows.map((row) => ({ day: row.d, expiries: [...row.expiries].sort(), underlyingPaise: row.u === null ? null : Number(row.u) }));
}

export type SettledContract = { strikePaise: number; optionType: 'CE' | 'PE'; settlePaise: number };

/** An expiry's settlement prices on a bhavcopy day, for strikes within `band` of the index level (a share: 0.1 is ±10 %). */
export async function readSettlements(db: Queryable, index: string, day: string, expiry: string, levelPaise: number, band: number): Promise<SettledContract[]> {
  const { rows } = await db.query<{ s: string; t: 'CE' | 'PE'; p: string }>(
    `SELECT strike_paise AS s, option_type AS t, settle_paise AS p FROM history_option_days
     WHERE index_name = $1 AND trade_date = $2::date AND expiry = $3::date AND strike_paise BETWEEN $4 AND $5 ORDER BY strike_paise, option_type`,
    [index, day, expiry, Math.floor(levelPaise * (1 - band)), Math.ceil(levelPaise * (1 + band))],
  );
  return rows.map((row) => ({ strikePaise: Number(row.s), optionType: row.t, settlePaise: Number(row.p) }));
}

/**
 * For each (day, expiry, level): the settlement of the call and put at the listed strike nearest the level that
 * has both (one statement for a year of days: each day's lookup is one range of the primary key).
 */
export async function readAtmSettlements(
  db: Queryable,
  index: string,
  asked: readonly { day: string; expiry: string; levelPaise: number }[],
): Promise<Map<string, { strikePaise: number; callPaise: number; putPaise: number }>> {
  if (asked.length === 0) return new Map();
  const { rows } = await db.query<{ d: string; s: string; c: string; p: string }>(
    `SELECT to_char(a.d, 'YYYY-MM-DD') AS d, k.s, k.c, k.p
     FROM unnest($2::date[], $3::date[], $4::bigint[]) AS a (d, e, level)
     CROSS JOIN LATERAL (
       SELECT strike_paise AS s, max(settle_paise) FILTER (WHERE option_type = 'CE') AS c, max(settle_paise) FILTER (WHERE option_type = 'PE') AS p
       FROM history_option_days WHERE index_name = $1 AND trade_date = a.d AND expiry = a.e
       GROUP BY strike_paise HAVING count(*) = 2
       ORDER BY abs(strike_paise - a.level), strike_paise LIMIT 1) AS k`,
    [index, asked.map((a) => a.day), asked.map((a) => a.expiry), asked.map((a) => a.levelPaise)],
  );
  return new Map(rows.map((row) => [row.d, { strikePaise: Number(row.s), callPaise: Number(row.c), putPaise: Number(row.p) }]));
}
