// The paper broker's prices read from imported history instead of the simulator (the PriceSource the bot
// engine and the paper broker already take, brokers/paper/price-source.ts), at the clock's instant:
// - the index: its minute candle's close when minutes are imported for the day; else, when the day's open,
//   high, low and close are imported (NSE's index close file), straight lines through open (09:15) → low
//   (at 28 % of the session: 11:00 of 09:15–15:30) → high (at 68 %: 13:30) → close (the day's close, 15:40
//   since 3 August 2026) on a day that closed at or above its open, high before low on a day that closed below
//   it (the extremes' real times are not published: these are fixed, and modelled); else a straight line from
//   the previous history day's underlying value (at the open) to the day's own (at the close); the previous
//   history day is read whether or not the range holds it, so a day's path never depends on where the range starts;
// - an option: Black-76 at that index level, with the implied volatility solved from the contract's settlement
//   price at the day's close (the index's forward taken as the index level, the carry absorbed into the
//   volatility), quoted around that theory at the simulator's spread model (market/spreads.ts), with at least
//   a one-tick bid while the contract has any value. Every such quote is modelled, unless the contract's real
//   minute candles are stored (a broker's historical API, a live feed recorded: option-minute-prices.ts): then
//   its price is that minute's close, quoted around it at the same spread model, and counted as real. Where no volatility explains the settlement (expiry day, no time value) the contract's
//   volatility solved on the previous history day is used, else the day's at-the-money one, else 15 % (a day's
//   prices depend on that day's and the day before's history alone: a one-day range quotes it as a year does);
// - the index's minute candles (the signals of trend-following bots): the imported minutes, else one candle a
//   minute along the daily path above, so a signal fires on the index path the bot's contracts are priced from;
// - expiry: the index's closing value read back from the file (strike + settlement of an expiring call in the
//   money), so an expiring contract settles at exactly the exchange's settlement price;
// - a day without its bhavcopy (one a live feed recorded): its contracts are those whose real minutes are
//   stored, each priced from its minutes, modelled before its first one from its last close as if that were
//   its settlement; an expiry settles at the index's last minute.
// - a quote's close: the contract's settlement the day before (never the day's own, the future at any minute);
// - a future (issue 63: history_future_days, index or stock, near/next/far month): the underlying's level at the
//   minute times the day's ratio of the future's settlement to the underlying's value, so it closes at exactly its
//   settlement; quoted around that at the simulator's futures book (stocks/stock-quotes.ts futureBook: 2 basis points
//   wide for an index, 10 for a stock, twice in the next month). Always modelled (no future's minutes are stored);
// - a stock: as an index, its value the bhavcopy's underlying (UndrlygPric), its daily path through the near
//   future's open, high, low and close scaled to that value when no index close file gives its own (a stock has
//   none), and its options and futures quoted on NSE's stock option tick (stock_option_ticks), its options' book three
//   times an index option's as the simulator's stock options are (stock-quotes.ts stockSpreadWidening);
// History comes from the server's database (`history`); the contracts from the book's `instruments` (`q`).
import { black76Price } from '../../../../quant/black76.ts';
import { impliedVolatility } from '../../../../quant/implied-volatility.ts';
import type { Database, Queryable } from '../../../db/database.ts';
import type { Quote } from '../../brokers/paper/order-rules.ts';
import type { IndexMinute, PriceSource } from '../../brokers/paper/price-source.ts';
import type { Clock } from '../../clock.ts';
import type { IndexName } from '../../market/index-config.ts';
import { loadTradingCalendar } from '../../market/calendar-data.ts';
import { clockMinutes, istDate, istMinutes, istOffsetMs } from '../../market/ist.ts';
import { pausedSession } from '../../market/exchange-session.ts';
import { addDays, contractExpiryMs, dayHours, inPause, tradesAt, type DayHours, type TradingCalendar } from '../../market/trading-calendar.ts';
import { bookAround, spreadTicks } from '../../market/spreads.ts';
import { futureBook, stockSpreadWidening } from '../../market/stocks/stock-quotes.ts';
import { tickHistory, tickInForce, type TickRow } from '../../market/price-rules.ts';
import { sampleImportIds } from '../../history/history-store.ts';
import { optionMinutePrices, type RealMinute } from './option-minute-prices.ts';

const yearMs = 365 * 24 * 60 * 60 * 1000;
/** Calendar days of history read at a time (see load): a week (the bench's NIFTY year: about 1,200 option rows a read). */
const chunkDays = 7;
/**
 * How far back a day's path and quotes may look for the day before (calendar days): NSE has not been shut longer
 * than a long weekend with a holiday, so an earlier day further back is another season (an import of July before
 * an October range), not the day before; such a day starts at its own close, as with no history before it.
 */
const linkDays = 7;
/** Whether the history day `earlier` can stand as the day before `day` (see linkDays). */
const linksTo = (earlier: string, day: string) => addDays(earlier, linkDays) >= day;
const fallbackVolatility = 0.15;

/** The instant a history day's session closed, that its settlement prices stand at (its regular close, or a special session's). */
const dayCloseInstant = (day: HistoryDay) => Date.parse(`${day.day}T${day.hours.close}:00Z`) - istOffsetMs;

type OptionRow = {
  expiry: string;
  strikePaise: number;
  optionType: 'CE' | 'PE';
  settlePaise: number;
  underlyingPaise: number | null;
  lotSize: number | null;
  /**
   * The contract's settlement on the latest earlier day history holds it (its day's last price on a recorded day),
   * null without: a quote's `close`. The day's own settlement is its 15:30 price, the future at any earlier minute.
   */
  previousSettlePaise?: number | null;
};
/** A future's day (history_future_days): its settlement, its close and range (zero: it did not trade), and its lot. */
type FutureRow = {
  expiry: string;
  settlePaise: number;
  ohlc: DailyOhlc;
  lotSize: number | null;
  /** The future's settlement on the latest earlier day history holds it: a quote's `close`. */
  previousSettlePaise?: number | null;
};

export type HistoryDay = {
  index: IndexName;
  day: string;
  options: Map<string, OptionRow>;
  /** The day's futures by expiry (issue 63); empty where no future is imported. */
  futures: Map<string, FutureRow>;
  /** The day's underlying value (UDiFF's), or the last minute's close. */
  closePaise: number;
  /** Minute closes by IST minute of the day; empty without imported minutes. */
  minutes: Map<number, number>;
  /** The previous history day's close (the daily path's start); null when history has no earlier day. */
  previousClosePaise: number | null;
  /** The previous history day (loaded with the range, or the one before it); null when history has none. */
  previous: HistoryDay | null;
  /** The index's daily open/high/low/close (paise) when imported; null without. */
  ohlc: DailyOhlc | null;
  /**
   * Whether the day's bhavcopy is imported. Without it (a day a live feed recorded, or a broker's minutes were
   * fetched for) the day's contracts are those whose real minutes are stored, each "settled" at its last minute's
   * close, and an expiry settles at the index's last minute.
   */
  bhavcopy: boolean;
  /**
   * The hours the day traded at: the regular ones of that date (09:15–15:30, 15:40 since 3 August 2026), or a special session's (Muhurat trading's evening
   * hour), as the caller's `hoursOf` answers for the day (trading-calendar.ts dayHours, the one rule a backtest
   * and a replay both read). The index path, the market's open hours and the MIS square-off run over them.
   */
  hours: DayHours;
};

export type DailyOhlc = { openPaise: number; highPaise: number; lowPaise: number; closePaise: number };

/**
 * When the daily path without minutes reaches its first and second extreme, as shares of the session's length
 * (see the header): 11:00 and 13:30 of a 09:15–15:30 session.
 */
export const firstExtremeShare = 0.28;
export const secondExtremeShare = 0.68;

const optionKey = (expiry: string, strikePaise: number, type: string) => `${expiry}|${strikePaise}|${type}`;
/** A future's key among a day's settlements (beside its options'). */
const futureKey = (expiry: string) => `${expiry}|FUT`;

/** The index level at an IST minute of the day (see the header). */
export function indexLevelPaise(day: HistoryDay, minute: number): number {
  const openMinutes = clockMinutes(day.hours.open);
  const closeMinutes = clockMinutes(day.hours.close);
  if (day.minutes.size > 0) {
    let best: number | undefined;
    for (let at = Math.min(minute, closeMinutes); at >= openMinutes - 1 && best === undefined; at -= 1) best = day.minutes.get(at);
    return best ?? day.minutes.values().next().value ?? day.closePaise;
  }
  if (day.ohlc !== null) return ohlcLevelPaise(day.ohlc, minute, day.hours);
  const start = day.previousClosePaise ?? day.closePaise;
  const share = Math.min(1, Math.max(0, (minute - openMinutes) / (closeMinutes - openMinutes)));
  return Math.round(start + (day.closePaise - start) * share);
}

/**
 * The daily path through open, the two extremes and close (see the header), at an IST minute of a session of
 * `hours`: its extremes at the same shares of its length whatever its hours (11:00 and 13:30 of 09:15–15:30).
 */
export function ohlcLevelPaise(ohlc: DailyOhlc, minute: number, hours: { open: string; close: string }): number {
  const closedUp = ohlc.closePaise >= ohlc.openPaise;
  const openMinutes = clockMinutes(hours.open);
  const closeMinutes = clockMinutes(hours.close);
  const at = (share: number) => openMinutes + Math.round((closeMinutes - openMinutes) * share);
  const points: [number, number][] = [
    [openMinutes, ohlc.openPaise],
    [at(firstExtremeShare), closedUp ? ohlc.lowPaise : ohlc.highPaise],
    [at(secondExtremeShare), closedUp ? ohlc.highPaise : ohlc.lowPaise],
    [closeMinutes, ohlc.closePaise],
  ];
  if (minute <= openMinutes) return ohlc.openPaise;
  for (let at = 1; at < points.length; at += 1) {
    const [toMinute, toLevel] = points[at] as [number, number];
    if (minute > toMinute) continue;
    const [fromMinute, fromLevel] = points[at - 1] as [number, number];
    return Math.round(fromLevel + ((toLevel - fromLevel) * (minute - fromMinute)) / (toMinute - fromMinute));
  }
  return ohlc.closePaise;
}

/**
 * A day's range from its nearest future that traded (open, high, low and close all set), scaled by the day's ratio of
 * the underlying's value to that future's close, ending at the underlying's value; null when no future traded.
 */
export function scaledFutureRange(day: Pick<HistoryDay, 'futures' | 'closePaise'>): DailyOhlc | null {
  const near = [...day.futures.values()].sort((a, b) => a.expiry.localeCompare(b.expiry)).find(({ ohlc }) => ohlc.openPaise > 0 && ohlc.highPaise > 0 && ohlc.lowPaise > 0 && ohlc.closePaise > 0);
  if (near === undefined) return null;
  const scale = day.closePaise / near.ohlc.closePaise;
  const at = (paise: number) => Math.round(paise * scale);
  const openPaise = at(near.ohlc.openPaise);
  return { openPaise, highPaise: Math.max(at(near.ohlc.highPaise), openPaise, day.closePaise), lowPaise: Math.min(at(near.ohlc.lowPaise), openPaise, day.closePaise), closePaise: day.closePaise };
}

export type HistoryPrices = PriceSource & {
  /**
   * Loads the days of an index (call before stepping the clock into them); answers the days with option rows.
   * `hoursOf`: the hours each day traded at, by default NSE's calendar's (trading-calendar.ts dayHours: a special
   * session's, else the regular ones of that date).
   */
  load: (index: IndexName, from: string, to: string, hoursOf?: (day: string) => DayHours) => Promise<string[]>;
  /** When a contract expiring on `expiry` stopped trading: the close of that day's regular session (after `load`). */
  expiryMs: (expiry: string) => number;
  day: (index: IndexName, day: string) => HistoryDay | undefined;
  /** Quotes served, modelled or at a real minute. */
  counts: { modelled: number; real: number };
  /** The contract's real minute at an instant, or null where its price is modelled: one answer for quotes and the report. */
  realMinute: (index: IndexName, expiry: string, strikePaise: number, type: 'CE' | 'PE', at: Date) => RealMinute | null;
  /** The theory (paise, unrounded) of a contract at an instant, and the volatility it was priced with. */
  theory: (index: IndexName, expiry: string, strikePaise: number, type: 'CE' | 'PE', at: Date) => { theory: number; volatility: number; spot: number } | null;
};

/**
 * `simulated`: read the demo market's recorded minutes (source 'simulated') as the day's index and contracts,
 * instead of real ones (a replay of a day the simulator recorded: analysis/replay/replay-days.ts); never both.
 * `sample`: read the day StrikeDesk ships (replay-sample.ts) instead of imported ones; never both, so a backtest
 * or a replay of an imported day never prices a made-up figure, and the sample never links to a trader's import.
 */
export function historyPrices({ history, clock, simulated = false, sample = false }: { history: Database; clock: Clock; simulated?: boolean; sample?: boolean }): HistoryPrices {
  const ofSource = simulated ? `source = 'simulated'` : `source <> 'simulated'`;
  const ofImport = `import_id ${sample ? 'IN' : 'NOT IN'} ${sampleImportIds}`;
  const days = new Map<string, HistoryDay>();
  const volatilities = new Map<string, number>();
  const contracts = new Map<string, { index: IndexName; expiry: string; strikePaise: number; type: 'CE' | 'PE' | 'FUT' }>();
  // Whether each loaded underlying is a stock (its futures' book and its options' tick are a stock's).
  const stocks = new Set<string>();
  // NSE's stock option tick by date (stock_option_ticks, migration 110), read with the calendar.
  let stockTicks: TickRow[] | null = null;
  const counts = { modelled: 0, real: 0 };
  const realMinutes = optionMinutePrices(simulated);

  // NSE's calendar, where the regular sessions are dated (the close moved from 15:30 to 15:40 on 3 August 2026):
  // read by the first load, from the database history is in.
  let calendar: TradingCalendar | null = null;
  // NSE's tick by date (tick_sizes), read with the calendar: each day is quoted on its own tick.
  let ticks: TickRow[] | null = null;
  const expiryMs = (expiry: string) => {
    if (calendar === null) throw new Error('history prices: load() a day before pricing one');
    return contractExpiryMs(calendar, expiry);
  };

  async function load(index: IndexName, from: string, to: string, hoursOf?: (day: string) => DayHours): Promise<string[]> {
    const known = (calendar ??= await loadTradingCalendar(history, 'NSE'));
    ticks ??= await tickHistory(history, 'NSE');
    const { rows: kinds } = await history.query<{ kind: string }>('SELECT kind FROM underlyings WHERE symbol = $1', [index]);
    if (kinds[0]?.kind === 'stock') {
      stocks.add(index);
      const { rows: tickRows } = await history.query<{ e: string; t: number; s: string }>(
        `SELECT to_char(effective_from, 'YYYY-MM-DD') AS e, tick_paise AS t, source AS s FROM stock_option_ticks WHERE exchange = 'NSE' ORDER BY effective_from`,
      );
      stockTicks ??= tickRows.map((row) => ({ exchange: 'NSE' as const, tickPaise: Number(row.t), effectiveFrom: row.e, source: row.s }));
    }
    // The day before the range at its own hours by NSE's calendar (a caller's `hoursOf` answers for the range's days).
    const hoursOfDay = (day: string) => (hoursOf === undefined || day < from ? dayHours(known, day) : hoursOf(day));
    // The history day before the range, read with it: its close starts the first day's path and its contracts'
    // volatilities stand in where the first day's do not solve, as they would inside a longer range.
    const { rows: before } = await history.query<{ d: string | null }>(
      `SELECT to_char(greatest(
         (SELECT max(trade_date) FROM history_option_days WHERE index_name = $1 AND trade_date < $2::date AND ${ofImport}),
         (SELECT max(trade_date) FROM history_future_days WHERE index_name = $1 AND trade_date < $2::date AND ${ofImport}),
         (SELECT max(trade_date) FROM history_option_minutes WHERE index_name = $1 AND trade_date < $2::date AND ${ofSource}),
         (SELECT max(trade_date) FROM history_recorded_option_days WHERE index_name = $1 AND trade_date < $2::date AND ${ofSource})), 'YYYY-MM-DD') AS d`,
      [index, from],
    );
    const earlier = before[0]?.d ?? null;
    const first = earlier !== null && linksTo(earlier, from) ? earlier : from;
    // Read a week at a time: the server's database answers each read whole before anything else (PGlite in
    // the request thread), and a year's contracts at once held it for a second. The rows come in the order one
    // read of the range gives: by day, and within a day by the primary key's order (expiry, strike, type).
    const rows: { d: string; e: string; s: string; t: 'CE' | 'PE'; p: string; u: string | null; l: number | null }[] = [];
    const minutes: { d: string; m: Date; c: string }[] = [];
    const dailies: { d: string; o: string; h: string; l: string; c: string }[] = [];
    const futures: { d: string; e: string; o: string; h: string; l: string; c: string; p: string; u: string | null; ls: number | null }[] = [];
    for (let start = first; start <= to; start = addDays(start, chunkDays)) {
      const end = addDays(start, chunkDays - 1) < to ? addDays(start, chunkDays - 1) : to;
      const range = [index, start, end];
      // The week's reads sent together (the server's database answers them one after another, as before): one
      // wait for the week instead of five. Their rows are kept in the same order as before.
      const [chunk, minuteChunk, dailyChunk, futureChunk] = await Promise.all([
        history.query<(typeof rows)[number]>(
          `SELECT to_char(trade_date, 'YYYY-MM-DD') AS d, to_char(expiry, 'YYYY-MM-DD') AS e, strike_paise AS s, option_type AS t, settle_paise AS p,
                  underlying_paise AS u, lot_size AS l
           FROM history_option_days WHERE index_name = $1 AND trade_date BETWEEN $2::date AND $3::date AND ${ofImport} ORDER BY trade_date, expiry, strike_paise, option_type`,
          range,
        ),
        history.query<(typeof minutes)[number]>(
          `SELECT to_char(trade_date, 'YYYY-MM-DD') AS d, minute AS m, close_paise AS c FROM history_index_minutes
           WHERE index_name = $1 AND trade_date BETWEEN $2::date AND $3::date AND ${ofSource} ORDER BY minute`,
          range,
        ),
        history.query<(typeof dailies)[number]>(
          `SELECT to_char(trade_date, 'YYYY-MM-DD') AS d, open_paise AS o, high_paise AS h, low_paise AS l, close_paise AS c FROM history_index_days
           WHERE index_name = $1 AND trade_date BETWEEN $2::date AND $3::date AND ${ofImport}`,
          range,
        ),
        history.query<(typeof futures)[number]>(
          `SELECT to_char(trade_date, 'YYYY-MM-DD') AS d, to_char(expiry, 'YYYY-MM-DD') AS e, open_paise AS o, high_paise AS h, low_paise AS l, close_paise AS c,
                  settle_paise AS p, underlying_paise AS u, lot_size AS ls
           FROM history_future_days WHERE index_name = $1 AND trade_date BETWEEN $2::date AND $3::date AND ${ofImport} ORDER BY trade_date, expiry`,
          range,
        ),
        // A week's minutes after the week before's (its own reads are by week too).
        realMinutes.load(history, index, start, end),
      ]);
      for (const row of chunk.rows) rows.push(row);
      for (const row of minuteChunk.rows) minutes.push(row);
      for (const row of dailyChunk.rows) dailies.push(row);
      for (const row of futureChunk.rows) futures.push(row);
    }
    const ohlcByDay = new Map(dailies.map((row) => [row.d, { openPaise: Number(row.o), highPaise: Number(row.h), lowPaise: Number(row.l), closePaise: Number(row.c) }]));
    const byDay = new Map<string, HistoryDay>();
    for (const row of rows) {
      let day = byDay.get(row.d);
      if (day === undefined) {
        day = { index, day: row.d, options: new Map(), futures: new Map(), closePaise: 0, minutes: new Map(), previousClosePaise: null, previous: null, ohlc: ohlcByDay.get(row.d) ?? null, bhavcopy: true, hours: hoursOfDay(row.d) };
        byDay.set(row.d, day);
      }
      const underlying = row.u === null ? null : Number(row.u);
      if (underlying !== null) day.closePaise = underlying;
      day.options.set(optionKey(row.e, Number(row.s), row.t), {
        expiry: row.e,
        strikePaise: Number(row.s),
        optionType: row.t,
        settlePaise: Number(row.p),
        underlyingPaise: underlying,
        lotSize: row.l === null ? null : Number(row.l),
      });
    }
    // The day's futures (a day may hold futures and no option of the underlying: a stock's quiet month).
    for (const row of futures) {
      let day = byDay.get(row.d);
      if (day === undefined) {
        day = { index, day: row.d, options: new Map(), futures: new Map(), closePaise: 0, minutes: new Map(), previousClosePaise: null, previous: null, ohlc: ohlcByDay.get(row.d) ?? null, bhavcopy: true, hours: hoursOfDay(row.d) };
        byDay.set(row.d, day);
      }
      if (day.closePaise === 0 && row.u !== null) day.closePaise = Number(row.u);
      const ohlc = { openPaise: Number(row.o), highPaise: Number(row.h), lowPaise: Number(row.l), closePaise: Number(row.c) };
      day.futures.set(row.e, { expiry: row.e, settlePaise: Number(row.p), ohlc, lotSize: row.ls === null ? null : Number(row.ls) });
    }
    // A day without its bhavcopy: the contracts whose real minutes are stored, at their last close of the day.
    for (const row of realMinutes.lastCloses(index)) {
      if (row.day < first || row.day > to || byDay.get(row.day)?.bhavcopy === true) continue;
      let day = byDay.get(row.day);
      if (day === undefined) {
        day = { index, day: row.day, options: new Map(), futures: new Map(), closePaise: 0, minutes: new Map(), previousClosePaise: null, previous: null, ohlc: ohlcByDay.get(row.day) ?? null, bhavcopy: false, hours: hoursOfDay(row.day) };
        byDay.set(row.day, day);
      }
      const { day: _day, closePaise, ...contract } = row;
      day.options.set(optionKey(row.expiry, row.strikePaise, row.optionType), { ...contract, settlePaise: closePaise, underlyingPaise: null, lotSize: null });
    }
    for (const minute of minutes) {
      const day = byDay.get(minute.d);
      if (day === undefined) continue;
      day.minutes.set(istMinutes(new Date(minute.m)), Number(minute.c));
    }
    let previous: HistoryDay | null = null;
    // The first loaded day's path starts at the close history holds before it (else it would stand at its own
    // close from the open); each later day's at the day before's.
    let previousClose: number | null = await closeBefore(index, first);
    const previousSettles = await settlesBefore(index, first);
    for (const day of [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day))) {
      if (previous !== null && !linksTo(previous.day, day.day)) {
        previous = null;
        previousClose = null;
        previousSettles.clear();
      }
      for (const [key, row] of day.options) row.previousSettlePaise = previousSettles.get(key) ?? null;
      for (const [key, row] of day.options) previousSettles.set(key, row.settlePaise);
      for (const [expiry, row] of day.futures) row.previousSettlePaise = previousSettles.get(futureKey(expiry)) ?? null;
      for (const [expiry, row] of day.futures) previousSettles.set(futureKey(expiry), row.settlePaise);
      // The older layout has no underlying: the last minute's close stands in for it.
      if (day.closePaise === 0 && day.minutes.size > 0) day.closePaise = [...day.minutes.entries()].sort((a, b) => a[0] - b[0]).at(-1)![1];
      // ... else the index close file's close.
      if (day.closePaise === 0 && day.ohlc !== null) day.closePaise = day.ohlc.closePaise;
      if (day.closePaise === 0) {
        byDay.delete(day.day);
        continue;
      }
      // No index close file (a stock never has one) and no minutes: the near future's range, scaled to the underlying.
      if (day.ohlc === null && day.minutes.size === 0) day.ohlc = scaledFutureRange(day);
      day.previous = previous;
      day.previousClosePaise = previousClose;
      previous = day;
      previousClose = day.closePaise;
      // The day before the range only serves the range's first day.
      if (day.day < from) {
        byDay.delete(day.day);
        continue;
      }
      days.set(`${index}|${day.day}`, day);
    }
    return [...byDay.keys()].sort();
  }

  /** The index's close on the latest day before `day`, within linkDays, history holds it (a bhavcopy's underlying or the index close file's), or null. */
  async function closeBefore(index: IndexName, day: string): Promise<number | null> {
    const { rows } = await history.query<{ c: string }>(
      `SELECT c FROM (
         (SELECT trade_date AS d, underlying_paise AS c FROM history_option_days WHERE index_name = $1 AND trade_date < $2::date AND trade_date >= $3::date AND underlying_paise IS NOT NULL AND ${ofImport} ORDER BY trade_date DESC LIMIT 1)
         UNION ALL
         (SELECT trade_date AS d, underlying_paise AS c FROM history_future_days WHERE index_name = $1 AND trade_date < $2::date AND trade_date >= $3::date AND underlying_paise IS NOT NULL AND ${ofImport} ORDER BY trade_date DESC LIMIT 1)
         UNION ALL
         (SELECT trade_date, close_paise FROM history_index_days WHERE index_name = $1 AND trade_date < $2::date AND trade_date >= $3::date AND ${ofImport} ORDER BY trade_date DESC LIMIT 1)
       ) before ORDER BY d DESC LIMIT 1`,
      [index, day, addDays(day, -linkDays)],
    );
    return rows[0] === undefined ? null : Number(rows[0].c);
  }

  /** Each contract's settlement on the latest bhavcopy day before `day` (the first loaded day's quotes' `close`). */
  async function settlesBefore(index: IndexName, day: string): Promise<Map<string, number>> {
    const { rows } = await history.query<{ e: string; s: string; t: string; p: string }>(
      `SELECT to_char(expiry, 'YYYY-MM-DD') AS e, strike_paise AS s, option_type AS t, settle_paise AS p FROM history_option_days
       WHERE index_name = $1 AND ${ofImport} AND trade_date = (SELECT max(trade_date) FROM history_option_days WHERE index_name = $1 AND trade_date < $2::date AND trade_date >= $3::date AND ${ofImport})
         AND expiry >= $2::date`,
      [index, day, addDays(day, -linkDays)],
    );
    const { rows: futureRows } = await history.query<{ e: string; p: string }>(
      `SELECT to_char(expiry, 'YYYY-MM-DD') AS e, settle_paise AS p FROM history_future_days
       WHERE index_name = $1 AND ${ofImport} AND trade_date = (SELECT max(trade_date) FROM history_future_days WHERE index_name = $1 AND trade_date < $2::date AND trade_date >= $3::date AND ${ofImport})
         AND expiry >= $2::date`,
      [index, day, addDays(day, -linkDays)],
    );
    return new Map([...rows.map((row) => [optionKey(row.e, Number(row.s), row.t), Number(row.p)] as const), ...futureRows.map((row) => [futureKey(row.e), Number(row.p)] as const)]);
  }

  const dayOf = (index: IndexName, day: string) => days.get(`${index}|${day}`);

  const solvedVolatilities = new Map<string, number | null>();

  /** The volatility that explains a contract's settlement on a day, if any (solved once a day). */
  function solvedOn(day: HistoryDay, row: OptionRow): number | null {
    const key = `${day.index}|${day.day}|${optionKey(row.expiry, row.strikePaise, row.optionType)}`;
    if (solvedVolatilities.has(key)) return solvedVolatilities.get(key)!;
    const years = Math.max(0, expiryMs(row.expiry) - dayCloseInstant(day)) / yearMs;
    const solved =
      years > 0
        ? impliedVolatility({ kind: row.optionType, forward: day.closePaise / 100, strike: row.strikePaise / 100, years, rate: 0, price: row.settlePaise / 100 })
        : ({ ok: false } as const);
    const volatility = solved.ok ? solved.volatility : null;
    solvedVolatilities.set(key, volatility);
    return volatility;
  }

  /**
   * The volatility a contract is priced with on a day (see the header): its own solved one, else the one it
   * solved to on the previous history day (the day before the range included), never one of a day further back
   * that only a longer range would have read.
   */
  function volatilityOf(day: HistoryDay, row: OptionRow): number {
    const key = `${day.index}|${day.day}|${optionKey(row.expiry, row.strikePaise, row.optionType)}`;
    const known = volatilities.get(key);
    if (known !== undefined) return known;
    const before = day.previous?.options.get(optionKey(row.expiry, row.strikePaise, row.optionType));
    const volatility = solvedOn(day, row) ?? (before === undefined ? null : solvedOn(day.previous!, before)) ?? atmVolatilityOf(day) ?? fallbackVolatility;
    volatilities.set(key, volatility);
    return volatility;
  }

  const atmVolatilities = new Map<string, number | null>();

  /** The solved volatility of the nearest expiry's contract closest to the money that day, if any solves (once a day). */
  function atmVolatilityOf(day: HistoryDay): number | null {
    const key = `${day.index}|${day.day}`;
    if (atmVolatilities.has(key)) return atmVolatilities.get(key)!;
    const volatility = solveAtmVolatility(day);
    atmVolatilities.set(key, volatility);
    return volatility;
  }

  function solveAtmVolatility(day: HistoryDay): number | null {
    let best: { distance: number; volatility: number } | null = null;
    for (const row of day.options.values()) {
      const years = (expiryMs(row.expiry) - dayCloseInstant(day)) / yearMs;
      if (years <= 0) continue;
      const distance = Math.abs(row.strikePaise - day.closePaise) + years * 1e9;
      if (best !== null && distance >= best.distance) continue;
      const solved = impliedVolatility({ kind: row.optionType, forward: day.closePaise / 100, strike: row.strikePaise / 100, years, rate: 0, price: row.settlePaise / 100 });
      if (solved.ok) best = { distance, volatility: solved.volatility };
    }
    return best?.volatility ?? null;
  }

  function theory(index: IndexName, expiry: string, strikePaise: number, type: 'CE' | 'PE', at: Date) {
    const day = dayOf(index, istDate(at));
    const row = day?.options.get(optionKey(expiry, strikePaise, type));
    if (day === undefined || row === undefined) return null;
    const spot = indexLevelPaise(day, istMinutes(at));
    const years = Math.max(0, expiryMs(expiry) - at.getTime()) / yearMs;
    const volatility = volatilityOf(day, row);
    const price = black76Price({ kind: type, forward: spot / 100, strike: strikePaise / 100, years, rate: 0, volatility }) * 100;
    return { theory: price, volatility, spot };
  }

  const candlesByDay = new Map<string, IndexMinute[]>();

  /** A day's minute candles in rupees (see the header); read once a day. */
  async function candlesOf(day: HistoryDay): Promise<IndexMinute[]> {
    const key = `${day.index}|${day.day}`;
    const known = candlesByDay.get(key);
    if (known !== undefined) return known;
    let candles: IndexMinute[];
    if (day.minutes.size > 0) {
      const { rows } = await history.query<{ m: Date; o: string; h: string; l: string; c: string }>(
        `SELECT minute AS m, open_paise AS o, high_paise AS h, low_paise AS l, close_paise AS c FROM history_index_minutes
         WHERE index_name = $1 AND trade_date = $2::date AND ${ofSource} ORDER BY minute`,
        [day.index, day.day],
      );
      candles = rows.map((row) => ({ minute: new Date(row.m), open: Number(row.o) / 100, high: Number(row.h) / 100, low: Number(row.l) / 100, close: Number(row.c) / 100 }));
    } else {
      candles = [];
      const start = Date.parse(`${day.day}T00:00:00Z`) - istOffsetMs;
      for (let minute = clockMinutes(day.hours.open); minute < clockMinutes(day.hours.close); minute += 1) {
        const open = indexLevelPaise(day, minute) / 100;
        const close = indexLevelPaise(day, minute + 1) / 100;
        candles.push({ minute: new Date(start + minute * 60_000), open, high: Math.max(open, close), low: Math.min(open, close), close });
      }
    }
    candlesByDay.set(key, candles);
    return candles;
  }

  async function contractsOf(keys: readonly string[], q: Queryable): Promise<void> {
    const missing = keys.filter((key) => !contracts.has(key));
    if (missing.length === 0) return;
    // Looked up by (exchange, tradingsymbol), the table's unique index: matching the joined key text instead
    // read every instrument the book had listed, on each quote (a year lists tens of thousands).
    const parts = missing.filter((key) => key.includes(':')).map((key) => [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)] as const);
    const { rows } = await q.query<{ key: string; name: IndexName; expiry: string; strike: number | null; instrument_type: 'CE' | 'PE' | 'FUT' }>(
      `SELECT i.exchange || ':' || i.tradingsymbol AS key, i.name, to_char(i.expiry, 'YYYY-MM-DD') AS expiry, i.strike, i.instrument_type
       FROM unnest($1::text[], $2::text[]) AS k (exchange, tradingsymbol) JOIN instruments i ON i.exchange = k.exchange AND i.tradingsymbol = k.tradingsymbol`,
      [parts.map(([exchange]) => exchange), parts.map(([, symbol]) => symbol)],
    );
    for (const row of rows) contracts.set(row.key, { index: row.name, expiry: row.expiry, strikePaise: Math.round(Number(row.strike ?? 0) * 100), type: row.instrument_type });
  }

  /** The tick a day's contracts of `index` are quoted on: an index option's, or a stock option's (both NSE's dated rows). */
  const tickOf = (index: string, day: string) => tickInForce(stocks.has(index) ? stockTicks! : ticks!, day);

  /** A future's level at an instant (see the header), or null where history holds no such future that day. */
  function futureLevelPaise(index: IndexName, expiry: string, at: Date): number | null {
    const day = dayOf(index, istDate(at));
    const row = day?.futures.get(expiry);
    if (day === undefined || row === undefined) return null;
    return (indexLevelPaise(day, istMinutes(at)) * row.settlePaise) / day.closePaise;
  }

  function futureQuoteOf(contract: { index: IndexName; expiry: string }, at: Date): Quote | null {
    const fair = futureLevelPaise(contract.index, contract.expiry, at);
    if (fair === null) return null;
    const day = dayOf(contract.index, istDate(at))!;
    const tickPaise = tickOf(contract.index, day.day);
    // Its month among the day's futures (0 near, 1 next, 2 far): a later month's book is wider.
    const month = [...day.futures.keys()].sort().indexOf(contract.expiry);
    const kind = stocks.has(contract.index) ? 'stock' : 'index';
    const { bidPaise, askPaise } = futureBook(fair, { kind, month, tickPaise, istMinutes: istMinutes(at), session: day.hours });
    const lastPaise = Math.round(fair / tickPaise) * tickPaise;
    return { bidPaise, askPaise, lastPaise, closePaise: day.futures.get(contract.expiry)!.previousSettlePaise ?? lastPaise };
  }

  function quoteOf(key: string, at: Date): { quote: Quote; real: boolean } | null {
    const contract = contracts.get(key);
    if (contract === undefined) return null;
    if (contract.type === 'FUT') {
      const quote = futureQuoteOf(contract, at);
      return quote === null ? null : { quote, real: false };
    }
    const modelled = theory(contract.index, contract.expiry, contract.strikePaise, contract.type, at);
    if (modelled === null) return null;
    const real = realMinutes.at(contract.index, contract.expiry, contract.strikePaise, contract.type, at);
    const priced = real === null ? modelled : { ...modelled, theory: real.closePaise };
    const day = dayOf(contract.index, istDate(at))!;
    const tickPaise = tickOf(contract.index, day.day);
    const years = Math.max(0, expiryMs(contract.expiry) - at.getTime()) / yearMs;
    const width = spreadTicks({
      theoryPaise: priced.theory,
      strike: contract.strikePaise / 100,
      forward: priced.spot / 100,
      years,
      atmVolatility: atmVolatilityOf(day) ?? priced.volatility,
      istMinutes: istMinutes(at),
      session: day.hours,
      tickPaise,
      // A stock option's book is the simulator's stock book: three times an index option's.
      widen: stocks.has(contract.index) ? stockSpreadWidening : 1,
    });
    const book = bookAround(priced.theory, width, tickPaise);
    // The exchange's far options keep a bid of one tick while they have any value; the simulator's book
    // would show none there, and a market order would find no buyer for a wing on an expiry day.
    const bidPaise = book.bidPaise === 0 && priced.theory > 0 ? tickPaise : book.bidPaise;
    const askPaise = Math.max(book.askPaise, bidPaise + tickPaise);
    const lastPaise = Math.round(priced.theory / tickPaise) * tickPaise;
    // The close is the day before's (a position's close_price, its day's change): never this day's settlement,
    // which is later than any minute of the day. Without one, the price at the minute.
    const closePaise = day.options.get(optionKey(contract.expiry, contract.strikePaise, contract.type))!.previousSettlePaise ?? lastPaise;
    return { quote: { bidPaise, askPaise, lastPaise, closePaise }, real: real !== null };
  }

  async function quotesAt(keys: readonly string[], at: Date, q: Queryable): Promise<Map<string, Quote>> {
    await contractsOf(keys, q);
    const found = new Map<string, Quote>();
    for (const key of keys) {
      const quoted = quoteOf(key, at);
      if (quoted === null) continue;
      if (quoted.real) counts.real += 1;
      else counts.modelled += 1;
      found.set(key, quoted.quote);
    }
    return found;
  }

  function spotOf(index: IndexName, at: Date): number {
    const day = dayOf(index, istDate(at));
    if (day === undefined) throw new Error(`No ${index} history on ${istDate(at)}`);
    return indexLevelPaise(day, istMinutes(at));
  }

  const dayByDate = new Map<string, HistoryDay>();

  /** The loaded day `now` falls on (of any index: they share the exchange's hours). */
  const dayAt = (now: Date) => {
    // Its date worked out once (asked of each loaded day, it cost more than the engine's pricing).
    const date = istDate(now);
    // The day found last for this date, while it is still the one loaded under its key (a later load of its index
    // replaces it in place); else the first loaded day of that date, as a walk of every loaded day finds it.
    const kept = dayByDate.get(date);
    if (kept !== undefined && days.get(`${kept.index}|${date}`) === kept) return kept;
    for (const day of days.values()) {
      if (day.day !== date) continue;
      dayByDate.set(date, day);
      return day;
    }
    return undefined;
  };

  const open = (now: Date) => {
    const day = dayAt(now);
    const minutes = istMinutes(now);
    // Shut between two sessions (a drill's 10:00–11:30) as before the open and after the close.
    return day !== undefined && tradesAt(day.hours, minutes);
  };

  return {
    load,
    expiryMs,
    day: dayOf,
    counts,
    realMinute: realMinutes.at,
    theory,
    quotes: (keys, q) => quotesAt(keys, clock(), q),
    // History has every minute of the day: a square-off the server missed is quoted at its own minute.
    quotesAt,
    // A contract's recorded volume of the instant's minute: 0 for a minute it did not trade in (the candle found is
    // an earlier one's), absent for a contract whose prices are modelled.
    async volumesAt(keys, at, q) {
      await contractsOf(keys, q);
      const found = new Map<string, number>();
      for (const key of keys) {
        const contract = contracts.get(key);
        if (contract === undefined || contract.type === 'FUT') continue;
        const real = realMinutes.at(contract.index, contract.expiry, contract.strikePaise, contract.type, at);
        if (real !== null) found.set(key, real.minute === istMinutes(at) ? real.volume : 0);
      }
      return found;
    },
    spotPaise: async (index) => spotOf(index, clock()),
    async closingValuePaise(index, day) {
      const history = dayOf(index, day);
      if (history === undefined) throw new Error(`No ${index} history on ${day} to settle its expiry`);
      // Without the exchange's settlement prices, the index's own close (its last minute) is the closing value.
      if (!history.bhavcopy) return history.closePaise;
      // An expiring future settles at the final settlement price (the underlying's close): the exchange's own figure.
      const future = history.futures.get(day);
      if (future !== undefined && future.settlePaise > 0) return future.settlePaise;
      // The exchange's settlement of an expiring call in the money is the index's closing value minus the strike.
      let best: OptionRow | null = null;
      for (const row of history.options.values()) {
        if (row.expiry !== day || row.optionType !== 'CE' || row.settlePaise <= 0) continue;
        if (best === null || row.settlePaise < best.settlePaise) best = row;
      }
      return best === null ? history.closePaise : best.strikePaise + best.settlePaise;
    },
    async pricing(index) {
      const now = clock();
      const day = dayOf(index, istDate(now));
      const spot = spotOf(index, now) / 100;
      const volatility = (strike: number, expiry: string) => {
        const row = day?.options.get(optionKey(expiry, Math.round(strike * 100), 'CE')) ?? day?.options.get(optionKey(expiry, Math.round(strike * 100), 'PE'));
        return day === undefined || row === undefined ? (day === undefined ? fallbackVolatility : (atmVolatilityOf(day) ?? fallbackVolatility)) : volatilityOf(day, row);
      };
      return { spot, rate: 0, nowMs: now.getTime(), volatility };
    },
    async indexCandles(indices, since) {
      const nowMs = clock().getTime();
      const from = istDate(since);
      const to = istDate(new Date(nowMs));
      const found = new Map<IndexName, IndexMinute[]>();
      for (const index of indices) {
        const inRange = [...days.values()].filter((day) => day.index === index && day.day >= from && day.day <= to).sort((a, b) => a.day.localeCompare(b.day));
        const candles: IndexMinute[] = [];
        // Only minutes that began before now: a candle after the clock's instant is the future.
        for (const day of inRange) for (const candle of await candlesOf(day)) if (candle.minute >= since && candle.minute.getTime() < nowMs) candles.push(candle);
        found.set(index, candles);
      }
      return found;
    },
    marketOpen: async (_exchange, now) => open(now),
    misSquareOff: (now) => dayAt(now)?.hours.misSquareOff,
    session: async (_exchange, now) => {
      const pause = dayAt(now)?.hours.pause;
      if (pause !== undefined && inPause({ pause }, istMinutes(now))) return pausedSession(istDate(now), pause);
      return { open: open(now), nextOpen: null, closedAt: null };
    },
    demo: false,
  };
}
