// What every part of the simulated market shares: the indices' models, the exchange calendars, whether an
// exchange trades now, and the stored index state (started at the configured spots the first time).
import type { components as analytics } from '../../../openapi/analytics.d.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { loadTradingCalendar } from './calendar-data.ts';
import { tickHistory, type TickRow } from './price-rules.ts';
import { indexFacts, type IndexFacts, type IndexName } from './index-config.ts';
import { istDate } from './ist.ts';
import { marketStatusOf, sessionAt, type SessionState } from './exchange-session.ts';
import { modelOf, rupees, snapshotOf, stateColumns, type IndexModel, type IndexRow, type IndexSnapshot, type StateRow } from './market-rows.ts';
import type { Exchange, TradingCalendar } from './trading-calendar.ts';
import { createTickStates } from './tick-states.ts';

export type MarketStatus = analytics['schemas']['MarketStatus'];

export type MarketOptions = {
  db: Database;
  clock: Clock;
  /** 32-bit seed (random.ts seedOf): the same seed and clock give the same ticks. */
  seed: number;
  /** Keep the market open at any hour (on by default, so a new user sees prices move at 2 a.m.). */
  demo: boolean;
  /** Milliseconds between ticks. */
  tickMs: number;
  /** Minute candles older than this many days are pruned. */
  candleRetentionDays?: number;
};

export type { SessionState };

export function exchangeOf(facts: Pick<IndexFacts, 'exchange'>): Exchange {
  return facts.exchange === 'BFO' ? 'BSE' : 'NSE';
}

export function createMarketCore({ db, clock, demo }: MarketOptions) {
  let indices: Map<IndexName, IndexModel> | null = null;
  const calendars = new Map<Exchange, TradingCalendar>();
  const tickRows = new Map<Exchange, TickRow[]>();

  async function models(q: Queryable = db): Promise<Map<IndexName, IndexModel>> {
    if (indices !== null) return indices;
    const { rows } = await q.query<IndexRow>('SELECT * FROM market_simulation ORDER BY index_name');
    indices = new Map(rows.map((row, stream): [IndexName, IndexModel] => [row.index_name, modelOf(row, stream)]));
    return indices;
  }

  async function calendar(exchange: Exchange, q: Queryable = db): Promise<TradingCalendar> {
    const known = calendars.get(exchange);
    if (known !== undefined) return known;
    const loaded = await loadTradingCalendar(q, exchange);
    calendars.set(exchange, loaded);
    return loaded;
  }

  /** The exchange's tick rows by date (price-rules.ts), kept once read like the calendar: they change only with a migration. */
  async function ticks(exchange: Exchange, q: Queryable = db): Promise<TickRow[]> {
    const known = tickRows.get(exchange);
    if (known !== undefined) return known;
    const loaded = await tickHistory(q, exchange);
    tickRows.set(exchange, loaded);
    return loaded;
  }

  /**
   * An index's facts on the IST date of `now` (index-config.ts), kept for the day: the tick asks for every index's
   * every second, on the way to every desk's price, and they change only with a migration or the date.
   */
  const factsOfDay = new Map<IndexName, { date: string; facts: IndexFacts }>();
  async function facts(index: IndexName, now: Date): Promise<IndexFacts> {
    const date = istDate(now);
    const known = factsOfDay.get(index);
    if (known?.date === date) return known.facts;
    const read = await indexFacts(db, index, now);
    factsOfDay.set(index, { date, facts: read });
    return read;
  }

  /**
   * Whether `exchange` trades at `now` (always, in demo mode), when it opens next when it does not, and when
   * today's session closed if it closed today (the after-market order window starts a while after it).
   */
  async function sessionState(exchange: Exchange, now: Date, q: Queryable = db): Promise<SessionState> {
    if (demo) return { open: true, nextOpen: null, closedAt: null };
    return sessionAt(await calendar(exchange, q), now);
  }

  async function status(now = clock()): Promise<MarketStatus> {
    return marketStatusOf(await sessionState('NSE', now), now, demo, await calendar('NSE'));
  }

  async function readStates(q: Queryable = db, lock = false): Promise<Map<IndexName, IndexSnapshot>> {
    const { rows } = await q.query<StateRow>(`SELECT ${stateColumns} FROM market_index_state${lock ? ' FOR UPDATE' : ''}`);
    const states = new Map(rows.map((row): [IndexName, IndexSnapshot] => [row.index_name, snapshotOf(row)]));
    tickStates.seen(states);
    return states;
  }

  // What the paper broker prices orders with: read once a tick (tick-states.ts).
  const tickStates = createTickStates(db, (q) => readStates(q));

  /** The stored state of every index, starting the market at its configured spots the first time. */
  async function states(): Promise<Map<IndexName, IndexSnapshot>> {
    const stored = await readStates();
    if (stored.size > 0) return stored;
    // Read the models before the transaction: inside it, a query on `db` would wait forever on PGlite.
    await models();
    await db.transaction(async (tx) => initialise(tx, clock()));
    tickStates.moved();
    return readStates();
  }

  async function initialise(tx: Queryable, now: Date): Promise<void> {
    for (const model of (await models()).values()) {
      const spot = rupees(model.startSpotPaise);
      await tx.query(
        `INSERT INTO market_index_state (index_name, seq, spot, ticked_at, session_date, session_open_seq, day_open, day_high,
           day_low, previous_close, previous_close_at)
         VALUES ($1, 0, $2, $3, $4, 0, $2, $2, $2, $2, $3) ON CONFLICT (index_name) DO NOTHING`,
        [model.name, spot, now, istDate(now)],
      );
    }
  }

  return { models, calendar, ticks, facts, sessionState, status, readStates, states, initialise, tickStates };
}

export type MarketCore = ReturnType<typeof createMarketCore>;
