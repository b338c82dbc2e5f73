// The option contracts the simulated market lists: its expiries (from the index facts and the calendar),
// the strikes around the money (listed on first request, never removed, each seeded with its open
// interest), and the contracts as Kite names them.
import type { components } from '../../../openapi/main.d.ts';
import type { Queryable } from '../../db/database.ts';
import { DomainError } from '../domain-error.ts';
import { notFoundTexts } from '../texts/not-found-texts.ts';
import { contractLot } from './contract-lots.ts';
import { listExpiries, type Expiry } from './expiries.ts';
import { freezeQuantityAnswer, stockFreezeQuantityOn } from './freeze-quantities.ts';
import { indexFacts, type IndexFacts, type IndexName } from './index-config.ts';
import { clockMinutes, istDate, istInstant, istOffsetMs } from './ist.ts';
import { exchangeOf, type MarketCore, type MarketOptions } from './market-core.ts';
import { contractColumns, isOptionRow, type ContractRow, type IndexModel, type IndexSnapshot, type OptionRow } from './market-rows.ts';
import type { StockMarket } from './stocks/stock-market.ts';
import { seedOpenInterest } from './open-interest-store.ts';
import { priceRulesOn } from './price-rules.ts';
import { addDays, expiriesTradingFrom, regularSessionOn, sessionOn, type TradingCalendar } from './trading-calendar.ts';
import { sessionDensityAt, varianceYears } from './variance-clock.ts';
import { optionTradingsymbol } from './tradingsymbol.ts';

type ExpiriesResponse = components['schemas']['ExpiriesResponse'];
type InstrumentsResponse = components['schemas']['InstrumentsResponse'];
type OptionInstrument = components['schemas']['OptionInstrument'];

/**
 * Strikes listed either side of the at-the-money strike, at least: wide enough for a trader's "all strikes"
 * (NIFTY lists 251 strikes, 502 contracts, an expiry, as the exchange lists far out-of-the-money strikes too).
 */
export const strikesEachSide = 125;

export function modelNamed(all: Map<IndexName, IndexModel>, index: IndexName): IndexModel {
  const model = all.get(index);
  if (model === undefined) throw DomainError.said('not_found', notFoundTexts.index(index));
  return model;
}

/** The end of the IST trading day: today's regular close, or tomorrow's once it has passed. */
function tradingDayEnd(calendar: TradingCalendar, now: Date): Date {
  const today = istDate(now);
  const close = istInstant(today, regularSessionOn(calendar, today).close);
  if (close > now) return close;
  const tomorrow = addDays(today, 1);
  return istInstant(tomorrow, regularSessionOn(calendar, tomorrow).close);
}

/** `tickPaise`: the tick in force on the day the contract is listed for (price-rules.ts). */
export function instrumentOf(row: OptionRow, tickPaise: number): OptionInstrument {
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
    tick_size: tickPaise / 100,
  };
}

const yearMinutes = 365 * 24 * 60;

export function createMarketContracts(core: MarketCore, { db, clock, seed, demo }: MarketOptions, stocks: StockMarket) {
  /** Listed contracts never change, so a contract once read is kept (keyed EXCHANGE:TRADINGSYMBOL). */
  const contracts = new Map<string, ContractRow>();

  /**
   * The expiries still trading at `now`: on an expiry day the contract trades until the day's close (15:40 IST
   * since 3 August 2026), after which the list starts at the next day.
   */
  async function expiriesOf(facts: IndexFacts, now: Date): Promise<Expiry[]> {
    const calendar = await core.calendar(exchangeOf(facts));
    return listExpiries(facts, calendar, expiriesTradingFrom(calendar, now));
  }

  /**
   * An underlying's option expiries and its futures months (each future listed as a contract on first asking): an
   * index's weekly and monthly series, or a simulated stock's months (stocks/stock-market.ts).
   */
  async function expiries(symbol: string, now = clock()): Promise<ExpiriesResponse> {
    const model = (await core.models()).get(symbol as IndexName);
    if (model === undefined) {
      const options = await stocks.stockExpiries(symbol, now);
      return { index: symbol, underlying: `NSE:${symbol}`, expiries: options, futures: await stocks.futures(symbol, 'NFO', now) };
    }
    const facts = await indexFacts(db, model.name, now);
    return { index: model.name, underlying: model.underlying, expiries: await expiriesOf(facts, now), futures: await stocks.futures(model.name, facts.exchange, now) };
  }

  /**
   * Lists (if not yet listed) the strikes within `strikesEachSide` steps of the money, for one expiry, and
   * gives each new contract its open interest. Contracts are only ever added, so a token stays valid all day;
   * ON CONFLICT makes concurrent listings harmless.
   */
  /**
   * Minutes of average activity the session has traded so far: the demo's session runs from IST midnight, an
   * exchange's from its open; up to the trading last applied today (the next minute's trading takes it from
   * there), or up to now before the index's first tick of the day (a chain listed at start-up, before any
   * tick, as the demo desk does: the first tick starts trading afresh from its own time).
   */
  async function sessionActiveMinutes(facts: IndexFacts, state: IndexSnapshot | undefined, now: Date): Promise<number> {
    const today = istDate(now);
    const until = state !== undefined && state.tradedAtMs !== null && state.sessionDate === today ? state.tradedAtMs : now.getTime();
    const calendar = await core.calendar(exchangeOf(facts));
    const midnight = Date.parse(`${today}T00:00:00Z`) - istOffsetMs;
    const session = sessionOn(calendar, today);
    if (!demo && session === null) return 0;
    const from = demo || session === null ? midnight : midnight + clockMinutes(session.open) * 60_000;
    return (varianceYears(from, until, demo, calendar) * yearMinutes) / sessionDensityAt(calendar, until);
  }

  /**
   * The lot an expiry's contracts are listed at: its strikes already listed, else the broker's instrument file's or
   * the dated revision in force (contract-lots.ts), so on a day two lots trade side by side each expiry carries its own.
   */
  async function lotOfExpiry(index: IndexName, expiry: string, now: Date): Promise<number> {
    const lot = await contractLot(db, index, expiry, istDate(now));
    if (lot === null) throw new Error(`lot_revisions has no row for ${index}`);
    return lot.lotSize;
  }

  async function listStrikes(model: IndexModel, facts: IndexFacts, expiry: Expiry, state: IndexSnapshot | undefined, now: Date): Promise<void> {
    const spotPaise = state?.spotPaise ?? model.startSpotPaise;
    const atm = Math.round(spotPaise / 100 / facts.strikeStep) * facts.strikeStep;
    const rows: [string, string, number, string][] = [];
    for (let step = -strikesEachSide; step <= strikesEachSide; step += 1) {
      const strike = atm + step * facts.strikeStep;
      if (strike <= 0) continue;
      for (const type of ['CE', 'PE'] as const) rows.push([facts.exchange, optionTradingsymbol(model.name, expiry, strike, type), strike, type]);
    }
    await db.query(
      `INSERT INTO instruments (exchange, tradingsymbol, name, expiry, expiry_kind, strike, instrument_type, lot_size)
       SELECT e, t, $5, $6::date, $7, s, k, $8 FROM unnest($1::text[], $2::text[], $3::int[], $4::text[]) AS x (e, t, s, k)
       ON CONFLICT (exchange, tradingsymbol) DO NOTHING`,
      [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3]), model.name, expiry.date, expiry.kind, await lotOfExpiry(model.name, expiry.date, now)],
    );
    const market = { spot: spotPaise / 100, atmVolatility: model.params.atmVolatility, seed };
    await seedOpenInterest(db, model.name, expiry.date, { strikeStep: facts.strikeStep, calendar: await core.calendar(exchangeOf(facts)) }, market, now, istDate(now), await sessionActiveMinutes(facts, state, now));
  }

  /** A simulated stock's options of one month, its strikes around the money listed on first asking. */
  async function stockInstruments(symbol: string, expiryDate: string, now: Date): Promise<InstrumentsResponse> {
    const model = await stocks.stockModel(symbol);
    const expiry = (await stocks.stockExpiries(symbol, now)).find((candidate) => candidate.date === expiryDate);
    if (expiry === undefined) throw DomainError.said('not_found', notFoundTexts.expiry(symbol, expiryDate), { field: 'expiry' });
    const rows = (await stocks.listStockStrikes(model, expiry, now)).filter(isOptionRow);
    const tick = stocks.optionTickOn(await stocks.data(), istDate(now));
    return {
      index: symbol,
      underlying: `NSE:${symbol}`,
      expiry: expiry.date,
      kind: expiry.kind,
      strike_step: model.strikeStep,
      lot_size: rows[0]?.lot_size ?? 1,
      freeze_quantity: freezeQuantityAnswer(await stockFreezeQuantityOn(db, symbol, istDate(now))),
      valid_until: tradingDayEnd(await core.calendar('NSE'), now).toISOString(),
      instruments: rows.map((row) => instrumentOf(row, tick)),
    };
  }

  async function instruments(symbol: string, expiryDate: string, now = clock()): Promise<InstrumentsResponse> {
    if (!(await core.models()).has(symbol as IndexName)) return stockInstruments(symbol, expiryDate, now);
    const index = symbol as IndexName;
    const model = modelNamed(await core.models(), index);
    const facts = await indexFacts(db, index, now);
    const expiry = (await expiriesOf(facts, now)).find((candidate) => candidate.date === expiryDate);
    if (expiry === undefined) {
      throw DomainError.said('not_found', notFoundTexts.expiry(index, expiryDate), { field: 'expiry' });
    }
    const state = (await core.states()).get(index);
    await listStrikes(model, facts, expiry, state, now);
    const { rows } = await db.query<OptionRow>(
      `SELECT ${contractColumns} FROM instruments WHERE name = $1 AND expiry = $2 AND instrument_type <> 'FUT' ORDER BY strike, instrument_type`,
      [index, expiry.date],
    );
    const { tickPaise: tick } = await priceRulesOn(db, facts.exchange, istDate(now));
    return {
      index,
      underlying: model.underlying,
      expiry: expiry.date,
      kind: expiry.kind,
      strike_step: facts.strikeStep,
      // The expiry's contracts' own lot (all of one expiry share it; another expiry of the day may differ).
      lot_size: rows[0]?.lot_size ?? (await lotOfExpiry(index, expiry.date, now)),
      freeze_quantity: facts.freezeQuantity,
      valid_until: tradingDayEnd(await core.calendar(exchangeOf(facts)), now).toISOString(),
      instruments: rows.map((row) => instrumentOf(row, tick)),
    };
  }

  /** Reads into the cache the contracts among `keys` not yet in it. */
  async function contractsFor(keys: readonly string[], q: Queryable = db): Promise<void> {
    const missing = keys.filter((key) => !contracts.has(key) && /^(NFO|BFO):/.test(key));
    if (missing.length === 0) return;
    const { rows } = await q.query<ContractRow>(
      `SELECT ${contractColumns} FROM instruments WHERE exchange || ':' || tradingsymbol = ANY($1::text[])`,
      [missing],
    );
    for (const row of rows) contracts.set(`${row.exchange}:${row.tradingsymbol}`, row);
  }

  return { expiries, instruments, contractsFor, contract: (key: string) => contracts.get(key) };
}

export type MarketContracts = ReturnType<typeof createMarketContracts>;
