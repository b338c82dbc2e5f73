// A day of the demo market's minutes alone, as the charts read it (issue 62). In demo mode the simulator trades
// and is recorded at any hour (market-recorder.ts), so such a day's minutes may all lie outside NSE's session: a
// chart of it reads from its first recorded minute to midnight IST rather than 09:15-15:40, which would leave
// today's demo evening an empty chart while the header says the market is open. A day that holds real minutes is
// read in its session and without the simulator's (each chart read drops them): a real day is never mixed with a
// simulated one.

/** NSE's first minute (09:15) as minutes after midnight IST: a demo day's buckets are aligned on it as a real day's. */
const sessionOpenMinute = 9 * 60 + 15;

/** Minutes after midnight IST at which a day ends (its last minute is 23:59). */
export const dayEndMinute = 24 * 60;

/**
 * The span, in IST minutes of the day, a chart of a demo day reads: from the start of the `interval`-minute bucket
 * holding `firstMinute` (buckets aligned on 09:15, before or after it) to midnight.
 */
export function demoDaySpan(firstMinute: number, interval = 1): { open: number; close: number } {
  return { open: sessionOpenMinute + Math.floor((firstMinute - sessionOpenMinute) / interval) * interval, close: dayEndMinute };
}
