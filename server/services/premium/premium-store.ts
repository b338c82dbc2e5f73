// What the premium chart reads: each leg's minute candles in market history (a broker's historical API, a live
// feed recorded, the simulator recorded; a recorded day read alike whether its minutes are still rows or its
// finished contract-days' arrays, migration 047), each leg's daily candle from the imported NSE bhavcopies,
// and the trader's own fills on the legs' contracts (paper and live accounts).
import type { Queryable } from '../../db/database.ts';
import type { LegPrice, PriceSource } from './premium-candles.ts';
import type { PremiumLeg } from './premium-legs.ts';

type Contract = Pick<PremiumLeg, 'expiry' | 'strikePaise' | 'optionType'>;

const legTable = `legs AS (SELECT * FROM unnest($4::date[], $5::integer[], $6::text[]) WITH ORDINALITY AS l (expiry, strike_paise, option_type, n))`;
const legParameters = (legs: readonly Contract[]) => [legs.map((leg) => leg.expiry), legs.map((leg) => leg.strikePaise), legs.map((leg) => leg.optionType)];

type MinuteRow = { n: string; d: string; t: string; o: number; h: number; l: number; c: number; v: string; s: string };

/**
 * Each leg's minutes from `from` to `to` (IST days), keyed by the minute's start in Unix seconds. Where two
 * sources hold one minute, the real one is read: a broker's over a recording, a recording over the simulator;
 * a day with real minutes, those only.
 * A recorded minute of `today` is the live feed's.
 */
export async function readLegMinutes(db: Queryable, index: string, legs: readonly Contract[], from: string, to: string, today: string): Promise<Map<number, LegPrice>[]> {
  const { rows } = await db.query<MinuteRow>(
    `WITH ${legTable}
     SELECT n, d, t, o, h, l, c, v, s FROM (
       SELECT l.n, to_char(m.trade_date, 'YYYY-MM-DD') AS d, extract(epoch FROM m.minute)::bigint AS t, m.open_paise AS o, m.high_paise AS h,
              m.low_paise AS l, m.close_paise AS c, m.volume AS v, m.source AS s
       FROM history_option_minutes m JOIN legs l ON l.expiry = m.expiry AND l.strike_paise = m.strike_paise AND l.option_type = m.option_type
       WHERE m.index_name = $1 AND m.trade_date BETWEEN $2::date AND $3::date
       UNION ALL
       SELECT l.n, to_char(r.trade_date, 'YYYY-MM-DD'), extract(epoch FROM r.trade_date::timestamp)::bigint + u.m * 60 - 19800, u.o, u.h, u.lo, u.c, u.v, r.source
       FROM history_recorded_option_days r JOIN legs l ON l.expiry = r.expiry AND l.strike_paise = r.strike_paise AND l.option_type = r.option_type,
            unnest(r.minutes, r.open_paise, r.high_paise, r.low_paise, r.close_paise, r.volume) AS u (m, o, h, lo, c, v)
       WHERE r.index_name = $1 AND r.trade_date BETWEEN $2::date AND $3::date
     ) stored
     ORDER BY n, t, CASE s WHEN 'simulated' THEN 2 WHEN 'recorded' THEN 1 ELSE 0 END`,
    [index, from, to, ...legParameters(legs)],
  );
  const byLeg = legs.map(() => new Map<number, LegPrice>());
  // A day that holds a real minute of any leg is read without the simulator's (issue 62: the demo market is
  // recorded at any hour, a live feed in NSE's): a real day is never mixed with a simulated one.
  const realDays = new Set(rows.filter((row) => row.s !== 'simulated').map((row) => row.d));
  for (const row of rows) {
    const prices = byLeg[Number(row.n) - 1] as Map<number, LegPrice>;
    const time = Number(row.t);
    if (prices.has(time) || (row.s === 'simulated' && realDays.has(row.d))) continue;
    prices.set(time, { open: Number(row.o), high: Number(row.h), low: Number(row.l), close: Number(row.c), volume: Number(row.v), source: minuteSource(row.s, row.d, today) });
  }
  return byLeg;
}

function minuteSource(stored: string, day: string, today: string): PriceSource {
  if (stored === 'simulated') return 'simulated';
  if (stored === 'recorded') return day === today ? 'live' : 'recorded';
  return 'imported';
}

/**
 * Each leg's day candles from the imported bhavcopies, keyed by the day's 09:15 IST in Unix seconds. A day the
 * contract did not trade (NSE writes its open as zero) has no candle.
 */
export async function readLegDays(db: Queryable, index: string, legs: readonly Contract[], from: string, to: string): Promise<Map<number, LegPrice>[]> {
  const { rows } = await db.query<{ n: string; t: string; o: string; h: string; l: string; c: string; v: string }>(
    `WITH ${legTable}
     SELECT l.n, extract(epoch FROM d.trade_date::timestamp)::bigint + 555 * 60 - 19800 AS t, d.open_paise AS o, d.high_paise AS h, d.low_paise AS l,
            d.close_paise AS c, d.volume_contracts * coalesce(d.lot_size, (SELECT r.lot_size FROM lot_revisions r WHERE r.id = lot_revision_of(d.index_name, d.expiry, d.trade_date)), 1) AS v
     FROM history_option_days d JOIN legs l ON l.expiry = d.expiry AND l.strike_paise = d.strike_paise AND l.option_type = d.option_type
     WHERE d.index_name = $1 AND d.trade_date BETWEEN $2::date AND $3::date AND d.open_paise > 0`,
    [index, from, to, ...legParameters(legs)],
  );
  const byLeg = legs.map(() => new Map<number, LegPrice>());
  for (const row of rows) {
    (byLeg[Number(row.n) - 1] as Map<number, LegPrice>).set(Number(row.t), {
      open: Number(row.o),
      high: Number(row.h),
      low: Number(row.l),
      close: Number(row.c),
      volume: Number(row.v),
      source: 'imported',
    });
  }
  return byLeg;
}

export type LegFill = { time: number; leg: number; side: 'BUY' | 'SELL'; quantity: number; pricePaise: number };

/**
 * The trader's own fills on the legs' contracts from `from` to `to` (IST days), in any of their accounts: a
 * paper account's fills and a live account's trades as its broker reported them. An expiry settlement is no
 * entry or exit the trader made, so it is left out.
 */
export async function readLegFills(db: Queryable, userId: number, index: string, legs: readonly Contract[], from: string, to: string): Promise<LegFill[]> {
  const { rows } = await db.query<{ n: string; t: string; side: 'BUY' | 'SELL'; q: number; p: string }>(
    `WITH ${legTable},
     fills AS (
       SELECT broker_account_id, exchange, tradingsymbol, transaction_type, quantity, price_paise, filled_at FROM paper_trades WHERE kind = 'fill'
       UNION ALL
       SELECT broker_account_id, exchange, tradingsymbol, transaction_type, quantity, price_paise, filled_at FROM kite_trades),
     contracts AS (
       SELECT DISTINCT ON (exchange, tradingsymbol) * FROM (
         SELECT exchange, tradingsymbol, name AS index_name, expiry, strike * 100 AS strike_paise, instrument_type FROM instruments
         UNION ALL
         SELECT exchange, tradingsymbol, index_name, expiry, (strike * 100)::integer, instrument_type FROM kite_instruments WHERE expiry IS NOT NULL
       ) listed)
     SELECT l.n, extract(epoch FROM f.filled_at)::bigint AS t, f.transaction_type AS side, f.quantity AS q, f.price_paise AS p
     FROM fills f
     JOIN broker_accounts a ON a.id = f.broker_account_id AND a.user_id = $7
     JOIN contracts k ON k.exchange = f.exchange AND k.tradingsymbol = f.tradingsymbol AND k.index_name = $1
     JOIN legs l ON l.expiry = k.expiry AND l.strike_paise = k.strike_paise AND l.option_type = k.instrument_type
     WHERE f.filled_at >= ($2::date::timestamp - interval '330 minutes') AND f.filled_at < ($3::date::timestamp + interval '1110 minutes')
     ORDER BY f.filled_at, l.n`,
    [index, from, to, ...legParameters(legs), userId],
  );
  return rows.map((row) => ({ time: Number(row.t), leg: Number(row.n) - 1, side: row.side, quantity: Number(row.q), pricePaise: Number(row.p) }));
}
