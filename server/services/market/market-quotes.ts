// Quotes as Kite names its instruments, from the stored index state (simulator.ts is pure, so every
// instance serves the same prices) and each contract's stored open interest and volume; and what the paper
// broker prices margin with.
import type { components as analytics } from '../../../openapi/analytics.d.ts';
import type { Queryable } from '../../db/database.ts';
import { forwardFromSpot } from '../../../quant/option-inputs.ts';
import type { IndexName } from './index-config.ts';
import { modelNamed, type MarketContracts } from './market-contracts.ts';
import type { MarketCore, MarketOptions } from './market-core.ts';
import { istDate } from './ist.ts';
import { calendarExchangeOf, isOptionRow, priceFields, round, rupees, type ContractRow, type IndexModel, type IndexSnapshot, type OptionRow } from './market-rows.ts';
import { nseClockIndex, type StockMarket } from './stocks/stock-market.ts';
import { readTrading, type StoredTrading } from './open-interest-store.ts';
import { tickInForce, type TickRow } from './price-rules.ts';
import { closePaiseOf, optionQuote, smileVolatility, type OptionContract } from './simulator.ts';
import { contractExpiryMs, regularSessionOn, type RegularSession, type TradingCalendar } from './trading-calendar.ts';

export type LastPrice = analytics['schemas']['LastPrice'];

function indexQuote(state: IndexSnapshot): LastPrice {
  return {
    ...priceFields(state.spotPaise, state.previousClosePaise, state.tickedAtMs),
    open: rupees(state.dayOpenPaise),
    high: rupees(state.dayHighPaise),
    low: rupees(state.dayLowPaise),
  };
}

/** What every contract quoted on one exchange's day shares: its tick, its session, each expiry's closing instant. */
type QuoteDay = { tickPaise: number; session: RegularSession; expiresAtMs: (expiry: string) => number };

function quoteDay(calendar: TradingCalendar, ticks: readonly TickRow[], day: string): QuoteDay {
  const expiries = new Map<string, number>();
  return {
    tickPaise: tickInForce(ticks, day),
    session: regularSessionOn(calendar, day),
    expiresAtMs: (expiry) => {
      let ms = expiries.get(expiry);
      if (ms === undefined) expiries.set(expiry, (ms = contractExpiryMs(calendar, expiry)));
      return ms;
    },
  };
}

/**
 * Each contract's previous close as last priced, with what it was priced from: the close is the theory at the
 * previous close's spot and instant, the same every tick of a day, so it is priced once a day, not once a tick.
 */
type CloseSeen = { params: IndexModel['params']; closeAtMs: number; closeSpotPaise: number; expiresAtMs: number; tickPaise: number; paise: number };

function closeOf(closes: Map<number, CloseSeen>, model: IndexModel, contract: OptionContract, state: IndexSnapshot): number {
  const seen = closes.get(contract.instrumentToken);
  if (seen !== undefined && seen.params === model.params && seen.closeAtMs === state.previousCloseAtMs && seen.closeSpotPaise === state.previousClosePaise && seen.expiresAtMs === contract.expiresAtMs && seen.tickPaise === contract.tickPaise) return seen.paise;
  const paise = closePaiseOf(model.params, contract, state);
  closes.set(contract.instrumentToken, { params: model.params, closeAtMs: state.previousCloseAtMs, closeSpotPaise: state.previousClosePaise, expiresAtMs: contract.expiresAtMs, tickPaise: contract.tickPaise, paise });
  return paise;
}

function contractQuote(model: IndexModel, row: OptionRow, state: IndexSnapshot, seed: number, stored: StoredTrading | undefined, day: QuoteDay, closes: Map<number, CloseSeen>): LastPrice {
  const contract: OptionContract = {
    instrumentToken: row.instrument_token,
    strike: row.strike,
    kind: row.instrument_type,
    expiry: row.expiry,
    expiresAtMs: day.expiresAtMs(row.expiry),
    lotSize: row.lot_size,
    tickPaise: day.tickPaise,
  };
  // The day's volume and OI change belong to the session they were traded in; before the contract trades
  // today both are 0 (its OI then is still the day's opening OI).
  const today = stored?.sessionDate === state.sessionDate;
  const trading = { oiLots: stored?.oiLots ?? 0, dayVolumeLots: today ? stored.dayVolumeLots : 0 };
  const quote = optionQuote(model.params, contract, state, seed, trading, day.session, 1, closeOf(closes, model, contract, state));
  const oiChangeLots = today ? stored.oiLots - stored.dayOpenOiLots : 0;
  return {
    ...priceFields(quote.lastPaise, quote.closePaise, state.tickedAtMs),
    bid: rupees(quote.bidPaise),
    ask: rupees(quote.askPaise),
    volume: quote.volume,
    oi: quote.oi,
    oi_change: oiChangeLots * row.lot_size,
    iv: quote.iv === null ? null : round(quote.iv * 100, 2),
    delta: round(quote.delta, 4),
    gamma: round(quote.gamma, 6),
    theta: round(quote.theta, 2),
    vega: round(quote.vega, 2),
  };
}

export function createMarketQuotes(core: MarketCore, contracts: MarketContracts, { db, clock, seed }: MarketOptions, stocks: StockMarket) {
  /**
   * The quote of each contract for the tick it belongs to, or its computation while under way: every caller in
   * that tick (a tick's fan-out to the price streams, a market_data poll, the paper broker) shares one
   * computation (an implied volatility solve is the costly part). Calls made in one turn all find the one
   * started first, so concurrent streams never each compute the same contract again. Open interest and volume
   * change only with the minute's trading, applied after its tick (`tradedAtMs` moves), so a quote of the same
   * tick and trading is still right.
   */
  const lastQuotes = new Map<string, { seq: number; tickedAtMs: number; tradedAtMs: number | null; quote: LastPrice | Promise<LastPrice> }>();
  /**
   * Each contract's stored trading, with the index's `tradedAtMs` it was read at: OI and volume change only
   * when the leader applies trading, which moves that instant, so until it moves the stored rows are not read
   * again (about a tenth of a chain's quoting time).
   */
  const tradingSeen = new Map<number, { tradedAtMs: number | null; trading: StoredTrading }>();
  const closes = new Map<number, CloseSeen>();

  async function tradingOf(q: Queryable, items: readonly { row: ContractRow; state: IndexSnapshot }[]): Promise<Map<number, StoredTrading>> {
    const known = new Map<number, StoredTrading>();
    const unread: number[] = [];
    for (const { row, state } of items) {
      const seen = tradingSeen.get(row.instrument_token);
      if (seen !== undefined && seen.tradedAtMs === state.tradedAtMs) known.set(row.instrument_token, seen.trading);
      else unread.push(row.instrument_token);
    }
    const read = await readTrading(q, unread);
    for (const { row, state } of items) {
      const trading = read.get(row.instrument_token);
      if (trading === undefined) continue;
      tradingSeen.set(row.instrument_token, { tradedAtMs: state.tradedAtMs, trading });
      known.set(row.instrument_token, trading);
    }
    return known;
  }

  /**
   * A stock's or a future's quote for the NSE clock's tick, computed once a tick and shared by every caller of it (a
   * tick's fan-out to the streams, a poll, the paper broker), as the indices' options are.
   */
  const stockQuotes = new Map<string, { seq: number; tickedAtMs: number; quote: Promise<LastPrice | undefined> }>();
  function stockQuoteOf(key: string, row: ContractRow | undefined, byState: Map<IndexName, IndexSnapshot>, all: Map<IndexName, IndexModel>, q?: Queryable): Promise<LastPrice | undefined> {
    const clockState = byState.get(row !== undefined && all.has(row.name as IndexName) ? (row.name as IndexName) : nseClockIndex);
    if (clockState === undefined) return Promise.resolve(undefined);
    const cached = stockQuotes.get(key);
    if (cached !== undefined && cached.seq === clockState.seq && cached.tickedAtMs === clockState.tickedAtMs) return cached.quote;
    const quote = stocks.quote(key, row, byState, all, q);
    const entry = { seq: clockState.seq, tickedAtMs: clockState.tickedAtMs, quote };
    stockQuotes.set(key, entry);
    quote.catch(() => {
      if (stockQuotes.get(key) === entry) stockQuotes.delete(key);
    });
    return quote;
  }

  /**
   * Quotes for instruments as Kite names them (`NSE:NIFTY 50`, `NFO:NIFTY26D0124000CE`); instruments the
   * market does not know are left out.
   */
  async function quotes(keys: readonly string[], current?: Map<IndexName, IndexSnapshot>, q?: Queryable): Promise<Record<string, LastPrice>> {
    const all = await core.models(q);
    const byState = current ?? (q === undefined ? await core.states() : await core.readStates(q));
    await contracts.contractsFor(keys, q);
    const underlyings = new Map([...all.values()].map((model) => [model.underlying, model]));
    const found = new Map<string, LastPrice | Promise<LastPrice> | Promise<LastPrice | undefined>>();
    const due: { key: string; row: OptionRow; model: IndexModel; state: IndexSnapshot }[] = [];
    for (const key of keys) {
      const index = underlyings.get(key);
      if (index !== undefined) {
        const state = byState.get(index.name);
        if (state !== undefined) found.set(key, indexQuote(state));
        continue;
      }
      const row = contracts.contract(key);
      const model = row === undefined || !isOptionRow(row) ? undefined : all.get(row.name as IndexName);
      if (row === undefined || model === undefined || !isOptionRow(row)) {
        // A simulated stock's own instrument, its options, or any underlying's future: priced from the instant.
        found.set(key, stockQuoteOf(key, row, byState, all, q));
        continue;
      }
      const state = byState.get(model.name);
      if (state === undefined) continue;
      const cached = lastQuotes.get(key);
      // A call inside a transaction (`q`) never waits on a read made outside it: on PGlite that read would
      // wait for the transaction to end. It computes its own, or takes a quote already computed.
      if (cached !== undefined && cached.seq === state.seq && cached.tickedAtMs === state.tickedAtMs && cached.tradedAtMs === state.tradedAtMs && (q === undefined || !(cached.quote instanceof Promise))) {
        found.set(key, cached.quote);
        continue;
      }
      due.push({ key, row, model, state });
    }
    if (due.length > 0) {
      // Registered before anything is awaited, so a call made meanwhile finds these computations under way.
      const calendars = Promise.all([core.calendar('NSE', q), core.calendar('BSE', q), core.ticks('NSE', q), core.ticks('BSE', q)]);
      const computed = Promise.all([tradingOf(q ?? db, due), calendars]).then(([trading, [nse, bse, nseTicks, bseTicks]]) => {
        // Read once for each exchange's day, not for each of a chain's contracts.
        const days = new Map<string, QuoteDay>();
        // A chain's contracts share their index's state: its day is found once, not once a contract.
        const dayOfState = new Map<IndexSnapshot, QuoteDay>();
        const dayOf = (model: IndexModel, state: IndexSnapshot): QuoteDay => {
          const known = dayOfState.get(state);
          if (known !== undefined) return known;
          const onBse = calendarExchangeOf(model) === 'BSE';
          const date = istDate(new Date(state.tickedAtMs));
          const key = `${onBse ? 'BSE' : 'NSE'} ${date}`;
          let day = days.get(key);
          if (day === undefined) days.set(key, (day = quoteDay(onBse ? bse : nse, onBse ? bseTicks : nseTicks, date)));
          dayOfState.set(state, day);
          return day;
        };
        return new Map(due.map(({ key, row, model, state }) => [key, contractQuote(model, row, state, seed, trading.get(row.instrument_token), dayOf(model, state), closes)]));
      });
      for (const { key, state } of due) {
        const quote = computed.then((byKey) => byKey.get(key)!);
        const entry: { seq: number; tickedAtMs: number; tradedAtMs: number | null; quote: LastPrice | Promise<LastPrice> } = { seq: state.seq, tickedAtMs: state.tickedAtMs, tradedAtMs: state.tradedAtMs, quote };
        lastQuotes.set(key, entry);
        found.set(key, quote);
        quote.then(
          (value) => {
            if (lastQuotes.get(key) === entry) entry.quote = value;
          },
          // A failed read is forgotten, so the next call tries again (the caller hears the error).
          () => {
            if (lastQuotes.get(key) === entry) lastQuotes.delete(key);
          },
        );
      }
    }
    const values = await Promise.all(found.values());
    return Object.fromEntries([...found.keys()].map((key, i) => [key, values[i]]).filter((entry): entry is [string, LastPrice] => entry[1] !== undefined));
  }

  /**
   * What the paper broker prices margin with: the index's spot now, the rate and the simulator's smile
   * (the volatility it prices each strike at).
   */
  async function pricing(index: IndexName, q?: Queryable, current?: Map<IndexName, IndexSnapshot>) {
    const all = await core.models(q);
    if (!all.has(index)) return stocks.pricing(index, current ?? (q === undefined ? await core.states() : await core.readStates(q)), q);
    const model = modelNamed(all, index);
    const state = (current ?? (q === undefined ? await core.states() : await core.readStates(q))).get(index);
    const spot = (state?.spotPaise ?? model.startSpotPaise) / 100;
    const nowMs = state?.tickedAtMs ?? clock().getTime();
    const { rate } = model.params;
    const calendar = await core.calendar(calendarExchangeOf(model), q);
    const tickPaise = tickInForce(await core.ticks(calendarExchangeOf(model), q), istDate(new Date(nowMs)));
    const volatility = (strike: number, expiry: string) => {
      const years = Math.max(1 / (365 * 24), (contractExpiryMs(calendar, expiry) - nowMs) / (365 * 24 * 60 * 60 * 1000));
      return smileVolatility(model.params, forwardFromSpot(spot, rate, years), strike, years);
    };
    return { spot, rate, nowMs, volatility, tickPaise };
  }

  /**
   * Which index's tick each instrument moves with (null for one the market does not know), in one query: a simulated
   * stock and its contracts move with NSE's clock index (stocks/stock-market.ts), an index's future with its index.
   */
  async function indicesOfInstruments(keys: readonly string[]): Promise<Map<string, IndexName | null>> {
    const all = await core.models();
    const underlyings = new Map([...all.values()].map((model) => [model.underlying, model.name]));
    await contracts.contractsFor(keys);
    const { models: simulated } = await stocks.data();
    const indexOf = (key: string): IndexName | null => {
      const index = underlyings.get(key);
      if (index !== undefined) return index;
      const name = contracts.contract(key)?.name ?? (key.startsWith('NSE:') ? key.slice(4) : undefined);
      if (name === undefined) return null;
      if (all.has(name as IndexName)) return name as IndexName;
      return simulated.has(name) ? nseClockIndex : null;
    };
    return new Map(keys.map((key) => [key, indexOf(key)]));
  }

  return { quotes, pricing, indicesOfInstruments };
}
