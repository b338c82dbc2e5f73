// When an option contract stops trading: at the close of the regular session on its expiry day (expiries fall on
// regular sessions, never a special session's other hours: server/services/market/trading-calendar.ts). The close
// is a dated fact (NSE's F&O close moved from 15:30 to 15:40 IST on 3 August 2026), so it is passed in: the server
// reads it from its market_sessions table, the app from the expiry the server describes. One rule for both, so
// the two never judge the same instant differently.

/** The instant a contract expiring on `expiry` (YYYY-MM-DD) stops trading, at `close` (HH:MM IST), epoch milliseconds. */
export function expiryInstantMs(expiry: string, close: string): number {
  // IST is UTC+05:30 all year (no daylight saving).
  return Date.parse(`${expiry}T${close}:00+05:30`);
}

/** Whether the expiry is over at `nowMs`: from its day's close on. */
export function expiryOver(expiry: string, close: string, nowMs: number): boolean {
  return nowMs >= expiryInstantMs(expiry, close);
}
