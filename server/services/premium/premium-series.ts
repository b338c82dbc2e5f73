// A strategy's combined premium as candles (GET /api/market-history/premium/): its legs parsed, their prices read
// from market history, added (premium-candles.ts), bucketed, and sent as columns of numbers (element i of every
// array is candle i): a NIFTY day of 1-minute candles is ~375 candles, a few KB gzip. Prices in rupees at this
// edge (the candles are integer paise until here). The trader's own fills on the legs come with them, to mark
// entries and exits on the chart.
import type { components } from '../../../openapi/main.d.ts';
import type { Queryable } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { isHistoryIndex } from '../history/history-files.ts';
import { istDate } from '../market/ist.ts';
import { requireListedUnderlying } from '../market/underlyings/underlying-rows.ts';
import { kiteHistoryTexts } from '../texts/kite-history-texts.ts';
import { premiumTexts } from '../texts/premium-texts.ts';
import { bucketCandles, combineLegs, type LegPrice, type PremiumCandle } from './premium-candles.ts';
import { contractName, parseLegs } from './premium-legs.ts';
import { readLegDays, readLegFills, readLegMinutes } from './premium-store.ts';

export const premiumIntervals = { '1m': 1, '3m': 3, '5m': 5, '15m': 15, '30m': 30, '60m': 60, '1d': 375 } as const;
export type PremiumInterval = keyof typeof premiumIntervals;

/** The most days one answer spans, and the most candles (ten days of 1-minute candles). */
export const maxPremiumDays = 31;
export const maxPremiumCandles = 3750;

export type PremiumQuery = { legs: string; from: string | null; to: string | null; interval: PremiumInterval };

export type StrategyPremium = components['schemas']['StrategyPremium'];

const rupees = (paise: number) => Math.round(paise) / 100;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** Weekdays from `from` to `to`: the most trading days the range can hold (for the candle limit). */
function weekdays(from: string, to: string): number {
  let count = 0;
  for (let at = Date.parse(from); at <= Date.parse(to); at += 86_400_000) if (![0, 6].includes(new Date(at).getUTCDay())) count += 1;
  return count;
}

/**
 * The latest day on or before `today` on which every leg has a minute stored (or, for day candles, a bhavcopy row:
 * a stock's options are in market history by its bhavcopies only), or null.
 */
async function lastCommonDay(db: Queryable, index: string, legs: readonly { expiry: string; strikePaise: number; optionType: string }[], today: string, dayCandles: boolean): Promise<string | null> {
  const { rows } = await db.query<{ d: string | null }>(
    `WITH legs AS (SELECT * FROM unnest($2::date[], $3::integer[], $4::text[]) AS l (expiry, strike_paise, option_type)),
     days AS (
       SELECT trade_date, expiry, strike_paise, option_type FROM history_option_minutes WHERE index_name = $1 AND trade_date <= $5::date
       UNION
       SELECT trade_date, expiry, strike_paise, option_type FROM history_recorded_option_days WHERE index_name = $1 AND trade_date <= $5::date
       UNION
       SELECT trade_date, expiry, strike_paise, option_type FROM history_option_days WHERE $7 AND index_name = $1 AND trade_date <= $5::date AND open_paise > 0)
     SELECT to_char(max(trade_date), 'YYYY-MM-DD') AS d FROM (
       SELECT days.trade_date FROM days JOIN legs USING (expiry, strike_paise, option_type)
       GROUP BY days.trade_date HAVING count(DISTINCT (legs.expiry, legs.strike_paise, legs.option_type)) = $6) common`,
    [index, legs.map((leg) => leg.expiry), legs.map((leg) => leg.strikePaise), legs.map((leg) => leg.optionType), today, legs.length, dayCandles],
  );
  return rows[0]?.d ?? null;
}

/** Whether the recorder wrote a minute of any of the index's contracts today (then a leg without one is not watched). */
async function recordedToday(db: Queryable, index: string, today: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM history_option_minutes WHERE index_name = $1 AND trade_date = $2::date LIMIT 1', [index, today]);
  return rows.length > 0;
}

/** The time the numbers are as of: the end of the last minute charted, else the close of the last day candle. */
function asOf(lastMinute: PremiumCandle | undefined, lastCandle: PremiumCandle | undefined): string | null {
  if (lastMinute !== undefined && (lastCandle === undefined || lastCandle.time <= lastMinute.time)) return new Date((lastMinute.time + 60) * 1000).toISOString();
  return lastCandle === undefined ? null : new Date((lastCandle.time + 375 * 60) * 1000).toISOString();
}

export async function strategyPremium(db: Queryable, clock: Clock, userId: number, query: PremiumQuery): Promise<StrategyPremium> {
  const { legs, basis } = parseLegs(query.legs);
  const index = (legs[0] as (typeof legs)[number]).index;
  // An index's options history is kept for the four NSE indices; a listed stock's (issue 63) from its bhavcopies.
  const kind = await requireListedUnderlying(db, index);
  if (kind === 'index' && !isHistoryIndex(index)) throw DomainError.said('validation_failed', premiumTexts.legShape(1, query.legs.slice(0, 60)), { field: 'legs' });
  const today = istDate(clock());
  const to = query.to ?? query.from ?? (await lastCommonDay(db, index, legs, today, query.interval === '1d')) ?? today;
  const from = query.from ?? to;
  if (from > to) throw DomainError.said('validation_failed', kiteHistoryTexts.fromAfterTo, { field: 'from' });
  const span = daysBetween(from, to);
  if (span > maxPremiumDays) throw DomainError.said('validation_failed', premiumTexts.rangeTooLong(maxPremiumDays, span), { field: 'to' });
  const interval = premiumIntervals[query.interval];
  if ((weekdays(from, to) * 375) / interval > maxPremiumCandles) {
    throw DomainError.said('validation_failed', premiumTexts.tooManyCandles(maxPremiumCandles), { field: 'interval' });
  }
  legs.forEach((leg, i) => {
    if (leg.expiry < from) throw DomainError.said('validation_failed', premiumTexts.expiredBefore(i + 1, leg.expiry, from), { field: 'legs' });
  });

  const minutes = await readLegMinutes(db, index, legs, from, to, today);
  const days: Map<number, LegPrice>[] = query.interval === '1d' ? await readLegDays(db, index, legs, from, to) : legs.map(() => new Map());
  const unpriced = legs.findIndex((_, i) => (minutes[i] as Map<number, LegPrice>).size === 0 && (days[i] as Map<number, LegPrice>).size === 0);
  if (unpriced >= 0) {
    const recordingOthers = to >= today && (await recordedToday(db, index, today));
    throw DomainError.said('not_found', premiumTexts.noPrices(unpriced + 1, contractName(legs[unpriced] as (typeof legs)[number]), from, to, recordingOthers), { field: 'legs' });
  }
  const coefficients = legs.map((leg) => leg.coefficient);
  const combined = combineLegs(coefficients, minutes);
  let candles = bucketCandles(combined.candles, interval);
  if (query.interval === '1d') {
    // A day every leg has minutes of is charted from them; another, from the legs' bhavcopy candles if all have one.
    const fromMinutes = new Set(candles.map((candle) => candle.time));
    const fromFiles = combineLegs(coefficients, days).candles.filter((candle) => !fromMinutes.has(candle.time));
    candles = [...candles, ...fromFiles.map((candle): PremiumCandle => ({ ...candle, minutes: 375 }))].sort((a, b) => a.time - b.time);
  }
  const lastMinute = combined.candles.at(-1);
  const fills = await readLegFills(db, userId, index, legs, from, to);
  return {
    index,
    basis,
    legs: legs.map((leg) => ({ expiry: leg.expiry, strike: leg.strikePaise / 100, option_type: leg.optionType, side: leg.side, lots: leg.lots, coefficient: leg.coefficient })),
    from,
    to,
    interval: query.interval,
    time: candles.map((candle) => candle.time),
    open: candles.map((candle) => rupees(candle.open)),
    high: candles.map((candle) => rupees(candle.high)),
    low: candles.map((candle) => rupees(candle.low)),
    close: candles.map((candle) => rupees(candle.close)),
    volume: candles.map((candle) => candle.volume),
    source: candles.map((candle) => candle.source),
    sources: [...new Set(candles.map((candle) => candle.source))],
    gap_minutes: combined.gaps,
    as_of: asOf(lastMinute, candles.at(-1)),
    fills: fills.map((fill) => ({ time: fill.time, leg: fill.leg, side: fill.side, quantity: fill.quantity, price: rupees(fill.pricePaise) })),
  };
}
