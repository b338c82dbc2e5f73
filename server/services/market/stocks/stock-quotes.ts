// Quotes of what the simulator prices beside the indices' options, computed from the instant alone (no stored
// state): a simulated stock's spot, its options (the indices' Black-76 smile with the stock's own parameters, a
// book three times as wide) and every underlying's futures at F = S·e^(r·t). Open interest and volume are a formula
// here, not a traded state as the indices' options have (open-interest.ts): sized on a stock's own NSE figures
// (stockOiSizing, migration 143) or else one notional, peaking a little out of the money, thinning with distance,
// fewer lots in later months. The model's choices are in
// docs/market-model.md ("The simulator's stocks and futures").
import { normalCdf } from '../../../../quant/normal.ts';
import { forwardFromSpot, yearsToExpiry } from '../../../../quant/option-inputs.ts';
import { istDate, istInstant, istMinutes, clockMinutes } from '../ist.ts';
import { uniform } from '../random.ts';
import { timeOfDayFactor } from '../spreads.ts';
import type { IndexState } from '../simulator.ts';
import { regularSessionOn, type Session, type TradingCalendar } from '../trading-calendar.ts';
import { stockSpotPaise, stockTickPaise, type StockPathModel } from './stock-path.ts';

/** How much wider a stock option's book is than an index option's at the same moneyness, expiry and hour. */
export const stockSpreadWidening = 3;

/** A stock's state as the index state reads (simulator.ts IndexState), with the day's open, high and low. */
export type StockSnapshot = IndexState & { dayOpenPaise: number; dayHighPaise: number; dayLowPaise: number; sessionDate: string };

/** The clock the stocks keep: the NSE index's last tick (its time, sequence, session and previous close). */
export type NseClock = Pick<IndexState, 'seq' | 'tickedAtMs' | 'sessionOpenSeq' | 'previousCloseAtMs'> & { sessionDate: string };

/**
 * The stock at the NSE clock's last tick. The day's high and low are read off the path at 24 points of the session
 * so far and the last tick (an approximation: a swing between two points is missed).
 */
export function stockSnapshot(model: StockPathModel, seed: number, clock: NseClock, demo: boolean, calendar: TradingCalendar): StockSnapshot {
  const at = (ms: number) => stockSpotPaise(model, seed, ms, demo, calendar);
  const spotPaise = at(clock.tickedAtMs);
  const session = regularSessionOn(calendar, clock.sessionDate);
  const openMs = Math.min(clock.tickedAtMs, demo ? istInstant(clock.sessionDate, '00:00').getTime() : istInstant(clock.sessionDate, session.open).getTime());
  const dayOpenPaise = at(openMs);
  let high = Math.max(dayOpenPaise, spotPaise);
  let low = Math.min(dayOpenPaise, spotPaise);
  for (let i = 1; i < 24; i += 1) {
    const value = at(openMs + ((clock.tickedAtMs - openMs) * i) / 24);
    high = Math.max(high, value);
    low = Math.min(low, value);
  }
  return {
    seq: clock.seq,
    spotPaise,
    tickedAtMs: clock.tickedAtMs,
    sessionOpenSeq: clock.sessionOpenSeq,
    previousClosePaise: at(clock.previousCloseAtMs),
    previousCloseAtMs: clock.previousCloseAtMs,
    sessionDate: clock.sessionDate,
    dayOpenPaise,
    dayHighPaise: high,
    dayLowPaise: low,
  };
}

/** Where the session is, 0 at its open to 1 at its close (the demo's session runs from IST midnight). */
export function sessionShare(calendar: TradingCalendar, ms: number, demo: boolean): number {
  const session = regularSessionOn(calendar, istDate(new Date(ms)));
  const open = demo ? 0 : clockMinutes(session.open);
  const close = clockMinutes(session.close);
  return Math.min(1, Math.max(0, (istMinutes(new Date(ms)) - open) / (close - open)));
}

/** Lots of a month's contracts relative to the near month's: next 20 %, far 3 % (months: 0 near, 1 next, 2 far). */
const monthShares = [1, 0.2, 0.03];

/** A stock's at-the-money near-month option open interest, as a notional, where NSE's figures are not held: ₹300 crore a strike and side. */
const stockOptionPeakNotionalRupees = 3e9;

/** A future's near-month open interest as a notional, where NSE's figures are not held: ₹2,000 crore for a stock, ₹20,000 crore for an index. */
const futureNotionalRupees = { index: 2e11, stock: 2e10 } as const;

/** The shape of a stock option's open interest over strikes: see stockOptionOiLots. */
function stockOptionOiShape(o: { strike: number; kind: 'CE' | 'PE'; forward: number; volatility: number; years: number; strikeStep: number }): number {
  const width = Math.max(0.02, o.volatility * Math.sqrt(Math.max(o.years, 1 / 365)));
  const outward = (o.kind === 'CE' ? 1 : -1) * Math.log(o.strike / o.forward) / width;
  const bell = Math.exp(-((outward - 0.5) ** 2) / (2 * 1.2 * 1.2));
  const side = outward >= 0 ? 1 : 0.3;
  const round = o.strike % (10 * o.strikeStep) === 0 ? 2 : 1;
  return bell * side * round;
}

/**
 * A stock option's open interest in lots: a bell in log-moneyness, peaking half a standard deviation out of the
 * money (calls above the forward, puts below), 1.2 standard deviations wide; in the money 30 % of it; round strikes
 * (ten steps) twice as much; the near month's peak `peakNotionalRupees` (the stock's, stockOiSizing), later months less.
 */
export function stockOptionOiLots(o: { strike: number; kind: 'CE' | 'PE'; forward: number; volatility: number; years: number; strikeStep: number; lotSize: number; month: number; peakNotionalRupees?: number | undefined }): number {
  const peakLots = (o.peakNotionalRupees ?? stockOptionPeakNotionalRupees) / (o.forward * o.lotSize);
  return Math.round(peakLots * stockOptionOiShape(o) * (monthShares[o.month] ?? 0.03));
}

/** A future's open interest in lots: its near month's notional (`notionalRupees`, a stock's from stockOiSizing), later months less. */
export function futureOiLots(o: { kind: 'index' | 'stock'; futurePrice: number; lotSize: number; month: number; notionalRupees?: number | undefined }): number {
  const notional = o.notionalRupees ?? futureNotionalRupees[o.kind];
  return Math.round((notional / (o.futurePrice * o.lotSize)) * (monthShares[o.month] ?? 0.03));
}

/** The near-month notionals a stock's open interest is drawn from. */
export type StockOiSizing = { optionPeakNotionalRupees: number; futureNotionalRupees: number };

/** Days to expiry of the near, next and far months at which a stock's figures are matched: mid-month. */
const sizingDays = [15, 45, 75];

/**
 * The notionals that give a stock NSE's own open interest (shares, every contract) and future-equivalent open
 * interest (futures at 1, options at their delta's size) on a mid-month day at its reference price: the model's
 * shapes summed over a strike ladder of every month (futures and options, calls and puts), then the two notionals
 * solved so both totals match. Where NSE's future-equivalent share is below what the options' deltas give alone (no
 * room left for futures), the options hold nine tenths of NSE's figure and the futures a tenth.
 */
export function stockOiSizing(stock: { price: number; volatility: number; strikeStep: number }, nse: { openInterest: number; futureEquivalent: number }): StockOiSizing {
  let optionShares = 0;
  let optionFutureEquivalent = 0;
  let futureShares = 0;
  sizingDays.forEach((days, month) => {
    const years = days / 365;
    const width = Math.max(0.02, stock.volatility * Math.sqrt(years));
    const low = Math.max(stock.strikeStep, Math.floor((stock.price * Math.exp(-5 * width)) / stock.strikeStep) * stock.strikeStep);
    const high = stock.price * Math.exp(5 * width);
    const share = monthShares[month] ?? 0.03;
    futureShares += share / stock.price;
    for (let strike = low; strike <= high; strike += stock.strikeStep) {
      const d1 = (Math.log(stock.price / strike) + (width * width) / 2) / width;
      for (const kind of ['CE', 'PE'] as const) {
        // Shares of a unit notional: peakLots × lot = notional / forward.
        const shares = (stockOptionOiShape({ strike, kind, forward: stock.price, volatility: stock.volatility, years, strikeStep: stock.strikeStep }) * share) / stock.price;
        optionShares += shares;
        optionFutureEquivalent += shares * (kind === 'CE' ? normalCdf(d1) : normalCdf(-d1));
      }
    }
  });
  // optionShares·p + futureShares·n = OI; optionFutureEquivalent·p + futureShares·n = future-equivalent OI.
  const optionPeak = (nse.openInterest - nse.futureEquivalent) / (optionShares - optionFutureEquivalent);
  const future = (nse.openInterest - optionShares * optionPeak) / futureShares;
  if (future > 0) return { optionPeakNotionalRupees: optionPeak, futureNotionalRupees: future };
  return { optionPeakNotionalRupees: (0.9 * nse.openInterest) / optionShares, futureNotionalRupees: (0.1 * nse.openInterest) / futureShares };
}

export type FutureQuoteInputs = {
  kind: 'index' | 'stock';
  spotPaise: number;
  previousClosePaise: number;
  previousCloseAtMs: number;
  rate: number;
  tickedAtMs: number;
  expiresAtMs: number;
  instrumentToken: number;
  seq: number;
  seed: number;
  tickPaise: number;
  month: number;
  lotSize: number;
  /** A stock's near-month futures notional sized on NSE's figures (stockOiSizing); the kind's where none is held. */
  oiNotionalRupees?: number | undefined;
  calendar: TradingCalendar;
  demo: boolean;
};

export type FutureQuote = { fairPaise: number; lastPaise: number; bidPaise: number; askPaise: number; closePaise: number; oi: number; volume: number };

/** The future's fair price F = S·e^(r·t), t in years (ACT/365) to its expiry, in paise. */
export function futureFairPaise(spotPaise: number, rate: number, fromMs: number, expiresAtMs: number): number {
  return forwardFromSpot(spotPaise / 100, rate, yearsToExpiry(fromMs, expiresAtMs)) * 100;
}

/**
 * The book around a future's fair price (see futureQuote): its width in ticks, bid and ask. A backtest's futures
 * are quoted with it around the price history gives them (analysis/backtests/history-prices.ts).
 */
export function futureBook(fairPaise: number, i: { kind: 'index' | 'stock'; month: number; tickPaise: number; istMinutes: number; session: Session }): { width: number; bidPaise: number; askPaise: number } {
  const tick = i.tickPaise;
  const relative = i.kind === 'index' ? 0.0002 : 0.001;
  const width = Math.max(1, Math.round(((fairPaise * relative) / tick) * (1 + i.month) * timeOfDayFactor(i.istMinutes, i.session)));
  const bidPaise = Math.max(tick, Math.floor((fairPaise - ((width - 1) * tick) / 2) / tick) * tick);
  return { width, bidPaise, askPaise: bidPaise + width * tick };
}

/**
 * A future's quote: the book around F on the tick, 2 basis points of the price wide for an index and 10 for a stock
 * (at least a tick), twice that in the next month and three times in the far, wider at the open as the options'
 * (spreads.ts timeOfDayFactor); the last trade somewhere in the book.
 */
export function futureQuote(i: FutureQuoteInputs): FutureQuote {
  const fairPaise = futureFairPaise(i.spotPaise, i.rate, i.tickedAtMs, i.expiresAtMs);
  const tick = i.tickPaise;
  const session = regularSessionOn(i.calendar, istDate(new Date(i.tickedAtMs)));
  const { width, bidPaise, askPaise } = futureBook(fairPaise, { kind: i.kind, month: i.month, tickPaise: tick, istMinutes: istMinutes(new Date(i.tickedAtMs)), session });
  const pick = Math.floor(uniform(i.seed, i.seq, i.instrumentToken) * (width + 1));
  const lastPaise = bidPaise + Math.min(width, pick) * tick;
  const closePaise = Math.round(futureFairPaise(i.previousClosePaise, i.rate, i.previousCloseAtMs, i.expiresAtMs) / tick) * tick;
  const oiLots = futureOiLots({ kind: i.kind, futurePrice: fairPaise / 100, lotSize: i.lotSize, month: i.month, notionalRupees: i.oiNotionalRupees });
  const volumeLots = Math.round(oiLots * 0.6 * sessionShare(i.calendar, i.tickedAtMs, i.demo));
  return { fairPaise, lastPaise, bidPaise, askPaise, closePaise, oi: oiLots * i.lotSize, volume: volumeLots * i.lotSize };
}

export { stockTickPaise };
