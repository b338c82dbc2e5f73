// An exchange's session at an instant, from its calendar alone: whether it trades, when it opens next, and
// when today's session closed if it did (the after-market order window starts a while after it). The
// simulator's demo mode keeps its own market open at any hour; a live broker account trades on the real
// exchange, whose hours this always reads.
import type { components as analytics } from '../../../openapi/analytics.d.ts';
import { clockMinutes, istDate, istInstant, istMinutes } from './ist.ts';
import { addDays, dayHours, inPause, sessionOn, type TradingCalendar } from './trading-calendar.ts';

/**
 * `betweenSessions`: shut only until the day's second session (a drill's 10:00–11:30), `nextOpen` being its start:
 * no after-market order is held across that pause, an order waits for the second session.
 */
export type SessionState = { open: boolean; nextOpen: Date | null; closedAt: Date | null; betweenSessions?: boolean };

/**
 * What the price stream tells the PWA of the market (open or closed, the next open), from a session, with today's
 * hours from the exchange's calendar (the app reads the close and the MIS square-off from them, never a constant).
 * While it is open, also whether a fresh MIS order is refused now, as the paper broker's order entry refuses it
 * (order-entry.ts): from the square-off to the close on the exchange's hours, never in demo mode (its MIS rolls to
 * the next day's cut-off). Closed, an order is an after-market order for the next session, where MIS is open again.
 */
export function marketStatusOf({ open, nextOpen }: SessionState, now: Date, demo: boolean, calendar: TradingCalendar): analytics['schemas']['MarketStatus'] {
  const day = istDate(now);
  const hours = dayHours(calendar, day);
  return {
    status: open ? 'open' : 'closed',
    demo,
    timestamp: now.toISOString(),
    ...(nextOpen === null ? {} : { next_open: nextOpen.toISOString() }),
    session: { day, open: hours.open, close: hours.close, mis_square_off: hours.misSquareOff },
    ...(open ? { mis_closed: !demo && istMinutes(now) >= clockMinutes(hours.misSquareOff) } : {}),
  };
}

/** The session of a day shut between its two sessions (`pause`, IST clock times): opening again at the second. */
export function pausedSession(day: string, pause: { from: string; until: string }): SessionState {
  return { open: false, nextOpen: istInstant(day, pause.until), closedAt: istInstant(day, pause.from), betweenSessions: true };
}

export function sessionAt(days: TradingCalendar, now: Date): SessionState {
  const minutes = istMinutes(now);
  const today = istDate(now);
  const session = sessionOn(days, today);
  if (session !== null && minutes >= clockMinutes(session.open) && minutes < clockMinutes(session.close)) {
    // Between two sessions of the day (a drill's 10:00–11:30) it is shut, opening again at the second.
    const pause = dayHours(days, today).pause;
    if (pause !== undefined && inPause({ pause }, minutes)) return pausedSession(today, pause);
    return { open: true, nextOpen: null, closedAt: null };
  }
  const closedAt = session !== null && minutes >= clockMinutes(session.close) ? istInstant(today, session.close) : null;
  for (let offset = 0; offset < 370; offset += 1) {
    const day = addDays(today, offset);
    const next = sessionOn(days, day);
    if (next === null || (offset === 0 && minutes >= clockMinutes(next.open))) continue;
    return { open: false, nextOpen: istInstant(day, next.open), closedAt };
  }
  return { open: false, nextOpen: null, closedAt };
}
