// Which variety a live Kite order goes out as, from the real exchange's calendar (never the simulator's demo
// mode: a live account trades on the exchange): `regular` while the exchange is open, Kite's `amo`
// (after-market order, POST /orders/amo) inside Kite's AMO window, which Kite holds as "AMO REQ RECEIVED"
// and sends to the exchange at the open; between the close and 15:45 IST and from 09:10 IST to the open
// Kite takes neither, and StrikeDesk says when to place it instead of sending what Kite would refuse
// (the same window the paper broker uses: ../after-market.ts). The market status a Kite account's screens
// show (open or closed, the next open) is read from the same calendar, never the simulator's.
import type { Queryable } from '../../../db/database.ts';
import { loadTradingCalendar } from '../../market/calendar-data.ts';
import { marketStatusOf, sessionAt } from '../../market/exchange-session.ts';
import type { MarketStatus } from '../../market/market-service.ts';
import type { Exchange, TradingCalendar } from '../../market/trading-calendar.ts';
import type { Said } from '../../texts/said.ts';
import { afterMarketPlacement } from '../after-market.ts';
import type { KiteVariety } from '../kite/kite-order-types.ts';

export type KitePlacementVariety = { variety: Extract<KiteVariety, 'regular' | 'amo'> } | { refusal: Said };

export function createKiteHours(db: Queryable) {
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

  async function placementVariety(exchange: string, now: Date): Promise<KitePlacementVariety> {
    const session = sessionAt(await calendarOf(exchange === 'BFO' ? 'BSE' : 'NSE'), now);
    if (session.open) return { variety: 'regular' };
    const amo = afterMarketPlacement(session, now);
    return 'refusal' in amo ? amo : { variety: 'amo' };
  }

  /** NSE's session at `now` (F&O's hours; BSE's are the same), as the price stream says it: never demo. */
  async function marketStatus(now: Date): Promise<MarketStatus> {
    return marketStatusOf(sessionAt(await calendarOf('NSE'), now), now, false);
  }

  return { placementVariety, marketStatus };
}

export type KiteHours = ReturnType<typeof createKiteHours>;

/**
 * The variety a change (modify, cancel) of a Kite order goes to: an AMO Kite still holds is changed as
 * `amo`; once Kite sent it to the exchange at the open it is a regular order there and changed as
 * `regular`, although Kite's book keeps showing variety "amo" (Kite forum, "Cancel AMO order after market
 * opens", Zerodha's answer: "The amo's variety changes once OMS places the order at the exchange").
 */
export function changeVariety(placedAs: string, exchangeOrderId: string | null): KiteVariety {
  if (placedAs === 'amo') return exchangeOrderId === null || exchangeOrderId === '' ? 'amo' : 'regular';
  return (['regular', 'co', 'iceberg', 'auction'] as readonly string[]).includes(placedAs) ? (placedAs as KiteVariety) : 'regular';
}
