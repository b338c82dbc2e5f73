// Where the paper broker's prices come from: the simulated market by default (market-prices.ts), scripted
// quotes in tests. Reads go through `q`, the caller's transaction when there is one.
import type { Queryable } from '../../../db/database.ts';
import type { IndexName } from '../../market/index-config.ts';
import type { SessionState } from '../../market/market-core.ts';
import type { Quote } from './order-rules.ts';

/** One minute of an index (rupees); `minute` is the candle's start. */
export type IndexMinute = { minute: Date; open: number; high: number; low: number; close: number };

export type PriceSource = {
  /** Quotes keyed `EXCHANGE:TRADINGSYMBOL`; instruments without a price are left out. */
  quotes: (keys: readonly string[], q: Queryable) => Promise<Map<string, Quote>>;
  /**
   * Quotes as they stood at a past instant: what the broker's MIS square-off fills at when the server was down
   * at the cut-off and squares off afterwards (missed-cut-offs.ts). The simulator prices each option at that
   * instant on the index's last recorded level at or before it; history quotes its own minute.
   */
  quotesAt: (keys: readonly string[], at: Date, q: Queryable) => Promise<Map<string, Quote>>;
  /**
   * What an after-market order is checked against (its price's sense, the margin it needs) where `quotes` answers
   * none: a live feed's last price, or its last close, as the feed gave it before going quiet out of hours
   * (feed-prices.ts), bid and ask at that price. Absent (the simulator, history): `quotes` alone.
   */
  lastQuotes?: (keys: readonly string[], q: Queryable) => Promise<Map<string, Quote>>;
  /** The index's spot in paise. */
  spotPaise: (index: IndexName, q: Queryable) => Promise<number>;
  /**
   * The exchange's closing value of the index on an IST day, in paise, that expiring contracts settle at:
   * the average of the index over the day's close-price window (market_sessions: 15:10–15:40 IST since 3 August 2026).
   */
  closingValuePaise: (index: IndexName, day: string, q: Queryable) => Promise<number>;
  /** What margin is priced with for an index. */
  pricing: (index: IndexName, q: Queryable) => Promise<{ spot: number; rate: number; nowMs: number; volatility: (strike: number, expiry: string) => number }>;
  /** Whether the exchange takes orders now (always in demo mode). */
  marketOpen: (exchange: 'NFO' | 'BFO', now: Date, q: Queryable) => Promise<boolean>;
  /**
   * The broker's MIS square-off (HH:MM IST) of the session `now` falls in. Absent: the regular 15:25
   * (settlement.ts); a replay of a special session answers the session's own (history-prices.ts).
   */
  misSquareOff?: (now: Date) => string | undefined;
  /** The exchange's session at `now`: open, or when it opens next and whether it closed today (after-market orders). */
  session: (exchange: 'NFO' | 'BFO', now: Date, q: Queryable) => Promise<SessionState>;
  demo: boolean;
  /**
   * The index's minute candles from `since` up to the source's now, that the bots' signals are computed on.
   * Absent: the market's stored candles (market_candles, written by the simulator or the live feed); a source
   * with its own index path (history) answers from that path, so a signal fires on the prices the bot trades at.
   */
  /**
   * The traded volume of each contract in the minute an instant falls in, where the source has recorded volume
   * (history's option minutes); absent where prices are modelled (the simulator). What the bots' premium VWAP
   * weighs minutes by (bots/engine/conditions.ts).
   */
  volumesAt?: (keys: readonly string[], at: Date, q: Queryable) => Promise<Map<string, number>>;
  indexCandles?: (indices: readonly IndexName[], since: Date, q: Queryable) => Promise<Map<IndexName, IndexMinute[]>>;
};
