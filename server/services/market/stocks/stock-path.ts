// A simulated stock's spot, as a pure function of the instant: no stored state and no work in the tick. Each stock
// moves by a geometric Brownian motion on the same variance clock as the indices (variance-clock.ts: U-shaped through
// the session, the night's variance at the open in exchange mode), with its own volatility and its own draws, from a
// published close (its reference). The Brownian path is built by bisection (a Brownian bridge on a dyadic grid of
// variance time), so its value at any instant costs one draw per level (31), whatever the time since the reference:
// a stock is priced only when a quote of it is asked (a watched chain or future), and a stock nobody watches costs
// nothing (issue 63: the tick cost grows with the instruments watched, not the instruments listed). The same seed,
// instant and stock give the same spot on every run and every server instance.
import { normal, seedOf } from '../random.ts';
import { demoVarianceTime, exchangeVarianceTime } from '../variance-clock.ts';
import type { TradingCalendar } from '../trading-calendar.ts';

const yearMs = 365 * 24 * 60 * 60 * 1000;
/** The grid of variance time the path is drawn on: 2^-24 of a year, about 1.9 seconds. */
const gridYears = 2 ** -24;
/** Levels of the bisection: the grid spans 2^31 steps, 128 years of variance time from 1970 (epoch variance time). */
const levels = 31;
const span = 2 ** levels;

/** The stream of a stock's draws: from its symbol, so adding a stock never moves another's path. */
export function stockStream(symbol: string): number {
  return 100_000 + (seedOf(symbol) % 1_000_000);
}

/** Variance time at an instant, in years since the epoch, on the clock of the mode (demo or exchange hours). */
export function varianceTimeYears(ms: number, demo: boolean, calendar: TradingCalendar): number {
  return (demo ? demoVarianceTime(ms, calendar) : exchangeVarianceTime(ms, calendar)) / yearMs;
}

/**
 * The standard Brownian motion W at grid step `n` (W(0) = 0): the end of the span is drawn first, then each
 * midpoint from its bridge between the two points around it, down to `n`. Each dyadic point has its own draw
 * (its position is the counter), so W(n) and W(m) share the draws of their common intervals: the path is consistent.
 */
export function brownianAt(seed: number, stream: number, n: number): number {
  let lo = 0;
  let hi = span;
  let wLo = 0;
  let wHi = Math.sqrt(span * gridYears) * normal(seed, span, stream);
  const target = Math.min(span, Math.max(0, Math.floor(n)));
  while (hi - lo > 1) {
    if (target === lo) return wLo;
    if (target === hi) return wHi;
    const mid = lo + (hi - lo) / 2;
    const wMid = (wLo + wHi) / 2 + Math.sqrt(((hi - lo) * gridYears) / 4) * normal(seed, mid, stream);
    if (target < mid) {
      hi = mid;
      wHi = wMid;
    } else {
      lo = mid;
      wLo = wMid;
    }
  }
  return target === lo ? wLo : wHi;
}

export type StockPathModel = {
  symbol: string;
  /** The published close the path starts from, in paise, and the instant of that close. */
  referencePaise: number;
  referenceMs: number;
  volatility: number;
};

/** The path at each stock's reference close, kept: it never changes for a seed and mode. */
const references = new Map<string, { tau: number; w: number }>();
function referencePoint(model: StockPathModel, seed: number, stream: number, demo: boolean, calendar: TradingCalendar): { tau: number; w: number } {
  const key = `${seed}:${stream}:${demo}:${model.referenceMs}`;
  const known = references.get(key);
  if (known !== undefined) return known;
  const tau = varianceTimeYears(model.referenceMs, demo, calendar);
  const point = { tau, w: brownianAt(seed, stream, tau / gridYears) };
  references.set(key, point);
  return point;
}

/** The NSE cash market's tick the spot is quoted on: ₹0.05. */
export const stockTickPaise = 5;

/**
 * The stock's spot at `ms` in paise, on the ₹0.05 tick: S_ref · exp(σ(W(τ) − W(τ_ref)) − σ²(τ − τ_ref)/2), τ the
 * variance time. Drift-free (as the options' risk-neutral prices assume), no jumps (the indices have them; stocks'
 * earnings gaps are not modelled).
 */
export function stockSpotPaise(model: StockPathModel, seed: number, ms: number, demo: boolean, calendar: TradingCalendar): number {
  const stream = stockStream(model.symbol);
  const tau = varianceTimeYears(ms, demo, calendar);
  const reference = referencePoint(model, seed, stream, demo, calendar);
  const tauRef = reference.tau;
  const w = brownianAt(seed, stream, tau / gridYears) - reference.w;
  const sigma = model.volatility;
  const spot = model.referencePaise * Math.exp(sigma * w - (sigma * sigma * (tau - tauRef)) / 2);
  return Math.max(stockTickPaise, Math.round(spot / stockTickPaise) * stockTickPaise);
}
