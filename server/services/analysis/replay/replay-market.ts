// The replayed market at the replay's minute (issue 39), in the shapes the live desk's market routes answer
// (ExpiriesResponse, InstrumentsResponse, LastPrice), each quote marked `real`, `modelled` or `simulated` by where
// it came from (issue 62). The index: its stored minute's close (real), else its level on the path modelled
// from the day's open, high, low and close (modelled), or a demo day's recorded minute (simulated); its open,
// high and low so far that day. An option: the
// bid, ask and last price the replay's book fills at (history-prices.ts: a stored real minute's close, else
// modelled from the day's settlement along the index's minutes), its greeks at the volatility it is priced with
// (Black-76 on the index level, as history prices it) and its IV as NSE's chain publishes it (from its last
// price, as the live chain does: quant/exchange-volatility.ts). OI and volume are the real minute's where it is
// stored; else the bhavcopy's end-of-day OI and its day's volume spread evenly over the session, modelled.
// `close` is the previous trading day's (its settlement, the index's last minute; on a day without a bhavcopy, a
// contract's last recorded close): never the replayed day's own.
import type { components } from '../../../../openapi/main.d.ts';
import { black76Greeks } from '../../../../quant/black76.ts';
import { exchangeImpliedVolatility } from '../../../../quant/exchange-volatility.ts';
import type { Database } from '../../../db/database.ts';
import { indexLevelPaise } from '../backtests/history-prices.ts';
import { DomainError } from '../../domain-error.ts';
import { lotOf } from '../../market/contract-lots.ts';
import { freezeQuantityAnswer } from '../../market/freeze-quantities.ts';
import { underlyingFacts } from '../../market/underlying-facts.ts';
import { clockMinutes, istMinutes } from '../../market/ist.ts';
import { instrumentOf } from '../../market/market-contracts.ts';
import { priceRulesOn } from '../../market/price-rules.ts';
import { contractColumns, type OptionRow } from '../../market/market-rows.ts';
import { notFoundTexts } from '../../texts/not-found-texts.ts';
import type { ReplayBook } from './replay-book.ts';
import { sessionOf } from './replay-clock.ts';

type Schemas = components['schemas'];
export type ReplayQuote = Schemas['ReplayQuote'];

const yearMs = 365 * 24 * 60 * 60 * 1000;
/** The replayed day's session as IST minutes: its open and its length (375 on a regular day, 60 for Muhurat trading). */
const sessionMinutesOf = ({ day }: ReplayBook) => ({ openMinutes: clockMinutes(day.hours.open), sessionMinutes: clockMinutes(day.hours.close) - clockMinutes(day.hours.open) });
const rupees = (paise: number) => Math.round(paise) / 100;
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

type DayFacts = { previousIndexPaise: number | null; contracts: Map<string, { oi: number; volumeUnits: number; previousSettlePaise: number | null }> };
const facts = new WeakMap<ReplayBook, Promise<DayFacts>>();
const contractKey = (expiry: string, strikePaise: number, type: string) => `${expiry}|${strikePaise}|${type}`;

/** The day's OI and volume by contract and the previous trading day's closes, read once a book. */
function dayFacts(history: Database, book: ReplayBook): Promise<DayFacts> {
  let known = facts.get(book);
  if (known === undefined) {
    known = readDayFacts(history, book);
    facts.set(book, known);
  }
  return known;
}

async function readDayFacts(history: Database, { index, day, origin }: ReplayBook): Promise<DayFacts> {
  const ofSource = origin === 'simulated' ? `source = 'simulated'` : `source <> 'simulated'`;
  const { rows } = await history.query<{ e: string; s: string; t: string; oi: string; v: string; l: number | null; p: string | null }>(
    `SELECT to_char(d.expiry, 'YYYY-MM-DD') AS e, d.strike_paise AS s, d.option_type AS t, d.open_interest AS oi, d.volume_contracts AS v,
            coalesce(d.lot_size, (SELECT r.lot_size FROM lot_revisions r WHERE r.id = lot_revision_of(d.index_name, d.expiry, d.trade_date))) AS l,
            (SELECT p.settle_paise FROM history_option_days p WHERE p.index_name = d.index_name AND p.expiry = d.expiry AND p.strike_paise = d.strike_paise
               AND p.option_type = d.option_type AND p.trade_date < d.trade_date ORDER BY p.trade_date DESC LIMIT 1) AS p
     FROM history_option_days d WHERE d.index_name = $1 AND d.trade_date = $2::date`,
    [index, day.day],
  );
  const { rows: previous } = await history.query<{ c: string }>(
    `SELECT close_paise AS c FROM history_index_minutes WHERE index_name = $1 AND trade_date < $2::date AND ${ofSource} ORDER BY minute DESC LIMIT 1`,
    [index, day.day],
  );
  const lotSize = (row: { l: number | null }) => row.l ?? 1;
  const contracts = new Map(
    rows.map((row) => [contractKey(row.e, Number(row.s), row.t), { oi: Number(row.oi), volumeUnits: Number(row.v) * lotSize(row), previousSettlePaise: row.p === null ? null : Number(row.p) }]),
  );
  // A day the recorder alone holds has no bhavcopy rows: each contract's close is its last real minute before the day.
  if (!day.bhavcopy) for (const [key, closePaise] of await previousCloses(history, index, day.day, origin === 'simulated')) contracts.set(key, { oi: 0, volumeUnits: 0, previousSettlePaise: closePaise });
  return { previousIndexPaise: previous[0] === undefined ? day.previousClosePaise : Number(previous[0].c), contracts };
}

/** Each contract's last stored real minute close on the latest earlier day holding it (a live feed's or a broker's). */
async function previousCloses(history: Database, index: string, day: string, simulated: boolean): Promise<Map<string, number>> {
  const minutesOf = simulated ? `source = 'simulated'` : `source <> 'simulated'`;
  const daysOf = simulated ? `source = 'simulated'` : `source = 'recorded'`;
  const { rows } = await history.query<{ e: string; s: string; t: string; c: string }>(
    `SELECT DISTINCT ON (e, s, t) e, s, t, c FROM (
       SELECT to_char(expiry, 'YYYY-MM-DD') AS e, strike_paise AS s, option_type AS t, minute AS m, close_paise AS c FROM history_option_minutes
       WHERE index_name = $1 AND trade_date < $2::date AND expiry >= $2::date AND ${minutesOf}
       UNION ALL
       SELECT to_char(expiry, 'YYYY-MM-DD'), strike_paise, option_type, (trade_date + time '23:59') AT TIME ZONE 'Asia/Kolkata', close_paise[cardinality(close_paise)]
       FROM history_recorded_option_days
       WHERE index_name = $1 AND trade_date < $2::date AND expiry >= $2::date AND ${daysOf}
     ) stored ORDER BY e, s, t, m DESC`,
    [index, day],
  );
  return new Map(rows.map((row) => [contractKey(row.e, Number(row.s), row.t), Number(row.c)]));
}

function changeFields(lastPaise: number, closePaise: number | null) {
  if (closePaise === null || closePaise <= 0) return {};
  return { close: rupees(closePaise), change: rupees(lastPaise - closePaise), change_percent: round(((lastPaise - closePaise) / closePaise) * 100, 2) };
}

/** The index at the book's minute (its stored minutes: real; else modelled from its day's figures; a demo day's: simulated). */
export async function indexQuote(history: Database, book: ReplayBook): Promise<ReplayQuote> {
  const minute = istMinutes(book.now);
  const { openMinutes, sessionMinutes } = sessionMinutesOf(book);
  const levels: number[] = [];
  for (let at = openMinutes; at <= Math.max(openMinutes, Math.min(minute, openMinutes + sessionMinutes)); at += 1) levels.push(indexLevelPaise(book.day, at));
  const last = indexLevelPaise(book.day, minute);
  const { previousIndexPaise } = await dayFacts(history, book);
  return {
    last_price: rupees(last),
    timestamp: book.now.toISOString(),
    ...changeFields(last, previousIndexPaise),
    open: rupees(levels[0]!),
    high: rupees(Math.max(...levels)),
    low: rupees(Math.min(...levels)),
    // Real where its minutes are stored; modelled from its daily figures (replay-days.ts index_path); simulated on a demo day.
    source: book.origin === 'simulated' ? 'simulated' : book.day.minutes.size > 0 ? 'real' : 'modelled',
  };
}

/** The listed expiries of the day that history holds contracts of, as getExpiries answers. */
export async function replayExpiries(book: ReplayBook): Promise<Schemas['ExpiriesResponse']> {
  const answer = await book.services.market.expiries(book.index, book.now);
  const held = new Set([...book.day.options.values()].map((row) => row.expiry));
  return { ...answer, expiries: answer.expiries.filter((expiry) => held.has(expiry.date)) };
}

/** The chain of one expiry at the book's minute: its contracts as getInstruments answers them, and their quotes. */
export async function replayChain(history: Database, book: ReplayBook, expiry: string): Promise<{ chain: Schemas['InstrumentsResponse']; data: Record<string, ReplayQuote> }> {
  const expiries = await replayExpiries(book);
  const listed = expiries.expiries.find((candidate) => candidate.date === expiry);
  if (listed === undefined) throw DomainError.said('not_found', notFoundTexts.expiry(book.index, expiry), { field: 'expiry' });
  const { rows } = await book.db.query<OptionRow>(`SELECT ${contractColumns} FROM instruments WHERE name = $1 AND expiry = $2 AND instrument_type <> 'FUT' ORDER BY strike, instrument_type`, [book.index, expiry]);
  // Any underlying: a stock's strike step is its file's (history-market.ts), its freeze quantity NSE's of the day (none for a stock its file does not name).
  const index = await underlyingFacts(book.db, book.index, book.now);
  const { tickPaise } = await priceRulesOn(book.db, index.exchange, book.day.day);
  const instruments = rows.map((row) => instrumentOf(row, tickPaise));
  const chain: Schemas['InstrumentsResponse'] = {
    index: book.index,
    underlying: expiries.underlying,
    expiry,
    kind: listed.kind,
    strike_step: index.strikeStep,
    // The expiry's own lot, as its contracts were listed (the file's, else the revision of the day: history-market.ts).
    lot_size: rows[0]?.lot_size ?? (await lotOf(book.db, book.index, expiry, book.day.day)),
    freeze_quantity: freezeQuantityAnswer(index.freezeQuantity),
    valid_until: sessionOf(book.day.day, book.day.hours).close.toISOString(),
    instruments,
  };
  return { chain, data: await optionQuotes(history, book, rows) };
}

async function optionQuotes(history: Database, book: ReplayBook, rows: readonly OptionRow[]): Promise<Record<string, ReplayQuote>> {
  const keys = rows.map((row) => `${row.exchange}:${row.tradingsymbol}`);
  const quotes = await book.prices.quotesAt(keys, book.now, book.db);
  const { contracts } = await dayFacts(history, book);
  const { openMinutes, sessionMinutes } = sessionMinutesOf(book);
  const elapsed = Math.min(1, Math.max(0, (istMinutes(book.now) - openMinutes + 1) / sessionMinutes));
  const data: Record<string, ReplayQuote> = {};
  for (const [n, row] of rows.entries()) {
    const key = keys[n]!;
    const quote = quotes.get(key);
    const strikePaise = Math.round(Number(row.strike) * 100);
    const priced = book.prices.theory(book.index, row.expiry, strikePaise, row.instrument_type, book.now);
    if (quote === undefined || priced === null) continue;
    const real = book.prices.realMinute(book.index, row.expiry, strikePaise, row.instrument_type, book.now);
    const day = contracts.get(contractKey(row.expiry, strikePaise, row.instrument_type));
    const years = Math.max(0, book.prices.expiryMs(row.expiry) - book.now.getTime()) / yearMs;
    const inputs = { kind: row.instrument_type, forward: priced.spot / 100, strike: Number(row.strike), years, rate: 0, volatility: priced.volatility };
    const greeks = black76Greeks(inputs);
    const iv = exchangeImpliedVolatility({ kind: row.instrument_type, spot: priced.spot / 100, strike: Number(row.strike), years, price: quote.lastPaise / 100, guess: priced.volatility });
    data[key] = {
      last_price: rupees(quote.lastPaise),
      timestamp: book.now.toISOString(),
      ...changeFields(quote.lastPaise, day?.previousSettlePaise ?? null),
      bid: rupees(quote.bidPaise),
      ask: rupees(quote.askPaise),
      volume: real === null ? Math.round((day?.volumeUnits ?? 0) * elapsed) : real.volume,
      oi: real === null ? (day?.oi ?? 0) : real.openInterest,
      iv: iv === null ? null : round(iv * 100, 2),
      delta: round(greeks.delta, 4),
      gamma: round(greeks.gamma, 6),
      theta: round(greeks.theta, 2),
      vega: round(greeks.vega, 2),
      source: book.origin === 'simulated' ? 'simulated' : real === null ? 'modelled' : 'real',
    };
  }
  return data;
}
