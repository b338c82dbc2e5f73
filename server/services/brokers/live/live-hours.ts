// When a live order can go out, from the real exchange's calendar (never the simulator's demo mode: a live
// account trades on the exchange): `regular` while the exchange is open, `amo` (an after-market order the
// broker holds and sends to the exchange at the open) inside the AMO window, which is the paper broker's
// (../after-market.ts: from 15 minutes after the close to 5 minutes before the open); between, the broker
// takes neither, and StrikeDesk says when to place it instead of sending what the broker would refuse. The
// market status a live account's screens show (open or closed, the next open) is read from the same
// calendar, never the simulator's.
import type { Queryable } from '../../../db/database.ts';
import { loadTradingCalendar } from '../../market/calendar-data.ts';
import { marketStatusOf, sessionAt } from '../../market/exchange-session.ts';
import type { MarketStatus } from '../../market/market-service.ts';
import { dayHours, type Exchange, type TradingCalendar } from '../../market/trading-calendar.ts';
import { istDate } from '../../market/ist.ts';
import type { Said } from '../../texts/said.ts';
import { afterMarketPlacement } from '../after-market.ts';

export type PlacementVariety = { variety: 'regular' | 'amo' } | { refusal: Said };

export function createLiveHours(db: Queryable) {
  const calendars = new Map<Exchange, Promise<TradingCalendar>>();
  const calendarOf = (exchange: Exchange) => {
    let known = calendars.get(exchange);
    if (known === undefined) {
      known = loadTradingCalendar(db, exchange);
      // A failed read is not kept: the next order reads the calendar again.
      known.catch(() => calendars.delete(exchange));
      calendars.set(exchange, known);
    }
    return known;
  };

  async function placementVariety(exchange: string, now: Date): Promise<PlacementVariety> {
    const session = sessionAt(await calendarOf(exchange === 'BFO' ? 'BSE' : 'NSE'), now);
    if (session.open) return { variety: 'regular' };
    const amo = afterMarketPlacement(session, now);
    return 'refusal' in amo ? amo : { variety: 'amo' };
  }

  /** NSE's session at `now` (F&O's hours; BSE's are the same), as the price stream says it: never demo. */
  async function marketStatus(now: Date): Promise<MarketStatus> {
    const calendar = await calendarOf('NSE');
    return marketStatusOf(sessionAt(calendar, now), now, false, dayHours(calendar, istDate(now)).misSquareOff);
  }

  return { placementVariety, marketStatus };
}

