// The broker's MIS square-off of an IST day (HH:MM IST), one answer for the paper broker's three readers: order
// entry (no fresh MIS order from then), the fill engine's pass (MIS positions squared off from then) and the
// catch-up of a square-off the server missed (missed-cut-offs.ts). A special session has its own (Muhurat
// trading's 18:50, none in a 2024 drill: its open), a regular day 15:25. Where the price source has its own
// answer (history: a backtested or replayed day loaded with its hours), that; else NSE's calendar through
// trading-calendar.ts dayHours, the rule a backtest and a replay read the day's hours from too.
import type { Queryable } from '../../../db/database.ts';
import { loadTradingCalendar } from '../../market/calendar-data.ts';
import { istDate } from '../../market/ist.ts';
import { dayHours, type DayHours } from '../../market/trading-calendar.ts';
import { keptRead } from '../../kept-read.ts';
import type { PriceSource } from './price-source.ts';

export type SessionSquareOff = {
  /** The hours of the IST day `day` from NSE's calendar, with its MIS square-off. */
  hoursOn: (day: string, q: Queryable) => Promise<DayHours>;
  /** The MIS square-off of the session `now` falls in. */
  at: (now: Date, q: Queryable) => Promise<string>;
};

export function sessionSquareOff(prices: PriceSource): SessionSquareOff {
  const calendarOf = keptRead((q) => loadTradingCalendar(q, 'NSE'));
  const hoursOn = async (day: string, q: Queryable) => dayHours(await calendarOf(q), day);
  return {
    hoursOn,
    at: async (now, q) => prices.misSquareOff?.(now) ?? (await hoursOn(istDate(now), q)).misSquareOff,
  };
}
