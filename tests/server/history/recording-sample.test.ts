// MARKET_RECORDING_SAMPLE_MS (config-market.ts) reaches the server's market recorder: a server set to 30 s prices
// the contracts it records twice a minute (a minute's first pass and half-way) rather than every 5 s, and still
// records each minute whole. The browser suite's shared server runs at 30 s (tests/e2e/support/recording-sample.ts):
// the recorder's quotes were the largest step of an idle server's market pass (docs/testing.md, CI time, session 77).
import { describe, expect, it } from 'vitest';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer } from '../support/test-server.ts';

const minuteMs = 60_000;
/** 11:00 IST on Friday 20 November 2026 (the demo market is open at any hour anyway). */
const start = new Date('2026-11-20T05:30:00Z');

describe.each(testBackends)('the recorder samples at the configured pace on %s', (backend) => {
  /** A pass every 5 s from 10:59:55 to 11:01:00 (the minute 11:00 closed by its last); the recorder's samples and minutes. */
  async function recordAMinute(recordingSampleMs: number) {
    const clock = manualClock(new Date(start.getTime() - 5000));
    const server = await startTestServer({ backend, clock, market: { seed: 'recording-sample', demo: true, tickMs: 1000, recordingSampleMs } });
    try {
      const services = server.app.getDecorator<Services>(servicesDecorator);
      const { market } = services;
      // A sample quotes every recorded contract (hundreds of keys), in slices of `quotesPerSlice` (market-recorder.ts):
      // the keys a recorder pass quotes are counted together, one sample a pass.
      const quotes = market.quotes;
      let quotedThisPass = 0;
      market.quotes = async (keys, ...rest) => {
        quotedThisPass += keys.length;
        return quotes(keys, ...rest);
      };
      const samples: number[] = [];
      for (let at = start.getTime() - 5000; at <= start.getTime() + minuteMs; at += 5000) {
        clock.advance(at - clock.now().getTime());
        await market.tick(clock.now());
        quotedThisPass = 0;
        await services.marketRecorder!.pass(clock.now());
        if (quotedThisPass > 100) samples.push(quotedThisPass);
      }
      const { rows } = await server.db.query<{ minute: Date; open: string; close: string }>(
        `SELECT minute, open_paise AS open, close_paise AS close FROM history_index_minutes WHERE index_name = 'NIFTY' ORDER BY minute`,
      );
      return { samples, minutes: rows };
    } finally {
      await server.close();
    }
  }

  it('every 30 s when set to 30 s: two samples a minute instead of twelve, of every recorded contract, and the minute whole', { timeout: 120_000 }, async () => {
    const { samples, minutes } = await recordAMinute(30_000);
    // 10:59:55, then 11:00:00 and 11:00:30, and 11:01:00; at the default 5 s every pass would sample (14:
    // market-recorder.test.ts counts those).
    expect(samples).toHaveLength(4);
    expect(new Set(samples).size).toBe(1);
    expect(minutes.map((row) => row.minute.getTime())).toEqual([start.getTime()]);
    // An open and a close of its own: NIFTY at 11:00:00 and at 11:00:30.
    expect(minutes[0]!.open).not.toBe(minutes[0]!.close);
  });
});
