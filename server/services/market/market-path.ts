// A simulated index path without a database: the same variance clock, the same moves and the same draws as
// the leader's ticks (market-ticks.ts), stepped at any interval, for the tests and benchmarks that measure
// weeks of simulated market (realised against implied volatility, the intraday shape, the opening gap).
import { forwardFromSpot, yearsToExpiry } from '../../../quant/option-inputs.ts';
import { listExpiries } from './expiries.ts';
import type { IndexFacts } from './index-config.ts';
import { clockMinutes, istDate, istMinutes } from './ist.ts';
import { smileVolatility, type SimulationParams } from './simulator.ts';
import { moveDraws, nextSpotPaise } from './spot-move.ts';
import { contractExpiryMs, expiriesTradingFrom, sessionOn, type TradingCalendar } from './trading-calendar.ts';
import { varianceYears } from './variance-clock.ts';

export type PathPoint = { ms: number; spotPaise: number };

export type PathOptions = {
  params: SimulationParams;
  seed: number;
  /** The index's stream (its place among the indices), as the ticks use it. */
  stream: number;
  startSpotPaise: number;
  startMs: number;
  endMs: number;
  stepMs: number;
  demo: boolean;
  calendar: TradingCalendar;
};

/** Whether the exchange trades at an instant (always in demo mode). */
export function isOpen(ms: number, demo: boolean, calendar: TradingCalendar): boolean {
  if (demo) return true;
  const at = new Date(ms);
  const session = sessionOn(calendar, istDate(at));
  const minutes = istMinutes(at);
  return session !== null && minutes >= clockMinutes(session.open) && minutes < clockMinutes(session.close);
}

/** The spot at every tick from `startMs` (exclusive) to `endMs`, the start included as the first point. */
export function simulatePath(options: PathOptions): PathPoint[] {
  const points: PathPoint[] = [{ ms: options.startMs, spotPaise: options.startSpotPaise }];
  let last = points[0]!;
  let seq = 0;
  for (let ms = options.startMs + options.stepMs; ms <= options.endMs; ms += options.stepMs) {
    if (!isOpen(ms, options.demo, options.calendar)) continue;
    seq += 1;
    const years = varianceYears(last.ms, ms, options.demo, options.calendar);
    last = { ms, spotPaise: nextSpotPaise(last.spotPaise, options.params.volatility, years, moveDraws(options.seed, seq, options.stream)) };
    points.push(last);
  }
  return points;
}

/** Realised volatility on the options' clock: the squared log-returns summed, per calendar year (ACT/365) spanned. */
export function realisedVolatility(points: readonly PathPoint[]): number {
  let sum = 0;
  for (let i = 1; i < points.length; i += 1) sum += Math.log(points[i]!.spotPaise / points[i - 1]!.spotPaise) ** 2;
  const years = (points.at(-1)!.ms - points[0]!.ms) / (365 * 24 * 60 * 60 * 1000);
  return Math.sqrt(sum / years);
}

/**
 * The at-the-money implied volatility the chain shows at an instant: the nearest expiry's volatility at the
 * strike nearest the forward, as the simulator prices it.
 */
export function chainAtmVolatility(params: SimulationParams, facts: Pick<IndexFacts, 'expiryCycle' | 'expiryWeekdays' | 'strikeStep'>, calendar: TradingCalendar, point: PathPoint): number {
  const from = expiriesTradingFrom(calendar, new Date(point.ms));
  const expiry = listExpiries(facts, calendar, from, { weekly: 1, monthly: 1 })[0]!;
  const years = yearsToExpiry(point.ms, contractExpiryMs(calendar, expiry.date));
  const forward = forwardFromSpot(point.spotPaise / 100, params.rate, years);
  const strike = Math.round(forward / facts.strikeStep) * facts.strikeStep;
  return smileVolatility(params, forward, strike, Math.max(years, 1 / (365 * 24)));
}

/** The mean over a path of the chain's at-the-money implied volatility, sampled once a simulated hour. */
export function meanChainVolatility(params: SimulationParams, facts: Pick<IndexFacts, 'expiryCycle' | 'expiryWeekdays' | 'strikeStep'>, calendar: TradingCalendar, points: readonly PathPoint[]): number {
  let sum = 0;
  let count = 0;
  let next = points[0]!.ms;
  for (const point of points) {
    if (point.ms < next) continue;
    sum += chainAtmVolatility(params, facts, calendar, point);
    count += 1;
    next = point.ms + 60 * 60 * 1000;
  }
  return sum / count;
}
