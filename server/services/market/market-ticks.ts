// The leader's tick: moves each open index by the variance time that passed since its last tick (one clock
// with the options' decay, variance-clock.ts), rolls the session over on a new trading day, records the
// minute candle and, once a minute, applies the simulated trading that changes volume and open interest.
//
// Scale: each tick is one transaction that first takes `pg_try_advisory_xact_lock(marketLockKey)`: on
// several server instances sharing one PostgreSQL, exactly one moves the market per tick, and the lock ends
// with the transaction (it cannot leak, and it is never held across anything slow). On PGlite the single
// process is the leader.
import type { Queryable } from '../../db/database.ts';
import type { IndexFacts, IndexName } from './index-config.ts';
import { istDate } from './ist.ts';
import { exchangeOf, type MarketCore, type MarketOptions } from './market-core.ts';
import { rupees, type IndexModel, type IndexSnapshot } from './market-rows.ts';
import { applyTrading } from './open-interest-store.ts';
import { uniform } from './random.ts';
import { tickOptionVolume } from './simulator.ts';
import { moveDraws, nextSpotPaise } from './spot-move.ts';
import type { Exchange, TradingCalendar } from './trading-calendar.ts';
import { sessionDensityAt, varianceYears } from './variance-clock.ts';

/** Any fixed number: the advisory lock every instance asks for before moving the market. */
export const marketLockKey = 8_842_026;

const minuteMs = 60_000;
const yearMinutes = 365 * 24 * 60;

/** Whether a tick at `tickedAtMs` is in a later minute than the trading last applied (none yet: a new session's first tick sets it). */
function tradingDue(tradedAtMs: number | null, tickedAtMs: number): boolean {
  return tradedAtMs !== null && Math.floor(tickedAtMs / minuteMs) !== Math.floor(tradedAtMs / minuteMs);
}

export function createMarketTicks(core: MarketCore, { db, clock, seed, demo, tickMs, candleRetentionDays = 30 }: MarketOptions) {
  /**
   * What a tick and its minute's trading read before the leader's transaction (inside it, a read on `db` would wait
   * for the transaction to end on PGlite): the models, the exchanges' calendars and each index's facts of the day.
   */
  async function readsBeforeTheLock(now: Date) {
    const all = await core.models();
    const calendars = new Map<Exchange, TradingCalendar>();
    for (const exchange of ['NSE', 'BSE'] as const) calendars.set(exchange, await core.calendar(exchange));
    const factsByIndex = new Map<IndexName, IndexFacts>();
    for (const name of all.keys()) factsByIndex.set(name, await core.facts(name, now));
    return { all, calendars, factsByIndex };
  }

  /**
   * One tick, if this instance is the leader and a tick is due: moves every index whose exchange is open.
   * Returns whether it ticked. With `trading: false` a minute's trading (volume and open interest, a read and a
   * write of every listed contract of the index) is left to `trade`, which the market loop runs after the
   * streams have the tick: inside the tick it held every desk's price once a minute (issue 61: that tick took
   * 1.6 s where others took 30 ms, and it was the p99 of a tick's arrival).
   */
  async function tick(now = clock(), { trading = true }: { trading?: boolean } = {}): Promise<boolean> {
    const { all, calendars, factsByIndex } = await readsBeforeTheLock(now);
    const openByExchange = new Map<Exchange, boolean>();
    for (const exchange of ['NSE', 'BSE'] as const) openByExchange.set(exchange, (await core.sessionState(exchange, now)).open);
    const moved = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ leader: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS leader', [marketLockKey]);
      if (rows[0]?.leader !== true) return { ticked: false, written: false };
      let current = await core.readStates(tx, true);
      const fresh = current.size === 0;
      if (fresh) {
        await core.initialise(tx, now);
        current = await core.readStates(tx, true);
      }
      let ticked = false;
      for (const state of current.values()) {
        const model = all.get(state.name);
        const facts = factsByIndex.get(state.name);
        if (model === undefined || facts === undefined || !openByExchange.get(exchangeOf(facts))) continue;
        // Another instance ticked a moment ago (clocks and timers differ a little): half a tick is too soon.
        if (!fresh && now.getTime() - state.tickedAtMs < tickMs / 2) continue;
        await moveIndex(tx, model, state, now, facts, calendars.get(exchangeOf(facts))!, trading);
        ticked = true;
      }
      return { ticked, written: ticked || fresh };
    });
    // This instance's own tick is read again at once (what follows it, the fill engine, must see it); every
    // other instance hears of it from the database (tick-states.ts).
    if (moved.written) core.tickStates.moved();
    return moved.ticked;
  }

  async function moveIndex(tx: Queryable, model: IndexModel, state: IndexSnapshot, now: Date, facts: IndexFacts, calendar: TradingCalendar, trading: boolean): Promise<void> {
    const seq = state.seq + 1;
    const today = istDate(now);
    const newSession = today !== state.sessionDate;
    // The variance the options' clock says has passed since the last tick (the opening gap included).
    const years = varianceYears(state.tickedAtMs, now.getTime(), demo, calendar);
    const spotPaise = nextSpotPaise(state.spotPaise, model.params.volatility, years, moveDraws(seed, seq, model.stream));
    const spot = rupees(spotPaise);
    // Trading is applied once a minute, for the activity since the last time; a new session starts counting afresh.
    const tradeDue = trading && !newSession && tradingDue(state.tradedAtMs, now.getTime());
    const tradedAt = newSession || state.tradedAtMs === null || tradeDue ? now : new Date(state.tradedAtMs);
    if (newSession) {
      await tx.query(
        `UPDATE market_index_state SET seq = $2, spot = $3, ticked_at = $4, session_date = $5, session_open_seq = $6,
           day_open = $3, day_high = $3, day_low = $3, previous_close = spot, previous_close_at = ticked_at, traded_at = $7
         WHERE index_name = $1`,
        [model.name, seq, spot, now, today, state.seq, tradedAt],
      );
    } else {
      await tx.query(
        `UPDATE market_index_state SET seq = $2, spot = $3, ticked_at = $4, day_high = GREATEST(day_high, $3),
           day_low = LEAST(day_low, $3), traded_at = $5 WHERE index_name = $1`,
        [model.name, seq, spot, now, tradedAt],
      );
    }
    if (tradeDue) await applyMinuteTrading(tx, model, facts, calendar, { tradedAtMs: state.tradedAtMs!, seq, spot, now, sessionDate: today });
    const minute = new Date(now.getTime() - (now.getTime() % minuteMs));
    // A counter-based draw of its own (its own stream, apart from the options'), so the same seed gives the same volumes.
    const volume = tickOptionVolume(spotPaise, facts.strikeStep, uniform(seed, seq, -1 - model.stream));
    await tx.query(
      `INSERT INTO market_candles (index_name, minute, open, high, low, close, ticks, volume) VALUES ($1, $2, $3, $3, $3, $3, 1, $4)
       ON CONFLICT (index_name, minute) DO UPDATE SET high = GREATEST(market_candles.high, $3),
         low = LEAST(market_candles.low, $3), close = $3, ticks = market_candles.ticks + 1, volume = market_candles.volume + $4`,
      [model.name, minute, spot, volume],
    );
  }

  /** The trading since `tradedAtMs`, up to the tick at `now` (its sequence `seq` and spot). */
  async function applyMinuteTrading(
    tx: Queryable,
    model: IndexModel,
    facts: IndexFacts,
    calendar: TradingCalendar,
    { tradedAtMs, seq, spot, now, sessionDate }: { tradedAtMs: number; seq: number; spot: number; now: Date; sessionDate: string },
  ): Promise<void> {
    const activeMinutes = (varianceYears(tradedAtMs, now.getTime(), demo, calendar) * yearMinutes) / sessionDensityAt(calendar, now.getTime());
    const market = { spot, atmVolatility: model.params.atmVolatility, seed };
    await applyTrading(tx, model.name, { strikeStep: facts.strikeStep, calendar }, market, { activeMinutes, seq, now, sessionDate });
  }

  /**
   * The minute's trading a tick with `trading: false` left, on the leader: for each index whose last tick is in
   * a later minute than its last trading, the trading up to that tick, as the tick itself would have applied it
   * (the same sequence, spot and instant, so the same volumes and open interest). Returns whether any was due.
   */
  async function trade(now = clock()): Promise<boolean> {
    const { all, calendars, factsByIndex } = await readsBeforeTheLock(now);
    const traded = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ leader: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS leader', [marketLockKey]);
      if (rows[0]?.leader !== true) return false;
      let any = false;
      for (const state of (await core.readStates(tx, true)).values()) {
        const model = all.get(state.name);
        const facts = factsByIndex.get(state.name);
        if (model === undefined || facts === undefined || !tradingDue(state.tradedAtMs, state.tickedAtMs)) continue;
        const tick = { tradedAtMs: state.tradedAtMs!, seq: state.seq, spot: rupees(state.spotPaise), now: new Date(state.tickedAtMs), sessionDate: state.sessionDate };
        await applyMinuteTrading(tx, model, facts, calendars.get(exchangeOf(facts))!, tick);
        await tx.query('UPDATE market_index_state SET traded_at = ticked_at WHERE index_name = $1', [state.name]);
        any = true;
      }
      return any;
    });
    if (traded) core.tickStates.moved();
    return traded;
  }

  /** Deletes candles past the retention window; returns how many went. */
  async function pruneCandles(now = clock()): Promise<number> {
    const { rows } = await db.query<{ count: string }>(
      `WITH gone AS (DELETE FROM market_candles WHERE minute < $1 RETURNING 1) SELECT count(*) AS count FROM gone`,
      [new Date(now.getTime() - candleRetentionDays * 24 * 60 * 60 * 1000)],
    );
    return Number(rows[0]?.count ?? 0);
  }

  async function candles(index: IndexName, since: Date) {
    const { rows } = await db.query<{ minute: Date; open: string; high: string; low: string; close: string }>(
      'SELECT minute, open, high, low, close FROM market_candles WHERE index_name = $1 AND minute >= $2 ORDER BY minute',
      [index, since],
    );
    return rows.map((row) => ({ minute: row.minute, open: Number(row.open), high: Number(row.high), low: Number(row.low), close: Number(row.close) }));
  }

  return { tick, trade, pruneCandles, candles };
}
