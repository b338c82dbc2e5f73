// Reads of open interest out of market history for the OI charts (issue 40). Three stores hold an option's OI:
// a broker's fetched minute candles and the day being recorded (history_option_minutes, a row a contract-minute),
// the recorder's finished days (history_recorded_option_days, a row a contract-day of arrays, migration 047), and
// NSE's bhavcopies (history_option_days, a contract's end-of-day OI). Nothing here fills or carries a value: a
// contract-minute not stored is absent from what these return.
import type { Queryable } from '../../db/database.ts';

import { loadRegularSessions } from '../market/calendar-data.ts';
import { clockMinutes } from '../market/ist.ts';
import { regularSessionOn } from '../market/trading-calendar.ts';

/** Where an OI figure comes from: NSE's bhavcopy (imported), a broker's historical candles, a live feed recorded, the simulator. */
export type OiSource = 'bhavcopy' | 'upstox' | 'kite' | 'dhan' | 'shoonya' | 'flattrade' | 'recorded' | 'simulated';
type MinuteSource = Exclude<OiSource, 'bhavcopy'>;

/** Which of two sources' minutes wins when both hold one: a broker's real candle, then a live feed's, then the simulator's. */
export const minuteRank: Record<MinuteSource, number> = { upstox: 0, kite: 0, dhan: 0, shoonya: 0, flattrade: 0, recorded: 1, simulated: 2 };

export const contractKey = (strikePaise: number, type: 'CE' | 'PE') => `${strikePaise}|${type}`;

/** The sources a stored minute can have, by their place in `ContractDay.sources`. */
export const dayMinuteSources: readonly MinuteSource[] = ['upstox', 'kite', 'dhan', 'shoonya', 'flattrade', 'recorded', 'simulated'];

/**
 * A contract's stored minutes of one day, as columns in minute order (IST minute of the day, 555 is 09:15): its OI
 * at each minute's end and the source (a place in `dayMinuteSources`).
 */
export type ContractDay = { strikePaise: number; type: 'CE' | 'PE'; minutes: Int32Array; oi: Float64Array; sources: Uint8Array };

const istMinute = `((extract(epoch FROM minute)::bigint + 19800) % 86400 / 60)::integer`;

type Part = { minutes: readonly number[]; oi: readonly number[]; source: number };

/** One contract's parts (a recorded day's arrays, a source's single minutes) as columns, the better source's value where two hold a minute. */
function contractColumns(strikePaise: number, type: 'CE' | 'PE', parts: readonly Part[]): ContractDay {
  const only = parts.length === 1 ? parts[0] : undefined;
  if (only !== undefined && only.minutes.every((minute, i) => i === 0 || minute > (only.minutes[i - 1] as number))) {
    return { strikePaise, type, minutes: Int32Array.from(only.minutes), oi: Float64Array.from(only.oi), sources: new Uint8Array(only.minutes.length).fill(only.source) };
  }
  const rank = (source: number) => minuteRank[dayMinuteSources[source] as MinuteSource];
  const entries = parts.flatMap((part) => part.minutes.map((minute, i) => ({ minute, oi: part.oi[i] as number, source: part.source })));
  entries.sort((a, b) => a.minute - b.minute || rank(a.source) - rank(b.source));
  const kept = entries.filter((entry, i) => i === 0 || entry.minute !== (entries[i - 1] as (typeof entries)[number]).minute);
  return {
    strikePaise,
    type,
    minutes: Int32Array.from(kept, (entry) => entry.minute),
    oi: Float64Array.from(kept, (entry) => entry.oi),
    sources: Uint8Array.from(kept, (entry) => entry.source),
  };
}

/** Every stored minute of each contract of the expiry on the day, the better source's where two hold the same minute. */
export async function readDayMinutes(db: Queryable, index: string, day: string, expiry: string): Promise<ContractDay[]> {
  const [rows, days] = await Promise.all([
    db.query<{ s: number; t: 'CE' | 'PE'; m: number; oi: string; src: MinuteSource }>(
      `SELECT strike_paise AS s, option_type AS t, ${istMinute} AS m, open_interest AS oi, source AS src
       FROM history_option_minutes WHERE index_name = $1 AND trade_date = $2::date AND expiry = $3::date ORDER BY strike_paise, option_type, source, minute`,
      [index, day, expiry],
    ),
    // The arrays as they are: unnesting a NIFTY day's 375 minutes of every contract in SQL costs more than reading them here.
    db.query<{ s: number; t: 'CE' | 'PE'; src: MinuteSource; minutes: number[]; oi: number[] }>(
      `SELECT strike_paise AS s, option_type AS t, source AS src, minutes, open_interest AS oi
       FROM history_recorded_option_days WHERE index_name = $1 AND trade_date = $2::date AND expiry = $3::date`,
      [index, day, expiry],
    ),
  ]);
  // The parts of each contract: a key a row, never a minute (a recorded day is hundreds of thousands of them).
  const parts = new Map<string, { strikePaise: number; type: 'CE' | 'PE'; parts: Part[] }>();
  const partOf = (strikePaise: number, type: 'CE' | 'PE') => {
    const key = contractKey(strikePaise, type);
    let contract = parts.get(key);
    if (contract === undefined) parts.set(key, (contract = { strikePaise, type, parts: [] }));
    return contract.parts;
  };
  // The single minutes come sorted by contract and source: a new part where either changes.
  let part: { s: number; t: string; src: string; minutes: number[]; oi: number[]; source: number } | null = null;
  for (const row of rows.rows) {
    if (part === null || part.s !== Number(row.s) || part.t !== row.t || part.src !== row.src) {
      part = { s: Number(row.s), t: row.t, src: row.src, minutes: [], oi: [], source: dayMinuteSources.indexOf(row.src) };
      partOf(part.s, row.t).push(part);
    }
    part.minutes.push(Number(row.m));
    part.oi.push(Number(row.oi));
  }
  for (const row of days.rows) partOf(Number(row.s), row.t).push({ minutes: row.minutes.map(Number), oi: row.oi.map(Number), source: dayMinuteSources.indexOf(row.src) });
  // A day that holds real minutes is read without the simulator's (issue 62: the demo market is recorded at any
  // hour, a live feed in NSE's): a real day is never mixed with a simulated one, nor its OI summed with made-up OI.
  const simulated = dayMinuteSources.indexOf('simulated');
  const real = [...parts.values()].some((contract) => contract.parts.some((one) => one.source !== simulated));
  return [...parts.values()]
    .map((contract) => ({ ...contract, parts: real ? contract.parts.filter((one) => one.source !== simulated) : contract.parts }))
    .filter((contract) => contract.parts.length > 0)
    .map((contract) => contractColumns(contract.strikePaise, contract.type, contract.parts))
    .sort((a, b) => a.strikePaise - b.strikePaise || a.type.localeCompare(b.type));
}

/** A contract's OI at a day's end, and the exchange's own change on the day where the bhavcopy gives it. */
export type DayEndOi = { oi: number; change: number | null };

/**
 * A day's end of the expiry: NSE's bhavcopy where one is imported for the day (the exchange's settled figures,
 * every listed contract), else each contract's last stored minute. `minute` is that last minute (IST minute of
 * the day; the bhavcopy's is the close of the day's regular session, 940 since 3 August 2026), `source` the worst source read (simulated if any was).
 */
export type DayEnd = { day: string; source: OiSource; minute: number; contracts: Map<string, DayEndOi & { strikePaise: number; type: 'CE' | 'PE' }> };

export async function readDayEnds(db: Queryable, index: string, expiry: string, from: string, to: string): Promise<Map<string, DayEnd>> {
  const range = [index, expiry, from, to];
  const [bhavcopy, rows, days] = await Promise.all([
    db.query<{ d: string; s: string; t: 'CE' | 'PE'; oi: string; ch: string }>(
      `SELECT to_char(trade_date, 'YYYY-MM-DD') AS d, strike_paise AS s, option_type AS t, open_interest AS oi, change_in_oi AS ch
       FROM history_option_days WHERE index_name = $1 AND expiry = $2::date AND trade_date BETWEEN $3::date AND $4::date`,
      range,
    ),
    // Each contract-day's last real minute, else its last simulated one (of the better source where two end on the same minute).
    db.query<{ d: string; s: number; t: 'CE' | 'PE'; m: number; oi: string; src: MinuteSource }>(
      `SELECT DISTINCT ON (trade_date, strike_paise, option_type) to_char(trade_date, 'YYYY-MM-DD') AS d, strike_paise AS s, option_type AS t,
              ${istMinute} AS m, open_interest AS oi, source AS src
       FROM history_option_minutes WHERE index_name = $1 AND expiry = $2::date AND trade_date BETWEEN $3::date AND $4::date
       ORDER BY trade_date, strike_paise, option_type, source = 'simulated', minute DESC, CASE source WHEN 'simulated' THEN 2 WHEN 'recorded' THEN 1 ELSE 0 END`,
      range,
    ),
    db.query<{ d: string; s: number; t: 'CE' | 'PE'; m: number; oi: number; src: MinuteSource }>(
      `SELECT to_char(trade_date, 'YYYY-MM-DD') AS d, strike_paise AS s, option_type AS t, minutes[cardinality(minutes)] AS m,
              open_interest[cardinality(open_interest)] AS oi, source AS src
       FROM history_recorded_option_days WHERE index_name = $1 AND expiry = $2::date AND trade_date BETWEEN $3::date AND $4::date`,
      range,
    ),
  ]);
  const ends = new Map<string, DayEnd>();
  const sessions = { regular: await loadRegularSessions(db, 'NSE') };
  for (const row of bhavcopy.rows) {
    let end = ends.get(row.d);
    if (end === undefined) ends.set(row.d, (end = { day: row.d, source: 'bhavcopy', minute: clockMinutes(regularSessionOn(sessions, row.d).close), contracts: new Map() }));
    const strikePaise = Number(row.s);
    end.contracts.set(contractKey(strikePaise, row.t), { strikePaise, type: row.t, oi: Number(row.oi), change: Number(row.ch) });
  }
  // A day without a bhavcopy: each contract's last minute, the later one of the two stores (the better source on a
  // tie); on a day that holds real minutes, of those only (a real day's end is never a simulated minute).
  const last = new Map<string, Map<string, { strikePaise: number; type: 'CE' | 'PE'; minute: number; oi: number; source: MinuteSource }>>();
  const realDays = new Set([...rows.rows, ...days.rows].filter((row) => row.src !== 'simulated').map((row) => row.d));
  for (const row of [...rows.rows, ...days.rows]) {
    if (ends.get(row.d)?.source === 'bhavcopy' || (row.src === 'simulated' && realDays.has(row.d))) continue;
    let contracts = last.get(row.d);
    if (contracts === undefined) last.set(row.d, (contracts = new Map()));
    const strikePaise = Number(row.s);
    const key = contractKey(strikePaise, row.t);
    const minute = Number(row.m);
    const held = contracts.get(key);
    if (held === undefined || minute > held.minute || (minute === held.minute && minuteRank[row.src] < minuteRank[held.source])) {
      contracts.set(key, { strikePaise, type: row.t, minute, oi: Number(row.oi), source: row.src });
    }
  }
  for (const [day, contracts] of last) {
    const values = [...contracts.values()];
    const source = worstSource(values.map((value) => value.source));
    const minute = Math.max(...values.map((value) => value.minute));
    ends.set(day, {
      day,
      source,
      minute,
      contracts: new Map(values.map((value) => [contractKey(value.strikePaise, value.type), { strikePaise: value.strikePaise, type: value.type, oi: value.oi, change: null }])),
    });
  }
  return ends;
}

/** The source a figure made of several is said to have: simulated if any part was (never reported as real), else the most-read one. */
export function worstSource(sources: readonly OiSource[]): OiSource {
  if (sources.includes('simulated')) return 'simulated';
  const counts = new Map<OiSource, number>();
  for (const source of sources) counts.set(source, (counts.get(source) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'recorded';
}

/**
 * An index's days with option OI stored (newest first, the 400 days up to the last, and `asked` when it is stored
 * earlier: a day imported years before the minutes recorded since stays open): what each source holds.
 */
export async function readOiDays(db: Queryable, index: string, asked: string | null = null): Promise<{ day: string; sources: OiSource[] }[]> {
  const { rows } = await db.query<{ d: string; src: OiSource }>(
    `WITH stored AS (
       SELECT trade_date, 'bhavcopy' AS src FROM history_option_days WHERE index_name = $1 GROUP BY trade_date
       UNION SELECT trade_date, source FROM history_option_minutes WHERE index_name = $1 GROUP BY trade_date, source
       UNION SELECT trade_date, source FROM history_recorded_option_days WHERE index_name = $1 GROUP BY trade_date, source)
     SELECT to_char(trade_date, 'YYYY-MM-DD') AS d, src FROM stored
     WHERE trade_date > (SELECT max(trade_date) FROM stored) - 400 OR trade_date = $2::date ORDER BY trade_date DESC, src`,
    [index, asked],
  );
  const days = new Map<string, OiSource[]>();
  for (const row of rows) days.set(row.d, [...(days.get(row.d) ?? []), row.src]);
  return [...days].map(([day, sources]) => ({ day, sources }));
}

/** The expiries with OI stored on the day, nearest first. */
export async function readOiExpiries(db: Queryable, index: string, day: string): Promise<string[]> {
  const { rows } = await db.query<{ e: string }>(
    `SELECT to_char(expiry, 'YYYY-MM-DD') AS e FROM (
       SELECT expiry FROM history_option_days WHERE index_name = $1 AND trade_date = $2::date
       UNION SELECT expiry FROM history_option_minutes WHERE index_name = $1 AND trade_date = $2::date
       UNION SELECT expiry FROM history_recorded_option_days WHERE index_name = $1 AND trade_date = $2::date) listed
     ORDER BY expiry`,
    [index, day],
  );
  return rows.map((row) => row.e);
}

/** The first and last days the expiry has OI stored, or null. */
export async function readExpirySpan(db: Queryable, index: string, expiry: string): Promise<{ first: string; last: string } | null> {
  const { rows } = await db.query<{ first: string | null; last: string | null }>(
    `SELECT to_char(min(trade_date), 'YYYY-MM-DD') AS first, to_char(max(trade_date), 'YYYY-MM-DD') AS last FROM (
       SELECT min(trade_date) AS trade_date FROM history_option_days WHERE index_name = $1 AND expiry = $2::date
       UNION ALL SELECT max(trade_date) FROM history_option_days WHERE index_name = $1 AND expiry = $2::date
       UNION ALL SELECT min(trade_date) FROM history_option_minutes WHERE index_name = $1 AND expiry = $2::date
       UNION ALL SELECT max(trade_date) FROM history_option_minutes WHERE index_name = $1 AND expiry = $2::date
       UNION ALL SELECT min(trade_date) FROM history_recorded_option_days WHERE index_name = $1 AND expiry = $2::date
       UNION ALL SELECT max(trade_date) FROM history_recorded_option_days WHERE index_name = $1 AND expiry = $2::date) ends`,
    [index, expiry],
  );
  const row = rows[0];
  return row?.first == null || row.last == null ? null : { first: row.first, last: row.last };
}
