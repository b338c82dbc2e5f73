/**
 * What the market loop costs a server that nobody watches, and what a watched desk adds (CI time, issue 61 and 63):
 * the CPU of each pass of the loop (market-loop.ts: the tick stored, the streams told, the minute's trading, then
 * after-market-tick.ts: fills, the recorder, bots, syncs, live feeds, notices, analytics), step by step, over
 * simulated minutes at one pass a second. Every server of the browser suite runs this loop for the whole run.
 *
 *   npm run bench -- market-pass                                 2 minutes, no desk and one desk, samples every 5 s
 *   npm run bench -- market-pass --sample-ms 5000,30000          the recorder's sampling (MARKET_RECORDING_SAMPLE_MS)
 *   npm run bench -- market-pass --desks 0,1,4 --minutes 3
 *
 * A desk is what a stream quotes each tick: the five indices and NIFTY's nearest expiry's 21 strikes nearest the
 * money, calls and puts (47 instruments, as the phone desk streams; price-fanout.bench.ts). Each configuration on a
 * server of its own (PGlite in this process unless TEST_BACKENDS=postgres with TEST_DATABASE_URL: then the
 * database's CPU is PostgreSQL's, not counted here), its clock moved one second a pass from Friday 20 November 2026,
 * 11:00 IST, demo mode (the browser suite's market). CPU is this process's (process.cpuUsage), so it does not
 * depend on what else the machine runs the way wall time does. A benchmark, not a test: it prints a table.
 */
import { parseArgs } from 'node:util';
import { servicesDecorator } from '../../server/app.ts';
import { afterMarketTick } from '../../server/services/after-market-tick.ts';
import { startMarketLoop } from '../../server/services/market/market-loop.ts';
import type { Services } from '../../server/services/services.ts';
import type { TestBackend } from '../server/support/test-database.ts';
import { manualClock, startTestServer } from '../server/support/test-server.ts';
import { table } from './support/stats.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '2' },
    desks: { type: 'string', default: '0,1' },
    'sample-ms': { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '1' },
  },
});
const minutes = Number(values.minutes);
const deskCounts = values.desks.split(',').map(Number);
const sampleEvery = values['sample-ms'].split(',').map(Number);
const rounds = Number(values.rounds);
const backend: TestBackend = process.env.TEST_BACKENDS?.trim() === 'postgres' ? 'postgres' : 'pglite';
const start = new Date('2026-11-20T05:30:00Z');

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** Wraps `target[name]` (an async step of the pass) so its CPU adds to `spent[label]`. */
function timed<T extends object>(target: T | null, name: keyof T, label: string, spent: Map<string, number>) {
  if (target === null) return;
  const step = target[name] as (...args: unknown[]) => Promise<unknown>;
  (target[name] as unknown) = async (...args: unknown[]) => {
    const before = cpuMs();
    try {
      return await step.apply(target, args);
    } finally {
      spent.set(label, (spent.get(label) ?? 0) + cpuMs() - before);
    }
  };
}

async function run(desks: number, sampleMs: number) {
  const clock = manualClock(start);
  const server = await startTestServer({ backend, clock, market: { seed: 'market-pass-bench', demo: true, tickMs: 1000, recordingSampleMs: sampleMs } });
  try {
    const services = server.app.getDecorator<Services>(servicesDecorator);
    const { market } = services;
    const spent = new Map<string, number>();
    timed(market, 'tick', 'tick', spent);
    timed(market, 'trade', "minute's trading", spent);
    timed(services.paperTrading, 'onTick', 'paper fills', spent);
    timed(services.marketRecorder, 'pass', 'recorder (simulated)', spent);
    timed(services.liveRecorder, 'pass', 'recorder (live feeds)', spent);
    timed(services.analytics, 'afterTick', 'analytics', spent);
    timed(services.botEngine, 'tick', 'bots', spent);
    timed(services.streamNotices, 'pass', 'stream notices', spent);
    // A desk's quotes at each tick, as its stream asks them (a quote is computed once a tick whoever asks).
    const expiry = (await market.expiries('NIFTY', clock.now())).expiries[0]!.date;
    const rows = (await market.instruments('NIFTY', expiry, clock.now())).instruments;
    const spot = (await market.states()).get('NIFTY')!.spotPaise / 100;
    const strikes = [...new Set(rows.map((row) => row.strike))].sort((a, b) => Math.abs(a - spot) - Math.abs(b - spot)).slice(0, 21);
    const deskKeys = [
      ...[...(await market.states()).keys()].map((name) => `INDEX:${name}`),
      ...rows.filter((row) => strikes.includes(row.strike)).map((row) => row.instrument),
    ];
    for (let desk = 0; desk < desks; desk += 1) {
      services.marketFeed.subscribe(async () => {
        const before = cpuMs();
        await market.quotes(deskKeys);
        spent.set('desks’ quotes', (spent.get('desks’ quotes') ?? 0) + cpuMs() - before);
      });
    }
    const loop = startMarketLoop({ market, feed: services.marketFeed, afterTick: afterMarketTick(services, { warn: () => undefined }), onError: () => undefined });
    // Warm: the first minute (the recorder's watched contracts listed, the code compiled) is not counted.
    for (let second = 0; second < 60; second += 1) {
      clock.advance(1000);
      await loop.pass();
    }
    spent.clear();
    const before = cpuMs();
    const passes = minutes * 60;
    for (let second = 0; second < passes; second += 1) {
      clock.advance(1000);
      await loop.pass();
    }
    const total = cpuMs() - before;
    await loop.stop();
    return { total: total / passes, steps: new Map([...spent].map(([label, ms]) => [label, ms / passes])), keys: deskKeys.length };
  } finally {
    await server.close();
  }
}

const results: Array<{ desks: number; sampleMs: number; total: number[]; steps: Map<string, number[]> }> = [];
for (let round = 0; round < rounds; round += 1) {
  for (const sampleMs of sampleEvery) {
    for (const desks of deskCounts) {
      const { total, steps } = await run(desks, sampleMs);
      let result = results.find((r) => r.desks === desks && r.sampleMs === sampleMs);
      if (result === undefined) results.push((result = { desks, sampleMs, total: [], steps: new Map() }));
      result.total.push(total);
      for (const [label, ms] of steps) result.steps.set(label, [...(result.steps.get(label) ?? []), ms]);
    }
  }
}

const ms = (values: number[]) => values.map((value) => value.toFixed(1)).join(' / ');
const labels = [...new Set(results.flatMap((result) => [...result.steps.keys()]))];
console.log(`\nThe market loop's CPU a pass (one a second), ${backend}, ${minutes} min after a minute's warm-up, ms (rounds separated by /)\n`);
console.log(
  table(
    ['step', ...results.map((r) => `${r.desks} desk${r.desks === 1 ? '' : 's'}, samples ${r.sampleMs / 1000} s`)],
    [['whole pass', ...results.map((r) => ms(r.total))], ...labels.map((label) => [label, ...results.map((r) => ms(r.steps.get(label) ?? [0]))])],
  ),
);
