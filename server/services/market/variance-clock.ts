// The one clock the spot's variance runs on. Options are priced on calendar time (ACT/365, as the chain's
// implied volatility is quoted), so the spot must diffuse, on average, one calendar year's variance per
// calendar year, whatever the mode. This module maps an instant to "variance time": a clock that keeps
// pace with the calendar over every day (never drifts from it by more than a day's share) but runs fast at
// the open and the close, slowly at midday and overnight. A tick's variance is σ² × (the variance time
// elapsed since the previous tick), so timer jitter, a slow leader or a restart after hours all give the
// spot exactly the variance the options' clock says has passed.
//
// Demo mode (the market never closes): each IST day carries 24 h of variance time; the hours outside the
// day's regular session (09:15–15:40 since 3 August 2026) run at `overnightDensity` (a thin overnight market), the
// session hours at the density that makes up the rest of the day, shaped like a U (see intradayShare).
// Exchange mode: the spot moves only in sessions; each session carries sessionDensityOf(its length) × its
// length, and the variance time that passed while the exchange was shut
// (5.3 h after a weeknight, 53 h after a weekend) lands at once in the first tick: the gap at the open.
import { clockMinutes, istDate, istOffsetMs } from './ist.ts';
import { addDays, regularSessionOn, sessionOn, type TradingCalendar } from './trading-calendar.ts';

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

/** How fast variance time runs outside the session hours, against the calendar (demo mode's night). */
export const overnightDensity = 0.3;

/**
 * How fast variance time runs in a session on average: the rest of the day's 24 h, in the session's length
 * (about 2.99 in 6 h 15 min, 2.93 in 6 h 25 min).
 */
export function sessionDensityOf(sessionMs: number): number {
  return (dayMs - overnightDensity * (dayMs - sessionMs)) / sessionMs;
}

/** The regular session of an instant's IST day, as milliseconds after IST midnight. */
function regularSessionMs(calendar: Pick<TradingCalendar, 'regular'>, ms: number): { openMs: number; closeMs: number } {
  const { open, close } = regularSessionOn(calendar, istDate(new Date(ms)));
  return { openMs: clockMinutes(open) * minuteMs, closeMs: clockMinutes(close) * minuteMs };
}

/** The session density of an instant's IST day (its regular session's length). */
export function sessionDensityAt(calendar: Pick<TradingCalendar, 'regular'>, ms: number): number {
  const { openMs, closeMs } = regularSessionMs(calendar, ms);
  return sessionDensityOf(closeMs - openMs);
}

// The U: density ∝ 1 + openWeight·(1−x)⁴ + closeWeight·x⁴ over the session fraction x: the first minutes
// run 2.5× the session's average, midday 0.56×, the last minutes 1.4× (the open busier than the close).
const openWeight = 6;
const closeWeight = 3;
const uArea = 1 + (openWeight + closeWeight) / 5;

/** The U-shaped intensity at session fraction x (0 at the open, 1 at the close); its mean over a session is 1. */
export function intradayDensity(x: number): number {
  return (1 + openWeight * (1 - x) ** 4 + closeWeight * x ** 4) / uArea;
}

/** The share of a session's variance done by session fraction x: the integral of intradayDensity from 0. */
export function intradayShare(x: number): number {
  const t = Math.min(1, Math.max(0, x));
  return (t + (openWeight * (1 - (1 - t) ** 5)) / 5 + (closeWeight * t ** 5) / 5) / uArea;
}

/** IST midnight before an instant, as epoch milliseconds. */
function istDayStart(ms: number): number {
  return Math.floor((ms + istOffsetMs) / dayMs) * dayMs - istOffsetMs;
}

/** Demo mode: variance time at `ms`, 24 h of it every IST day, shaped by the hour of the day's regular session. */
export function demoVarianceTime(ms: number, calendar: Pick<TradingCalendar, 'regular'>): number {
  const start = istDayStart(ms);
  const into = ms - start;
  const { openMs, closeMs } = regularSessionMs(calendar, ms);
  const length = closeMs - openMs;
  const density = sessionDensityOf(length);
  if (into < openMs) return start + overnightDensity * into;
  const beforeOpen = overnightDensity * openMs;
  if (into < closeMs) return start + beforeOpen + density * length * intradayShare((into - openMs) / length);
  return start + beforeOpen + density * length + overnightDensity * (into - closeMs);
}

/** A session as instants: when it opens and closes. */
function sessionInstants(calendar: TradingCalendar, date: string): { open: number; close: number } | null {
  const session = sessionOn(calendar, date);
  if (session === null) return null;
  const midnight = Date.parse(`${date}T00:00:00Z`) - istOffsetMs;
  return { open: midnight + clockMinutes(session.open) * minuteMs, close: midnight + clockMinutes(session.close) * minuteMs };
}

/**
 * Exchange mode: variance time at `ms`. At every session's close it equals the calendar; through a session
 * it climbs `sessionDensity` × the session's length along the U; while shut it stands still (so the next
 * session's first tick carries the whole night's variance: the opening gap).
 */
export function exchangeVarianceTime(ms: number, calendar: TradingCalendar): number {
  const today = istDate(new Date(ms));
  const session = sessionInstants(calendar, today);
  if (session !== null && ms >= session.open) {
    if (ms >= session.close) return session.close;
    const length = session.close - session.open;
    return session.close - sessionDensityOf(length) * length * (1 - intradayShare((ms - session.open) / length));
  }
  // Before today's open, or a closed day: the clock stands at the last close.
  for (let back = 1; back <= 30; back += 1) {
    const previous = sessionInstants(calendar, addDays(today, -back));
    if (previous !== null) return previous.close;
  }
  return ms;
}

/**
 * The variance time, in years (ACT/365, the options' year), between two instants: what σ² multiplies for
 * the spot's move from `fromMs` to `toMs`. Never negative.
 */
export function varianceYears(fromMs: number, toMs: number, demo: boolean, calendar: TradingCalendar): number {
  const clock = (ms: number) => (demo ? demoVarianceTime(ms, calendar) : exchangeVarianceTime(ms, calendar));
  return Math.max(0, clock(toMs) - clock(fromMs)) / (365 * dayMs);
}
