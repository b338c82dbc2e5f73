// The simulator's stocks and every underlying's futures (issue 63, slice 3), beside the indices' options: a stock's
// option months and strikes, the futures months of a stock or an index, listed as contracts when first asked (as the
// indices' strikes are), and their quotes. Nothing here runs in the tick: a quote is computed from the NSE index's last
// tick (its instant and sequence) when a stream, a poll or the paper broker asks for it, so a stock no one watches
// costs nothing, and each instance computes the same prices.
import type { components } from '../../../../openapi/main.d.ts';
import type { components as analytics } from '../../../../openapi/analytics.d.ts';
import type { Queryable } from '../../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import { notFoundTexts } from '../../texts/not-found-texts.ts';
import { contractLot } from '../contract-lots.ts';
import { futureMonths, stockOptionExpiries, underlyingTerms, type UnderlyingTerms } from '../derivatives/contract-months.ts';
import type { Expiry } from '../expiries.ts';
import type { IndexName } from '../index-config.ts';
import { istDate } from '../ist.ts';
import type { MarketCore, MarketOptions } from '../market-core.ts';
import { priceFields, round, rupees, type ContractRow, type IndexModel, type IndexSnapshot } from '../market-rows.ts';
import { optionQuote, smileVolatility } from '../simulator.ts';
import { contractExpiryMs, expiriesTradingFrom, regularSessionOn, type TradingCalendar } from '../trading-calendar.ts';
import { futureTradingsymbol, optionTradingsymbol } from '../tradingsymbol.ts';
import { carryOn, loadCarryRates, loadStockModels, stockSmile, type CarryRate, type StockModel } from './stock-models.ts';
import { stockSpotPaise } from './stock-path.ts';
import { futureQuote, sessionShare, stockOptionOiLots, stockSnapshot, stockSpreadWidening, type NseClock, type StockSnapshot } from './stock-quotes.ts';

type LastPrice = analytics['schemas']['LastPrice'];
type FutureInstrument = components['schemas']['FutureInstrument'];

/** The clock stocks keep: NSE's reference index, whose ticks every NSE contract is priced at. */
export const nseClockIndex: IndexName = 'NIFTY';


type StockData = { models: Map<string, StockModel>; carry: CarryRate[]; optionTicks: Array<{ effectiveFrom: string; tickPaise: number }> };

export function createStockMarket(core: MarketCore, { db, clock, seed, demo }: MarketOptions) {
  let loaded: Promise<StockData> | null = null;
  /** Every simulated stock, the carry rates and the stock option tick: read once (they change only with a migration). */
  function data(q: Queryable = db): Promise<StockData> {
    loaded ??= (async () => {
      const calendar = await core.calendar('NSE', q);
      const { rows } = await q.query<{ effective_from: string; tick_paise: number }>(
        `SELECT to_char(effective_from, 'YYYY-MM-DD') AS effective_from, tick_paise FROM stock_option_ticks WHERE exchange = 'NSE' ORDER BY effective_from`,
      );
      return {
        models: await loadStockModels(q, calendar),
        carry: await loadCarryRates(q),
        optionTicks: rows.map((row) => ({ effectiveFrom: row.effective_from, tickPaise: row.tick_paise })),
      };
    })().catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return loaded;
  }

  const termsKept = new Map<string, UnderlyingTerms>();

  /** Each stock at the NSE clock's last tick, computed once a tick (every option and future of it reads it). */
  const snapshots = new Map<string, { seq: number; tickedAtMs: number; snap: StockSnapshot }>();
  function snapshotOf(model: StockModel, nse: NseClock, calendar: TradingCalendar): StockSnapshot {
    const kept = snapshots.get(model.symbol);
    if (kept !== undefined && kept.seq === nse.seq && kept.tickedAtMs === nse.tickedAtMs) return kept.snap;
    const snap = stockSnapshot(model, seed, nse, demo, calendar);
    snapshots.set(model.symbol, { seq: nse.seq, tickedAtMs: nse.tickedAtMs, snap });
    return snap;
  }

  /**
   * The stocks priced at the NSE clock's last tick: those a stream, a poll or a listing asked for since it (the
   * cost of the tick grows with these, not with the stocks listed; stock-simulation.test reads it).
   */
  async function stocksPricedThisTick(): Promise<string[]> {
    const nse = nseClockOf((await core.states()).get(nseClockIndex), clock());
    return [...snapshots].filter(([, kept]) => kept.seq === nse.seq && kept.tickedAtMs === nse.tickedAtMs).map(([symbol]) => symbol);
  }

  /** An underlying's futures months on a day, kept per day. */
  const monthsKept = new Map<string, string[]>();
  async function termsOf(symbol: string, q: Queryable = db): Promise<UnderlyingTerms | null> {
    const known = termsKept.get(symbol);
    if (known !== undefined) return known;
    const terms = (await underlyingTerms(q, [symbol])).get(symbol);
    if (terms === undefined) return null;
    termsKept.set(symbol, terms);
    return terms;
  }

  function optionTickOn(stock: StockData, day: string): number {
    let tick = stock.optionTicks[0]?.tickPaise;
    for (const row of stock.optionTicks) if (row.effectiveFrom <= day) tick = row.tickPaise;
    if (tick === undefined) throw new Error('stock_option_ticks has no NSE row');
    return tick;
  }

  async function stockModel(symbol: string): Promise<StockModel> {
    const model = (await data()).models.get(symbol);
    if (model === undefined) throw DomainError.said('not_found', notFoundTexts.underlying(symbol));
    return model;
  }

  async function lotOf(symbol: string, expiry: string, now: Date): Promise<number> {
    const lot = await contractLot(db, symbol, expiry, istDate(now));
    if (lot === null) throw new Error(`lot_revisions has no row for ${symbol}`);
    return lot.lotSize;
  }

  /** The spot a listing centres its strikes on: the stock at the NSE clock's last tick. */
  async function stockNow(model: StockModel, now: Date): Promise<StockSnapshot> {
    const calendar = await core.calendar('NSE');
    return stockSnapshot(model, seed, nseClockOf((await core.states()).get(nseClockIndex), now), demo, calendar);
  }

  /** A stock's option months from today (monthly: near, next, far). */
  async function stockExpiries(symbol: string, now: Date): Promise<Expiry[]> {
    await stockModel(symbol);
    const terms = await termsOf(symbol);
    if (terms === null || terms.kind !== 'stock') throw DomainError.said('not_found', notFoundTexts.underlying(symbol));
    const calendar = await core.calendar('NSE');
    return stockOptionExpiries(terms, calendar, expiriesTradingFrom(calendar, now));
  }

  /**
   * The futures an underlying lists today (near, next, far), each listed as a contract (FUT, no strike) on first
   * asking, with its own lot (contract-lots.ts).
   */
  /**
   * Futures listed on this instance, by EXCHANGE:TRADINGSYMBOL: a listed contract never changes, and an index's
   * expiries (read by every bot's tick that enters) asked for its three months' rows each time, nine statements.
   */
  const listedFutures = new Map<string, { instrument_token: number; lot_size: number }>();

  /** Lists a future (once, whichever instance is first) and keeps its row. */
  async function listFuture(segment: 'NFO' | 'BFO', tradingsymbol: string, symbol: string, expiry: string, now: Date) {
    const lot = await lotOf(symbol, expiry, now);
    await db.query(
      `INSERT INTO instruments (exchange, tradingsymbol, name, expiry, expiry_kind, strike, instrument_type, lot_size)
       VALUES ($1, $2, $3, $4::date, 'monthly', NULL, 'FUT', $5) ON CONFLICT (exchange, tradingsymbol) DO NOTHING`,
      [segment, tradingsymbol, symbol, expiry, lot],
    );
    const { rows } = await db.query<{ instrument_token: number; lot_size: number }>(
      'SELECT instrument_token, lot_size FROM instruments WHERE exchange = $1 AND tradingsymbol = $2',
      [segment, tradingsymbol],
    );
    const row = rows[0]!;
    listedFutures.set(`${segment}:${tradingsymbol}`, row);
    return row;
  }

  async function futures(symbol: string, segment: 'NFO' | 'BFO', now = clock()): Promise<FutureInstrument[]> {
    const terms = await termsOf(symbol);
    if (terms === null) return [];
    const calendar = await core.calendar(terms.exchange);
    const months = futureMonths(terms, calendar, expiriesTradingFrom(calendar, now));
    const tickPaise = terms.kind === 'stock' ? optionTickOn(await data(), istDate(now)) : (await core.ticks(terms.exchange)).length > 0 ? indexTick(await core.ticks(terms.exchange), istDate(now)) : 5;
    const listed: FutureInstrument[] = [];
    for (const [month, { series, expiry }] of months.entries()) {
      const tradingsymbol = futureTradingsymbol(symbol, expiry.date);
      const row = listedFutures.get(`${segment}:${tradingsymbol}`) ?? (await listFuture(segment, tradingsymbol, symbol, expiry.date, now));
      listed.push({
        instrument: `${segment}:${tradingsymbol}`,
        instrument_token: row.instrument_token,
        exchange: segment,
        tradingsymbol,
        name: symbol,
        instrument_type: 'FUT',
        expiry: expiry.date,
        series,
        month,
        lot_size: row.lot_size,
        tick_size: tickPaise / 100,
      });
    }
    return listed;
  }

  /** Strikes listed either side of the money for a stock: about 30 % of its price, 10 to 40 steps. */
  function stockStrikesEachSide(spot: number, step: number): number {
    return Math.min(40, Math.max(10, Math.ceil((0.3 * spot) / step)));
  }

  /** Lists (if not yet listed) a stock's strikes around the money for one month, and answers that month's contracts. */
  async function listStockStrikes(model: StockModel, expiry: Expiry, now: Date): Promise<ContractRow[]> {
    const spot = (await stockNow(model, now)).spotPaise / 100;
    const step = model.strikeStep;
    const atm = Math.round(spot / step) * step;
    const each = stockStrikesEachSide(spot, step);
    const rows: [string, number, string][] = [];
    for (let at = -each; at <= each; at += 1) {
      const strike = atm + at * step;
      if (strike <= 0) continue;
      for (const type of ['CE', 'PE'] as const) rows.push([optionTradingsymbol(model.symbol, expiry, strike, type, 'paise'), strike, type]);
    }
    await db.query(
      `INSERT INTO instruments (exchange, tradingsymbol, name, expiry, expiry_kind, strike, instrument_type, lot_size)
       SELECT 'NFO', t, $4, $5::date, 'monthly', s, k, $6 FROM unnest($1::text[], $2::float8[], $3::text[]) AS x (t, s, k)
       ON CONFLICT (exchange, tradingsymbol) DO NOTHING`,
      [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), model.symbol, expiry.date, await lotOf(model.symbol, expiry.date, now)],
    );
    const { rows: listed } = await db.query<ContractRow>(
      `SELECT instrument_token, exchange, tradingsymbol, name, to_char(expiry, 'YYYY-MM-DD') AS expiry, expiry_kind, strike, instrument_type, lot_size
       FROM instruments WHERE name = $1 AND expiry = $2 AND instrument_type <> 'FUT' ORDER BY strike, instrument_type`,
      [model.symbol, expiry.date],
    );
    return listed;
  }

  /**
   * The quote of a stock's own instrument (`NSE:RELIANCE`), of a stock's option, or of any underlying's future, at
   * the states given (the NSE index's tick is the stocks' clock); undefined for anything else.
   */
  async function quote(
    key: string,
    row: ContractRow | undefined,
    states: Map<IndexName, IndexSnapshot>,
    indices: Map<IndexName, IndexModel>,
    q: Queryable = db,
  ): Promise<LastPrice | undefined> {
    const stock = await data(q);
    if (row === undefined) {
      const model = key.startsWith('NSE:') ? stock.models.get(key.slice(4)) : undefined;
      const nse = states.get(nseClockIndex);
      if (model === undefined || nse === undefined) return undefined;
      const snap = snapshotOf(model, nseClockOf(nse), await core.calendar('NSE', q));
      return { ...priceFields(snap.spotPaise, snap.previousClosePaise, snap.tickedAtMs), open: rupees(snap.dayOpenPaise), high: rupees(snap.dayHighPaise), low: rupees(snap.dayLowPaise) };
    }
    if (row.instrument_type === 'FUT') return futureOf(row, states, indices, stock, q);
    const model = stock.models.get(row.name);
    const nse = states.get(nseClockIndex);
    if (model === undefined || nse === undefined) return undefined;
    const calendar = await core.calendar('NSE', q);
    const snap = snapshotOf(model, nseClockOf(nse), calendar);
    const day = istDate(new Date(snap.tickedAtMs));
    const carry = carryOn(stock.carry, day);
    const params = stockSmile(model, carry);
    const expiresAtMs = contractExpiryMs(calendar, row.expiry);
    const years = Math.max(0, (expiresAtMs - snap.tickedAtMs) / (365 * 24 * 60 * 60 * 1000));
    const forward = (snap.spotPaise / 100) * Math.exp(carry * years);
    const month = await monthOf(row.name, row.expiry, new Date(snap.tickedAtMs), q);
    const oiLots = stockOptionOiLots({ strike: row.strike, kind: row.instrument_type, forward, volatility: params.atmVolatility, years, strikeStep: model.strikeStep, lotSize: row.lot_size, month, peakNotionalRupees: model.oiSizing?.optionPeakNotionalRupees });
    const dayVolumeLots = Math.round(oiLots * 0.8 * sessionShare(calendar, snap.tickedAtMs, demo));
    const contract = { instrumentToken: row.instrument_token, strike: row.strike, kind: row.instrument_type, expiry: row.expiry, expiresAtMs, lotSize: row.lot_size, tickPaise: optionTickOn(stock, day) };
    const result = optionQuote(params, contract, snap, seed, { oiLots, dayVolumeLots }, regularSessionOn(calendar, day), stockSpreadWidening);
    return {
      ...priceFields(result.lastPaise, result.closePaise, snap.tickedAtMs),
      bid: rupees(result.bidPaise),
      ask: rupees(result.askPaise),
      volume: result.volume,
      oi: result.oi,
      oi_change: 0,
      iv: result.iv === null ? null : round(result.iv * 100, 2),
      delta: round(result.delta, 4),
      gamma: round(result.gamma, 6),
      theta: round(result.theta, 2),
      vega: round(result.vega, 2),
    };
  }

  /** Which month (0 near, 1 next, 2 far) an expiry is among its underlying's futures months on the day. */
  async function monthOf(symbol: string, expiry: string, at: Date, q: Queryable): Promise<number> {
    const terms = await termsOf(symbol, q);
    if (terms === null) return 0;
    const calendar = await core.calendar(terms.exchange, q);
    const from = expiriesTradingFrom(calendar, at);
    const key = `${symbol}:${from}`;
    let months = monthsKept.get(key);
    if (months === undefined) {
      months = futureMonths(terms, calendar, from).map((month) => month.expiry.date);
      monthsKept.set(key, months);
    }
    const month = months.indexOf(expiry);
    return month < 0 ? 2 : month;
  }

  async function futureOf(row: ContractRow, states: Map<IndexName, IndexSnapshot>, indices: Map<IndexName, IndexModel>, stock: StockData, q: Queryable): Promise<LastPrice | undefined> {
    const index = indices.get(row.name as IndexName);
    const exchange = row.exchange === 'BFO' ? 'BSE' : 'NSE';
    const calendar = await core.calendar(exchange, q);
    let spot: { spotPaise: number; previousClosePaise: number; previousCloseAtMs: number; tickedAtMs: number; seq: number } | undefined;
    let rate: number;
    let tickPaise: number;
    let oiNotionalRupees: number | undefined;
    if (index !== undefined) {
      spot = states.get(index.name);
      if (spot === undefined) return undefined;
      // An index future sits on the forward its options price on (one rate for every figure: market-assumptions.ts).
      rate = index.params.rate;
      tickPaise = indexTick(await core.ticks(exchange, q), istDate(new Date(spot.tickedAtMs)));
    } else {
      const model = stock.models.get(row.name);
      const nse = states.get(nseClockIndex);
      if (model === undefined || nse === undefined) return undefined;
      spot = snapshotOf(model, nseClockOf(nse), calendar);
      rate = carryOn(stock.carry, istDate(new Date(spot.tickedAtMs)));
      tickPaise = optionTickOn(stock, istDate(new Date(spot.tickedAtMs)));
      oiNotionalRupees = model.oiSizing?.futureNotionalRupees;
    }
    const month = await monthOf(row.name, row.expiry, new Date(spot.tickedAtMs), q);
    const result = futureQuote({
      kind: index === undefined ? 'stock' : 'index',
      spotPaise: spot.spotPaise,
      previousClosePaise: spot.previousClosePaise,
      previousCloseAtMs: spot.previousCloseAtMs,
      rate,
      tickedAtMs: spot.tickedAtMs,
      expiresAtMs: contractExpiryMs(calendar, row.expiry),
      instrumentToken: row.instrument_token,
      seq: spot.seq,
      seed,
      tickPaise,
      month,
      lotSize: row.lot_size,
      oiNotionalRupees,
      calendar,
      demo,
    });
    return {
      ...priceFields(result.lastPaise, result.closePaise, spot.tickedAtMs),
      bid: rupees(result.bidPaise),
      ask: rupees(result.askPaise),
      volume: result.volume,
      oi: result.oi,
      oi_change: 0,
    };
  }

  /** A simulated stock's spot in paise at an instant (null for a symbol that is none): its path is a function of time. */
  async function spotAt(symbol: string, ms: number, q: Queryable = db): Promise<number | null> {
    const model = (await data(q)).models.get(symbol);
    if (model === undefined) return null;
    return stockSpotPaise(model, seed, ms, demo, await core.calendar('NSE', q));
  }

  /**
   * What the paper broker prices a stock's margin with, as market-quotes.ts pricing does an index's: the stock's spot
   * at the NSE clock's tick, its carry and its smile.
   */
  async function pricing(symbol: string, states: Map<IndexName, IndexSnapshot>, q: Queryable = db) {
    const stock = await data(q);
    const model = stock.models.get(symbol);
    if (model === undefined) throw DomainError.said('not_found', notFoundTexts.underlying(symbol));
    const calendar = await core.calendar('NSE', q);
    const snap = snapshotOf(model, nseClockOf(states.get(nseClockIndex), clock()), calendar);
    const spot = snap.spotPaise / 100;
    const nowMs = snap.tickedAtMs;
    const day = istDate(new Date(nowMs));
    const rate = carryOn(stock.carry, day);
    const params = stockSmile(model, rate);
    const volatility = (strike: number, expiry: string) => {
      const years = Math.max(1 / (365 * 24), (contractExpiryMs(calendar, expiry) - nowMs) / (365 * 24 * 60 * 60 * 1000));
      return smileVolatility(params, spot * Math.exp(rate * years), strike, years);
    };
    return { spot, rate, nowMs, volatility, tickPaise: optionTickOn(stock, day) };
  }

  return { data, stockModel, stockExpiries, listStockStrikes, futures, quote, stockNow, optionTickOn, spotAt, pricing, stocksPricedThisTick };
}

function indexTick(rows: ReadonlyArray<{ effectiveFrom: string; tickPaise: number }>, day: string): number {
  let tick = rows[0]?.tickPaise ?? 5;
  for (const row of rows) if (row.effectiveFrom <= day) tick = row.tickPaise;
  return tick;
}

/** The NSE clock from the reference index's state, or (before the market's first tick) the instant itself. */
export function nseClockOf(state: IndexSnapshot | undefined, now = new Date()): NseClock {
  if (state !== undefined) {
    return { seq: state.seq, tickedAtMs: state.tickedAtMs, sessionOpenSeq: state.sessionOpenSeq, previousCloseAtMs: state.previousCloseAtMs, sessionDate: state.sessionDate };
  }
  return { seq: 0, tickedAtMs: now.getTime(), sessionOpenSeq: 0, previousCloseAtMs: now.getTime(), sessionDate: istDate(now) };
}

export type StockMarket = ReturnType<typeof createStockMarket>;
export type { TradingCalendar };
