// When an option contract stops trading: 15:30 IST on its expiry day (expiries fall on regular sessions, never a
// special session's other hours: server/services/market/trading-calendar.ts). One rule for the server (the
// simulator's pricing, the paper broker's contracts, the alerts it refuses on an expiry that is over) and the app
// (the alert buttons it disables on one), so the two never judge the same instant differently.

/** The instant a contract expiring on `expiry` (YYYY-MM-DD) stops trading: 15:30 IST that day, epoch milliseconds. */
export function expiryInstantMs(expiry: string): number {
  // IST is UTC+05:30 all year (no daylight saving).
  return Date.parse(`${expiry}T15:30:00+05:30`);
}

/** Whether the expiry is over at `nowMs`: from 15:30 IST of its day on. */
export function expiryOver(expiry: string, nowMs: number): boolean {
  return nowMs >= expiryInstantMs(expiry);
}
