import type { Database } from '../../../server/db/database.ts';

const minuteMs = 60_000;

/**
 * The simulator's minutes from `first` to `last` (each a minute's start, ms) recorded into market history by the
 * server's own market and recorder code on a stepped clock, as the server would have recorded them had it run then:
 * a pass a second before `first` (so the recorder sees `first` open and keeps it), two a minute (its open and
 * half-way), and one at the minute after `last`, which closes it. The market's ticks and the minutes are stored in
 * `db` (the server's database, migrated) before the server starts; it carries on from them. A test and benchmark
 * fixture: the product's recorder is unchanged (in demo mode it records at any hour, as the server does).
 */
export async function recordSimulatedMinutes(db: Database, first: number, last: number): Promise<void> {
  // Imported here: the server's modules read their settings from the environment the caller set up first.
  const { createMarketService } = await import('../../../server/services/market/market-service.ts');
  const { seedOf } = await import('../../../server/services/market/simulator.ts');
  const { parseMarketConfig } = await import('../../../server/config-market.ts');
  const { createMarketRecorder, simulatorRecording } = await import('../../../server/services/history/market-recorder.ts');
  const config = parseMarketConfig(process.env);
  let now = first - 1000;
  const clock = () => new Date(now);
  const market = createMarketService({ db, clock, seed: seedOf(config.seed), demo: config.demo, tickMs: config.tickMs });
  const recorder = createMarketRecorder({ db, clock, source: 'simulated', retentionDays: config.recordingDays ?? 30, ...simulatorRecording(market) });
  const passes = [first - 1000];
  for (let minute = first; minute <= last; minute += minuteMs) passes.push(minute, minute + minuteMs / 2);
  passes.push(last + minuteMs);
  for (const at of passes) {
    now = at;
    await market.tick(new Date(at));
    await recorder.pass(new Date(at));
  }
}
