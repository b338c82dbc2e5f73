// After-market orders (AMO), as Kite takes them for F&O: an order placed while the exchange is closed is
// held by the broker and sent to the exchange at the next open, instead of being refused. Kite takes F&O
// AMOs (and their changes) from 15 minutes after the close (15:55 IST since NSE's 15:40 close of 3 August
// 2026) until 5 minutes before the next open, at any hour on weekends and holidays (Zerodha support, "What is
// an After Market Order (AMO)?"); between the close and then, and in the open's last 5 minutes, it takes none.
import type { SessionState } from '../market/exchange-session.ts';
import { istClock, istDate } from '../market/ist.ts';
import { said, type Said } from '../texts/said.ts';

/** Kite starts taking F&O AMOs this long after the close … */
export const amoOpensAfterCloseMs = 15 * 60 * 1000;
/** … and stops this long before the open. */
export const amoClosesBeforeOpenMs = 5 * 60 * 1000;

/** The window in minutes, as the refusal of a change outside it names it. */
export const amoWindowMinutes = { afterCloseMinutes: amoOpensAfterCloseMs / 60_000, beforeOpenMinutes: amoClosesBeforeOpenMs / 60_000 };

/** Kite's status for an AMO the broker holds until the open. */
export const amoPendingStatus = 'AMO REQ RECEIVED';

/**
 * When a closed market's order would go to the exchange as an AMO, or why it cannot be placed now. Null
 * `nextOpen` (no session known ahead) refuses as a closed market always did.
 */
export function afterMarketPlacement(session: SessionState, now: Date): { releaseAt: Date } | { refusal: Said } {
  if (session.betweenSessions === true && session.nextOpen !== null) {
    const params = { open_time: istClock(session.nextOpen) };
    const text = `The market is shut between the day's two sessions. Orders are taken again from ${params.open_time} IST.`;
    return { refusal: said('order.between_sessions', params, text) };
  }
  if (session.nextOpen === null) {
    return {
      refusal: said(
        'order.amo_no_session',
        {},
        'Markets are closed. No next session is known to hold an after-market order for: orders are accepted during the exchange\'s session on trading days.',
      ),
    };
  }
  const opensAt = session.nextOpen;
  if (session.closedAt !== null && now.getTime() < session.closedAt.getTime() + amoOpensAfterCloseMs) {
    const from = new Date(session.closedAt.getTime() + amoOpensAfterCloseMs);
    const params = { from: istClock(from), open_time: istClock(opensAt), open_day: istDate(opensAt) };
    const text = `Markets are closed. After-market orders for F&O are taken from ${params.from} IST; place it then, and it goes to the exchange at the next open (${params.open_time} IST on ${params.open_day}).`;
    return { refusal: said('order.amo_not_yet', params, text) };
  }
  if (now.getTime() >= opensAt.getTime() - amoClosesBeforeOpenMs) {
    const params = { open_time: istClock(opensAt), closed_time: istClock(new Date(opensAt.getTime() - amoClosesBeforeOpenMs)) };
    const text = `The market opens at ${params.open_time} IST: after-market orders closed at ${params.closed_time} IST. Place it from the open.`;
    return { refusal: said('order.amo_closed', params, text) };
  }
  return { releaseAt: opensAt };
}
