/**
 * The market benchmark: how fast the reference server moves the simulated market and fans its ticks out.
 *
 *   npm run bench -- market-server               20 ticks, 5,000 instruments, 200 subscribers
 *   npm run bench -- market-server --ticks 50
 *
 * One process on 127.0.0.1 (the server on an embedded PGlite in a throw-away folder, and the subscribers
 * reading their streams with fetch), so the fan-out figure includes the clients' own work on the same core.
 * A benchmark, not a test: it prints a table and passes or fails nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildServer, servicesDecorator } from '../../server/app.ts';
import type { Services } from '../../server/services/services.ts';
import { spread, table } from './support/stats.ts';

const { values } = parseArgs({
  options: {
    ticks: { type: 'string', default: '20' },
    instruments: { type: 'string', default: '5000' },
    subscribers: { type: 'string', default: '200' },
  },
});
const ticks = Number(values.ticks);
const instrumentCount = Number(values.instruments);
const subscriberCount = Number(values.subscribers);
const streamsPerUser = 4;

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'strikedesk-market-bench-'));
  // No timer: the benchmark drives the ticks itself.
  const app = await buildServer({ distDir: join(dataDir, 'dist'), dataDir, scryptCost: { N: 2 ** 10, r: 8, p: 1 } });
  try {
    const services = app.getDecorator<Services>(servicesDecorator);
    const { market, marketFeed } = services;

    // Instruments: every listed option of every index and expiry, cycled to the count asked for.
    const keys: string[] = [];
    for (const index of ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX'] as const) {
      for (const expiry of (await market.expiries(index)).expiries) {
        for (const instrument of (await market.instruments(index, expiry.date)).instruments) keys.push(instrument.instrument);
      }
    }
    // Every listed contract is quoted afresh each tick (a quote is cached only within its tick).
    const distinct = keys.length;

    let now = Date.now();
    const tickTimes: number[] = [];
    const quoteTimes: number[] = [];
    for (let i = 0; i < ticks; i += 1) {
      now += 1000;
      const started = performance.now();
      await market.tick(new Date(now));
      const ticked = performance.now();
      await market.quotes(keys);
      tickTimes.push(ticked - started);
      quoteTimes.push(performance.now() - ticked);
    }

    // Fan-out: subscribers hold streams of 20 instruments each (the index and options), four per trader.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const tokens: string[] = [];
    for (let i = 0; i < Math.ceil(subscriberCount / streamsPerUser); i += 1) {
      const email = `bench${i}@example.in`;
      const password = 'bench-password-1';
      await fetch(`${base}/api/authenticate/register/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.${i}.1` },
        body: JSON.stringify({ email, password, name: 'Bench', mobile: '+919876543210' }),
      });
      const login = await fetch(`${base}/api/authenticate/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      tokens.push(((await login.json()) as { token: string }).token);
    }
    let pollStarted = 0;
    const latencies: number[] = [];
    let received = 0;
    const readers = await Promise.all(
      Array.from({ length: subscriberCount }, async (_, i) => {
        const instruments = ['NSE:NIFTY 50', ...keys.slice((i * 19) % distinct, ((i * 19) % distinct) + 19)];
        const res = await fetch(`${base}/api/market/stream/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[Math.floor(i / streamsPerUser)]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ instruments: [...new Set(instruments)] }),
        });
        if (res.status !== 200) throw new Error(`stream ${i} answered ${res.status}`);
        const reader = res.body!.getReader();
        const decoder = new TextDecoder();
        void (async () => {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            if (decoder.decode(value).includes('event: delta')) {
              latencies.push(performance.now() - pollStarted);
              received += 1;
            }
          }
        })();
        return reader;
      }),
    );
    for (let i = 0; i < Math.min(ticks, 10); i += 1) {
      now += 1000;
      await market.tick(new Date(now));
      const expected = received + subscriberCount;
      pollStarted = performance.now();
      await marketFeed.poll(new Date(now));
      const deadline = performance.now() + 10_000;
      while (received < expected && performance.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
    }
    for (const reader of readers) await reader.cancel();

    const tick = spread(tickTimes);
    const quote = spread(quoteTimes);
    const quotesPerSecond = (distinct / quote.median) * 1000;
    const perTickMs = tick.median + (instrumentCount / quotesPerSecond) * 1000;
    const fanout = spread(latencies);
    const p95 = [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length * 0.95)] ?? 0;
    console.log(`\nThe simulated market: ${ticks} ticks over ${distinct} listed contracts, ${subscriberCount} subscribers\n`);
    console.log(
      table(
        ['measure', 'median (min–max)'],
        [
          ['tick (5 indices moved and stored, leader lock, candles)', `${ms(tick.median)} (${ms(tick.min)}–${ms(tick.max)})`],
          [`quotes for all ${distinct} contracts (Black-76, IV, greeks)`, `${ms(quote.median)} (${ms(quote.min)}–${ms(quote.max)})`],
          ['quotes per second, one core', Math.round(quotesPerSecond).toLocaleString('en-IN')],
          [`ticks per second with ${instrumentCount} instruments quoted (tick + quotes at that rate)`, (1000 / perTickMs).toFixed(1)],
          [`tick to delivery, ${subscriberCount} streams (p95 ${ms(p95)})`, `${ms(fanout.median)} (${ms(fanout.min)}–${ms(fanout.max)})`],
          ['tick events delivered / expected', `${latencies.length} / ${Math.min(ticks, 10) * subscriberCount}`],
        ],
      ),
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
