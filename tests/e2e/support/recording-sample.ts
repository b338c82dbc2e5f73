/**
 * How often the browser suite's shared server (start-server.ts) prices what its market recorder records: every 30 s
 * of a minute (its first pass and half-way) instead of the product's every 5 s. The clocked servers keep 5 s:
 * demo-evening-charts replays the day its own server recorded, and beside an A/B of that spec (1 December, load 12–
 * 44) the replay's trade button came late once at 30 s and never at 5 s; too few runs to tell, so not changed there.
 *
 * Why: the recorder prices every contract of two expiries of each history index at each sample (2,012 keys on
 * 20 November 2026), whether or not a page shows them, and those quotes were the largest step of an idle server's
 * market pass: 39 of 71 ms of CPU a second on PostgreSQL, 9 of 41 at 30 s (tests/bench/market-pass.bench.ts). The
 * shared server runs that loop for the whole suite (docs/testing.md, CI time, session 77). Two samples
 * still give each recorded minute an open, a close of its own, its volume and open interest, which is what the
 * suite's charts, replays and alerts read; no spec reads a minute's high or low between samples. A run may still ask
 * for another pace (MARKET_RECORDING_SAMPLE_MS in its environment).
 */
export function e2eRecordingEnv(): { MARKET_RECORDING_SAMPLE_MS: string } {
  return { MARKET_RECORDING_SAMPLE_MS: process.env.MARKET_RECORDING_SAMPLE_MS ?? '30000' };
}
