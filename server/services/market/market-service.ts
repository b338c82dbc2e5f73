// The simulated market: ticks its indices on the leader, lists option contracts, and answers quotes.
//
// Scale: each tick is one transaction that first takes `pg_try_advisory_xact_lock(marketLockKey)`: on
// several server instances sharing one PostgreSQL, exactly one moves the market per tick, and the lock ends
// with the transaction (it cannot leak, and it is never held across anything slow). Every instance reads
// the stored index state and computes option quotes from it (simulator.ts is pure), so all serve the same
// prices. On PGlite the single process is the leader.
import type { components } from '../../../openapi/main.d.ts';
import type { components as analytics } from '../../../openapi/analytics.d.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { marketAssumptions } from '../../../quant/market-assumptions.ts';
import { forwardFromSpot } from '../../../quant/option-inputs.ts';
import { DomainError } from '../domain-error.ts';
import { listExpiries, type Expiry } from './expiries.ts';
import { indexFacts, type IndexFacts, type IndexName } from './index-config.ts';
import { clockMinutes, istDate, istMinutes, istOffsetMs } from './ist.ts';
import { loadTradingCalendar } from './calendar-data.ts';
import {
  expiryInstantMs,
  normal,
  nextSpotPaise,
  optionQuote,
  smileVolatility,
  tickOptionVolume,
  uniform,
  type IndexState,
  type OptionContract,
  type SimulationParams,
} from './simulator.ts';
import { addDays, sessionOn, type Exchange, type TradingCalendar } from './trading-calendar.ts';
import { optionTradingsymbol } from './tradingsymbol.ts';

export type LastPrice = analytics['schemas']['LastPrice'];
export type MarketStatus = analytics['schemas']['MarketStatus'];
type ExpiriesResponse = components['schemas']['ExpiriesResponse'];
type InstrumentsResponse = components['schemas']['InstrumentsResponse'];
type OptionInstrument = components['schemas']['OptionInstrument'];

/** Any fixed number: the advisory lock every instance asks for before moving the market. */
export const marketLockKey = 8_842_026;
/**
 * Strikes listed either side of the at-the-money strike, at least: wide enough for a trader's "all strikes"
 * (NIFTY lists 251 strikes, 502 contracts, an expiry, as the exchange lists far out-of-the-money strikes too).
 */
export const strikesEachSide = 125;

export type MarketOptions = {
  db: Database;
  clock: Clock;
  /** 32-bit seed (simulator.ts seedOf): the same seed and clock give the same ticks. */
  seed: number;
  /** Keep the market open at any hour (on by default, so a new user sees prices move at 2 a.m.). */
  demo: boolean;
  /** Milliseconds between ticks. */
  tickMs: number;
  /** Minute candles older than this many days are pruned. */
  candleRetentionDays?: number;
};

type IndexRow = {
  index_name: IndexName;
  underlying: string;
  start_spot: string;
  volatility: string;
  atm_volatility: string;
  skew: string;
  curvature: string;
};

type StateRow = {
  index_name: IndexName;
  seq: string;
  spot: string;
  ticked_at: Date;
  session_date: string;
  session_open_seq: string;
  day_open: string;
  day_high: string;
  day_low: string;
  previous_close: string;
  previous_close_at: Date;
};

type ContractRow = {
  instrument_token: number;
  exchange: 'NFO' | 'BFO';
  tradingsymbol: string;
  name: IndexName;
  expiry: string;
  expiry_kind: 'weekly' | 'monthly';
  strike: number;
  instrument_type: 'CE' | 'PE';
  lot_size: number;
};

type IndexModel = { name: IndexName; underlying: string; startSpotPaise: number; params: SimulationParams; stream: number };

export type IndexSnapshot = IndexState & { name: IndexName; sessionDate: string; dayOpenPaise: number; dayHighPaise: number; dayLowPaise: number };

const paise = (numeric: string) => Math.round(Number(numeric) * 100);
const rupees = (value: number) => value / 100;
const round = (value: number, digits: number) => Number(value.toFixed(digits));

function exchangeOf(facts: Pick<IndexFacts, 'exchange'>): Exchange {
  return facts.exchange === 'BFO' ? 'BSE' : 'NSE';
}

function snapshotOf(row: StateRow): IndexSnapshot {
  return {
    name: row.index_name,
    seq: Number(row.seq),
    spotPaise: paise(row.spot),
    tickedAtMs: row.ticked_at.getTime(),
    sessionOpenSeq: Number(row.session_open_seq),
    previousClosePaise: paise(row.previous_close),
    previousCloseAtMs: row.previous_close_at.getTime(),
    sessionDate: row.session_date,
    dayOpenPaise: paise(row.day_open),
    dayHighPaise: paise(row.day_high),
    dayLowPaise: paise(row.day_low),
  };
}

const stateColumns = `index_name, seq, spot, ticked_at, to_char(session_date, 'YYYY-MM-DD') AS session_date, session_open_seq,
  day_open, day_high, day_low, previous_close, previous_close_at`;
const contractColumns = `instrument_token, exchange, tradingsymbol, name, to_char(expiry, 'YYYY-MM-DD') AS expiry, expiry_kind,
  strike, instrument_type, lot_size`;

export function createMarketService({ db, clock, seed, demo, tickMs, candleRetentionDays = 30 }: MarketOptions) {
  let indices: Map<IndexName, IndexModel> | null = null;
  const calendars = new Map<Exchange, TradingCalendar>();
  /** Listed contracts never change, so a contract once read is kept (keyed EXCHANGE:TRADINGSYMBOL). */
  const contracts = new Map<string, ContractRow>();
  /**
   * The last quote computed for each contract, with the tick it belongs to: every stream showing a contract
   * shares one computation per tick (an implied volatility solve is the costly part).
   */
  const lastQuotes = new Map<string, { seq: number; quote: LastPrice }>();

  async function models(q: Queryable = db): Promise<Map<IndexName, IndexModel>> {
    if (indices !== null) return indices;
    const { rows } = await q.query<IndexRow>('SELECT * FROM market_simulation ORDER BY index_name');
    indices = new Map(
      rows.map((row, stream): [IndexName, IndexModel] => [
        row.index_name,
        {
          name: row.index_name,
          underlying: row.underlying,
          startSpotPaise: paise(row.start_spot),
          stream,
          params: {
            volatility: Number(row.volatility),
            atmVolatility: Number(row.atm_volatility),
            skew: Number(row.skew),
            curvature: Number(row.curvature),
            // One rate for every figure (quant/market-assumptions.ts), not a column of its own.
            rate: marketAssumptions.rate,
          },
        },
      ]),
    );
    return indices;
  }

  async function calendar(exchange: Exchange, q: Queryable = db): Promise<TradingCalendar> {
    const known = calendars.get(exchange);
    if (known !== undefined) return known;
    const loaded = await loadTradingCalendar(q, exchange);
    calendars.set(exchange, loaded);
    return loaded;
  }

  /** Whether `exchange` trades at `now` (always, in demo mode), and when it opens next when it does not. */
  async function sessionState(exchange: Exchange, now: Date, q: Queryable = db): Promise<{ open: boolean; nextOpen: Date | null }> {
    if (demo) return { open: true, nextOpen: null };
    const days = await calendar(exchange, q);
    const minutes = istMinutes(now);
    const today = istDate(now);
    const session = sessionOn(days, today);
    if (session !== null && minutes >= clockMinutes(session.open) && minutes < clockMinutes(session.close)) {
      return { open: true, nextOpen: null };
    }
    for (let offset = 0; offset < 370; offset += 1) {
      const day = addDays(today, offset);
      const next = sessionOn(days, day);
      if (next === null || (offset === 0 && minutes >= clockMinutes(next.open))) continue;
      return { open: false, nextOpen: new Date(Date.parse(`${day}T${next.open}:00Z`) - istOffsetMs) };
    }
    return { open: false, nextOpen: null };
  }

  async function status(now = clock()): Promise<MarketStatus> {
    const { open, nextOpen } = await sessionState('NSE', now);
    return {
      status: open ? 'open' : 'closed',
      demo,
      timestamp: now.toISOString(),
      ...(nextOpen === null ? {} : { next_open: nextOpen.toISOString() }),
    };
  }

  async function readStates(q: Queryable = db, lock = false): Promise<Map<IndexName, IndexSnapshot>> {
    const { rows } = await q.query<StateRow>(`SELECT ${stateColumns} FROM market_index_state${lock ? ' FOR UPDATE' : ''}`);
    return new Map(rows.map((row) => [row.index_name, snapshotOf(row)]));
  }

  /** The stored state of every index, starting the market at its configured spots the first time. */
  async function states(): Promise<Map<IndexName, IndexSnapshot>> {
    const stored = await readStates();
    if (stored.size > 0) return stored;
    // Read the models before the transaction: inside it, a query on `db` would wait forever on PGlite.
    await models();
    await db.transaction(async (tx) => initialise(tx, clock()));
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

  /**
   * One tick, if this instance is the leader and a tick is due: moves every index whose exchange is open,
   * rolls the session over on a new trading day, and records the minute candle. Returns whether it ticked.
   */
  async function tick(now = clock()): Promise<boolean> {
    const all = await models();
    const openByExchange = new Map<Exchange, boolean>();
    for (const exchange of ['NSE', 'BSE'] as const) openByExchange.set(exchange, (await sessionState(exchange, now)).open);
    const factsByIndex = new Map<IndexName, IndexFacts>();
    for (const name of all.keys()) factsByIndex.set(name, await indexFacts(db, name, now));
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{ leader: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS leader', [marketLockKey]);
      if (rows[0]?.leader !== true) return false;
      let current = await readStates(tx, true);
      const fresh = current.size === 0;
      if (fresh) {
        await initialise(tx, now);
        current = await readStates(tx, true);
      }
      let ticked = false;
      for (const state of current.values()) {
        const model = all.get(state.name);
        const facts = factsByIndex.get(state.name);
        if (model === undefined || facts === undefined || !openByExchange.get(exchangeOf(facts))) continue;
        // Another instance ticked a moment ago (clocks and timers differ a little): half a tick is too soon.
        if (!fresh && now.getTime() - state.tickedAtMs < tickMs / 2) continue;
        await moveIndex(tx, model, state, now, facts);
        ticked = true;
      }
      return ticked;
    });
  }

  async function moveIndex(tx: Queryable, model: IndexModel, state: IndexSnapshot, now: Date, facts: IndexFacts): Promise<void> {
    const seq = state.seq + 1;
    const today = istDate(now);
    const newSession = today !== state.sessionDate;
    // Each tick is one tick of trading time, whatever the timer's jitter: the same seed gives the same path.
    const spotPaise = nextSpotPaise(state.spotPaise, model.params.volatility, tickMs, normal(seed, seq, model.stream));
    const spot = rupees(spotPaise);
    if (newSession) {
      await tx.query(
        `UPDATE market_index_state SET seq = $2, spot = $3, ticked_at = $4, session_date = $5, session_open_seq = $6,
           day_open = $3, day_high = $3, day_low = $3, previous_close = spot, previous_close_at = ticked_at
         WHERE index_name = $1`,
        [model.name, seq, spot, now, today, state.seq],
      );
    } else {
      await tx.query(
        `UPDATE market_index_state SET seq = $2, spot = $3, ticked_at = $4, day_high = GREATEST(day_high, $3),
           day_low = LEAST(day_low, $3) WHERE index_name = $1`,
        [model.name, seq, spot, now],
      );
    }
    const minute = new Date(now.getTime() - (now.getTime() % 60_000));
    // A counter-based draw of its own (its own stream, apart from the options'), so the same seed gives the same volumes.
    const volume = tickOptionVolume(spotPaise, facts.strikeStep, uniform(seed, seq, -1 - model.stream));
    await tx.query(
      `INSERT INTO market_candles (index_name, minute, open, high, low, close, ticks, volume) VALUES ($1, $2, $3, $3, $3, $3, 1, $4)
       ON CONFLICT (index_name, minute) DO UPDATE SET high = GREATEST(market_candles.high, $3),
         low = LEAST(market_candles.low, $3), close = $3, ticks = market_candles.ticks + 1, volume = market_candles.volume + $4`,
      [model.name, minute, spot, volume],
    );
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

  function modelOf(all: Map<IndexName, IndexModel>, index: IndexName): IndexModel {
    const model = all.get(index);
    if (model === undefined) throw new DomainError('not_found', `The market has no index ${index}`);
    return model;
  }

  /**
   * The expiries still trading at `now`: on an expiry day the contract trades until 15:30 IST, after which the
   * list starts at the next day.
   */
  async function expiriesOf(facts: IndexFacts, now: Date): Promise<Expiry[]> {
    const afterClose = istMinutes(now) >= clockMinutes('15:30');
    const from = afterClose ? addDays(istDate(now), 1) : istDate(now);
    return listExpiries(facts, await calendar(exchangeOf(facts)), from);
  }

  async function expiries(index: IndexName, now = clock()): Promise<ExpiriesResponse> {
    const model = modelOf(await models(), index);
    const facts = await indexFacts(db, index, now);
    return { index, underlying: model.underlying, expiries: await expiriesOf(facts, now) };
  }

  /**
   * Lists (if not yet listed) the strikes within `strikesEachSide` steps of the money, for one expiry. Contracts
   * are only ever added, so a token stays valid all day; ON CONFLICT makes concurrent listings harmless.
   */
  async function listStrikes(index: IndexName, facts: IndexFacts, expiry: Expiry, spotPaise: number): Promise<void> {
    const atm = Math.round(spotPaise / 100 / facts.strikeStep) * facts.strikeStep;
    const rows: unknown[][] = [];
    for (let step = -strikesEachSide; step <= strikesEachSide; step += 1) {
      const strike = atm + step * facts.strikeStep;
      if (strike <= 0) continue;
      for (const type of ['CE', 'PE'] as const) {
        rows.push([facts.exchange, optionTradingsymbol(index, expiry, strike, type), strike, type]);
      }
    }
    await db.query(
      `INSERT INTO instruments (exchange, tradingsymbol, name, expiry, expiry_kind, strike, instrument_type, lot_size)
       SELECT e, t, $5, $6::date, $7, s, k, $8 FROM unnest($1::text[], $2::text[], $3::int[], $4::text[]) AS x (e, t, s, k)
       ON CONFLICT (exchange, tradingsymbol) DO NOTHING`,
      [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3]), index, expiry.date, expiry.kind, facts.lotSize],
    );
  }

  /** The end of the IST trading day: 15:30 today, or tomorrow's once it has passed. */
  function tradingDayEnd(now: Date): Date {
    const today = istDate(now);
    const close = Date.parse(`${today}T15:30:00Z`) - istOffsetMs;
    return new Date(close > now.getTime() ? close : close + 24 * 60 * 60 * 1000);
  }

  async function instruments(index: IndexName, expiryDate: string, now = clock()): Promise<InstrumentsResponse> {
    const model = modelOf(await models(), index);
    const facts = await indexFacts(db, index, now);
    const expiry = (await expiriesOf(facts, now)).find((candidate) => candidate.date === expiryDate);
    if (expiry === undefined) {
      throw new DomainError('not_found', `${index} has no expiry on ${expiryDate}: choose one of its expiries`, { field: 'expiry' });
    }
    const state = (await states()).get(index);
    await listStrikes(index, facts, expiry, state?.spotPaise ?? model.startSpotPaise);
    const { rows } = await db.query<ContractRow>(
      `SELECT ${contractColumns} FROM instruments WHERE name = $1 AND expiry = $2 ORDER BY strike, instrument_type`,
      [index, expiry.date],
    );
    return {
      index,
      underlying: model.underlying,
      expiry: expiry.date,
      kind: expiry.kind,
      strike_step: facts.strikeStep,
      lot_size: facts.lotSize,
      freeze_quantity: facts.freezeQuantity,
      valid_until: tradingDayEnd(now).toISOString(),
      instruments: rows.map(instrumentOf),
    };
  }

  function instrumentOf(row: ContractRow): OptionInstrument {
    return {
      instrument: `${row.exchange}:${row.tradingsymbol}`,
      instrument_token: row.instrument_token,
      exchange: row.exchange,
      tradingsymbol: row.tradingsymbol,
      name: row.name,
      strike: row.strike,
      instrument_type: row.instrument_type,
      expiry: row.expiry,
      lot_size: row.lot_size,
      tick_size: 0.05,
    };
  }

  async function contractsFor(keys: readonly string[], q: Queryable = db): Promise<void> {
    const missing = keys.filter((key) => !contracts.has(key) && /^(NFO|BFO):/.test(key));
    if (missing.length === 0) return;
    const { rows } = await q.query<ContractRow>(
      `SELECT ${contractColumns} FROM instruments WHERE exchange || ':' || tradingsymbol = ANY($1::text[])`,
      [missing],
    );
    for (const row of rows) contracts.set(`${row.exchange}:${row.tradingsymbol}`, row);
  }

  /** The fields every quote has: last price, its time, the previous close and the change from it. */
  function priceFields(lastPaise: number, closePaise: number, tickedAtMs: number) {
    const change = lastPaise - closePaise;
    return {
      last_price: rupees(lastPaise),
      timestamp: new Date(tickedAtMs).toISOString(),
      close: rupees(closePaise),
      change: rupees(change),
      change_percent: round((change / closePaise) * 100, 2),
    };
  }

  function indexQuote(state: IndexSnapshot): LastPrice {
    return {
      ...priceFields(state.spotPaise, state.previousClosePaise, state.tickedAtMs),
      open: rupees(state.dayOpenPaise),
      high: rupees(state.dayHighPaise),
      low: rupees(state.dayLowPaise),
    };
  }

  function contractQuote(model: IndexModel, row: ContractRow, state: IndexSnapshot): LastPrice {
    const contract: OptionContract = {
      instrumentToken: row.instrument_token,
      strike: row.strike,
      kind: row.instrument_type,
      expiry: row.expiry,
      lotSize: row.lot_size,
    };
    const quote = optionQuote(model.params, contract, state, seed);
    return {
      ...priceFields(quote.lastPaise, quote.closePaise, state.tickedAtMs),
      bid: rupees(quote.bidPaise),
      ask: rupees(quote.askPaise),
      volume: quote.volume,
      oi: quote.oi,
      iv: quote.iv === null ? null : round(quote.iv * 100, 2),
      delta: round(quote.delta, 4),
      gamma: round(quote.gamma, 6),
      theta: round(quote.theta, 2),
      vega: round(quote.vega, 2),
    };
  }

  /**
   * Quotes for instruments as Kite names them (`NSE:NIFTY 50`, `NFO:NIFTY26D0124000CE`); instruments the
   * market does not know are left out.
   */
  async function quotes(keys: readonly string[], current?: Map<IndexName, IndexSnapshot>, q?: Queryable): Promise<Record<string, LastPrice>> {
    const all = await models(q);
    const byState = current ?? (q === undefined ? await states() : await readStates(q));
    await contractsFor(keys, q);
    const underlyings = new Map([...all.values()].map((model) => [model.underlying, model]));
    const data: Record<string, LastPrice> = {};
    for (const key of keys) {
      const index = underlyings.get(key);
      if (index !== undefined) {
        const state = byState.get(index.name);
        if (state !== undefined) data[key] = indexQuote(state);
        continue;
      }
      const row = contracts.get(key);
      const model = row === undefined ? undefined : all.get(row.name);
      const state = row === undefined ? undefined : byState.get(row.name);
      if (row === undefined || model === undefined || state === undefined) continue;
      const cached = lastQuotes.get(key);
      if (cached !== undefined && cached.seq === state.seq && cached.quote.timestamp === new Date(state.tickedAtMs).toISOString()) {
        data[key] = cached.quote;
        continue;
      }
      const quote = contractQuote(model, row, state);
      lastQuotes.set(key, { seq: state.seq, quote });
      data[key] = quote;
    }
    return data;
  }

  /**
   * What the paper broker prices margin with: the index's spot now, the rate and the simulator's smile
   * (the volatility it prices each strike at).
   */
  async function pricing(index: IndexName, q?: Queryable, current?: Map<IndexName, IndexSnapshot>) {
    const model = modelOf(await models(q), index);
    const state = (current ?? (q === undefined ? await states() : await readStates(q))).get(index);
    const spot = (state?.spotPaise ?? model.startSpotPaise) / 100;
    const nowMs = state?.tickedAtMs ?? clock().getTime();
    const { rate } = model.params;
    const volatility = (strike: number, expiry: string) => {
      const years = Math.max(1 / (365 * 24), (expiryInstantMs(expiry) - nowMs) / (365 * 24 * 60 * 60 * 1000));
      return smileVolatility(model.params, forwardFromSpot(spot, rate, years), strike, years);
    };
    return { spot, rate, nowMs, volatility };
  }

  /** Which index each instrument moves with (null for one the market does not know), in one query. */
  async function indicesOfInstruments(keys: readonly string[]): Promise<Map<string, IndexName | null>> {
    const all = await models();
    const underlyings = new Map([...all.values()].map((model) => [model.underlying, model.name]));
    await contractsFor(keys);
    return new Map(keys.map((key) => [key, underlyings.get(key) ?? contracts.get(key)?.name ?? null]));
  }

  return { tick, states, readStates: (q?: Queryable) => readStates(q), status, sessionState, pricing, expiries, instruments, quotes, indicesOfInstruments, pruneCandles, candles, tickMs, demo };
}

export type MarketService = ReturnType<typeof createMarketService>;
