/**
 * Live prices to many traders: how long a tick takes to reach 30 and 300 open price streams, and what it costs
 * the server, on the embedded PGlite and (given a URL) on PostgreSQL.
 *
 *   npm run bench -- price-fanout                                    30 and 300 streams, 60 ticks, PGlite
 *   npm run bench -- price-fanout --database-url postgres://…        and PostgreSQL too
 *   npm run bench -- price-fanout --before main --rounds 2           beside main's code, alternating
 *   npm run bench -- price-fanout --streams 300 --from poll          the clock from the feed's poll
 *   npm run bench -- price-fanout --crowds same --ticks 20           only N desks on one chain (one,same,spread)
 *   npm run bench -- price-fanout --database-url … --follower        the streams on a second instance
 *
 * Three crowds of desks (a desk streams the five indices and one expiry's 21 strikes nearest the money,
 * calls and puts: 47 instruments, as the phone desk does): one desk; N desks on NIFTY's nearest expiry;
 * N desks spread over every index and expiry listed. The readers run in their own process (support/stream-readers.ts: gzip, the compact encoding, as the PWA asks),
 * so the server's process serves only the server. The server holds the demo desk (`npm start`'s: a paper
 * account with positions and trades) and its clock moves one second a tick, so the ticks cross minutes.
 *
 * `--from tick` (the default) measures what a trader sees: each tick is one pass of the server's market loop
 * (market-loop.ts with after-market-tick.ts: the tick stored, the streams told, the fills, recorder, bots,
 * syncs and analytics), the clock starting as the pass starts and stopping as each stream's delta for that
 * tick is read. `--from poll` stores the tick first and starts the clock at the market feed's poll (the
 * fan-out alone, as issue 37 measured it). Server CPU is this process's over the same span.
 *
 * `--before <git ref or folder>` measures the code before a change in the same run, alternating rounds (the
 * machine is shared and noisy: only figures from one run compare). A git ref is archived beside this
 * checkout's node_modules (support/code-before.ts); a folder needs node_modules (a symbolic link will do).
 * `--follower` (PostgreSQL only) opens the streams on a second instance on the same database, running its own
 * market loop on its timer (a second a tick, its clock 400 ms behind so it never leads): how long a tick made
 * by another instance takes to reach this one's desks (issue 61: its next pass, up to a tick, before it
 * listened for the tick's notice). The clock still starts as the leader's pass starts.
 *
 * A benchmark, not a test: it prints a table and passes nothing.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../server/services/services.ts';
import { codeBefore } from './support/code-before.ts';
import type { Arrivals, ReaderJob, ReaderMessage } from './support/stream-readers.ts';
import { median, table } from './support/stats.ts';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '30,300' },
    ticks: { type: 'string', default: '60' },
    from: { type: 'string', default: 'tick' },
    crowds: { type: 'string', default: 'one,same,spread' },
    rounds: { type: 'string', default: '1' },
    before: { type: 'string', default: '' },
    follower: { type: 'boolean', default: false },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? '' },
  },
});
const streamCounts = values.streams.split(',').map(Number);
const tickCount = Number(values.ticks);
const from = values.from;
if (from !== 'tick' && from !== 'poll') throw new Error('--from takes tick (a pass of the market loop) or poll (the feed alone)');
if (streamCounts.some((count) => !Number.isInteger(count) || count < 1)) throw new Error('--streams takes whole numbers of streams, comma-separated');
const rounds = Number(values.rounds);
if (values.follower && values['database-url'] === '') throw new Error('--follower needs --database-url: instances share a PostgreSQL');
const streamsPerUser = 4;
const indices = ['NSE:NIFTY 50', 'NSE:NIFTY BANK', 'NSE:NIFTY FIN SERVICE', 'NSE:NIFTY MID SELECT', 'BSE:SENSEX'];

type Crowd = 'one' | 'same' | 'spread';
type Index = 'NIFTY' | 'BANKNIFTY' | 'FINNIFTY' | 'MIDCPNIFTY' | 'SENSEX';
type Figures = { latencies: number[]; cpuMsPerTick: number; missing: number; streams: number; lists: number; instruments: number };
type ServerModule = { buildServer: (options: Record<string, unknown>) => Promise<FastifyInstance>; servicesDecorator: string };
type Pass = () => Promise<void>;
type LoopModule = { startMarketLoop: (options: Record<string, unknown>) => { pass: Pass; stop: () => Promise<void> } };
type AfterTickModule = { afterMarketTick: (services: Services, log: { warn: () => void }) => (ticked: boolean) => Promise<void> };

/** One pass of the market loop of the checkout at `root`, its timer never firing (the bench drives it). */
async function marketLoopOf(root: string, services: Services): Promise<{ pass: Pass; stop: () => Promise<void> }> {
  const { startMarketLoop } = (await import(pathToFileURL(join(root, 'server', 'services', 'market', 'market-loop.ts')).href)) as LoopModule;
  const { afterMarketTick } = (await import(pathToFileURL(join(root, 'server', 'services', 'after-market-tick.ts')).href)) as AfterTickModule;
  const market = Object.assign(Object.create(services.market) as Services['market'], { tickMs: 2 ** 30 });
  return startMarketLoop({ market, feed: services.marketFeed, afterTick: afterMarketTick(services, { warn: () => undefined }), onError: () => undefined });
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** An index's expiry as a desk shows it: the index, its chain's 21 strikes nearest the money (calls and puts). */
async function deskOf(services: Services, index: Index, expiry: string): Promise<string[]> {
  const { market } = services;
  const chain = await market.instruments(index, expiry);
  const spot = (await market.quotes([chain.underlying]))[chain.underlying]?.last_price ?? 0;
  const strikes = [...new Set(chain.instruments.map((item) => item.strike))].sort((a, b) => Math.abs(a - spot) - Math.abs(b - spot)).slice(0, 21);
  return [...indices, ...chain.instruments.filter((item) => strikes.includes(item.strike)).map((item) => item.instrument)].sort();
}

/**
 * Each stream's instruments: one desk; 300 desks on NIFTY's nearest expiry (the phone desk's 47 instruments);
 * or 300 desks spread over every index and expiry listed (each a desk of one of them).
 */
async function instrumentLists(services: Services, crowd: Crowd, streamCount: number): Promise<string[][]> {
  const { market } = services;
  if (crowd !== 'spread') {
    const desk = await deskOf(services, 'NIFTY', (await market.expiries('NIFTY')).expiries[0]!.date);
    return Array.from({ length: crowd === 'one' ? 1 : streamCount }, () => desk);
  }
  const desks: string[][] = [];
  for (const index of ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX'] as const) {
    for (const { date } of (await market.expiries(index)).expiries) desks.push(await deskOf(services, index, date));
  }
  return Array.from({ length: streamCount }, (_, i) => desks[i % desks.length]!);
}

async function signIn(app: FastifyInstance, i: number): Promise<string> {
  const remoteAddress = `10.2.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  const email = `fanout${i}-${randomUUID().slice(0, 8)}@example.in`;
  const password = 'bench-password-1';
  await app.inject({ method: 'POST', url: '/api/authenticate/register/', remoteAddress, payload: { email, password, name: 'Bench', mobile: '+919876543210' } });
  const login = await app.inject({ method: 'POST', url: '/api/authenticate/login/', remoteAddress, payload: { email, password } });
  return login.json<{ token: string }>().token;
}

/** One measurement: a server of the checkout at `root`, `streamCount` streams of one crowd, `tickCount` ticks. */
async function measure(root: string, crowd: Crowd, streamCount: number, databaseUrl: string | undefined): Promise<Figures> {
  const { buildServer, servicesDecorator } = (await import(pathToFileURL(join(root, 'server', 'app.ts')).href)) as ServerModule;
  const dataDir = mkdtempSync(join(tmpdir(), 'strikedesk-fanout-bench-'));
  // The server's clock: a second a tick, from the wall clock (or the stored market's last tick, if later).
  let now = Date.now();
  const clock = () => new Date(now);
  const app = await buildServer({ distDir: join(dataDir, 'dist'), dataDir, databaseUrl, clock, demoDesk: true, scryptCost: { N: 2 ** 10, r: 8, p: 1 } });
  // A second instance on the same database, its own loop on its timer, its clock behind so it never leads.
  const followerDir = join(dataDir, 'follower');
  const follower = values.follower
    ? await buildServer({ distDir: join(dataDir, 'dist'), dataDir: followerDir, databaseUrl, clock: () => new Date(now - 400), tickOnTimer: true, scryptCost: { N: 2 ** 10, r: 8, p: 1 } })
    : null;
  const readers = fork(join(import.meta.dirname, 'support', 'stream-readers.ts'), { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const services = app.getDecorator<Services>(servicesDecorator);
    const { market, marketFeed } = services;
    const loop = from === 'tick' ? await marketLoopOf(root, services) : null;
    // A stored market may be ahead of the wall clock (a PostgreSQL run before this one): tick after it.
    now = Math.max(now, ...[...(await market.states()).values()].map((state) => state.tickedAtMs)) + 1000;
    // The first pass prunes old candles and learns the status: not measured.
    if (loop === null) {
      await market.tick(new Date(now));
      await marketFeed.poll(new Date(now));
    } else await loop.pass();
    const lists = await instrumentLists(services, crowd, streamCount);
    const tokens: string[] = [];
    for (let i = 0; i < Math.ceil(streamCount / streamsPerUser); i += 1) tokens.push(await signIn(app, i));
    const streamed = follower ?? app;
    await streamed.listen({ port: 0, host: '127.0.0.1' });
    const { port } = streamed.server.address() as AddressInfo;

    const waiting = new Map<string, (message: ReaderMessage) => void>();
    readers.on('message', (message: ReaderMessage) => {
      const key = message.type === 'complete' ? `complete ${message.id}` : message.type;
      waiting.get(key)?.(message);
      waiting.delete(key);
    });
    const next = (key: string, timeoutMs: number) =>
      new Promise<ReaderMessage | null>((resolve) => {
        waiting.set(key, resolve);
        setTimeout(() => resolve(null), timeoutMs).unref();
      });
    const ready = next('ready', 120_000);
    const job: ReaderJob = { type: 'open', url: `http://127.0.0.1:${port}/api/market/stream/`, streams: lists.map((instruments, i) => ({ token: tokens[Math.floor(i / streamsPerUser)]!, instruments })) };
    readers.send(job);
    if ((await ready) === null) throw new Error('the streams did not all open within 120 s');

    const started = new Map<number, number>();
    let cpu = 0;
    for (let i = 0; i < tickCount; i += 1) {
      now += 1000;
      // Every index is open in the demo market: a tick moves each one's sequence by one.
      const seq = 1 + Math.max(...[...(await market.states()).values()].map((state) => state.seq));
      if (loop === null) await market.tick(new Date(now));
      const complete = next(`complete ${seq}`, 10_000);
      const before = process.cpuUsage();
      started.set(seq, performance.timeOrigin + performance.now());
      // The whole pass ends before the next starts, as the server's timer does it.
      await Promise.all([complete, loop === null ? marketFeed.poll(new Date(now)) : loop.pass()]);
      const used = process.cpuUsage(before);
      cpu += (used.user + used.system) / 1000;
    }
    await loop?.stop();
    // 300 readers on a loaded machine take a while to gather theirs.
    const report = next('arrivals', 120_000);
    readers.send({ type: 'report' });
    const { arrivals } = (await report) as { arrivals: Arrivals };
    const latencies = arrivals.flatMap((stream) => stream.flatMap(([id, at]) => (started.has(id) ? [at - started.get(id)!] : [])));
    return {
      latencies,
      cpuMsPerTick: cpu / tickCount,
      missing: lists.length * tickCount - latencies.length,
      streams: lists.length,
      lists: new Set(lists.map((list) => list.join())).size,
      instruments: new Set(lists.flat()).size,
    };
  } finally {
    readers.kill();
    await follower?.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const variants: [string, string][] = [['now', resolve(import.meta.dirname, '..', '..')]];
  const archived = values.before === '' || existsSync(values.before) ? null : codeBefore(values.before);
  if (archived !== null) variants.unshift([archived.name, archived.root]);
  else if (values.before !== '') variants.unshift(['before', resolve(values.before)]);
  const backends: [string, string | undefined][] = values.follower ? [] : [['PGlite', undefined]];
  if (values['database-url'] !== '') backends.push(['PostgreSQL', values['database-url']]);
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const rows: string[][] = [];
  const crowds = values.crowds.split(',');
  const cases = [
    ...(crowds.includes('one') ? [{ crowd: 'one' as const, streams: 1 }] : []),
    ...streamCounts.flatMap((streams) => (['same', 'spread'] as const).filter((crowd) => crowds.includes(crowd)).map((crowd) => ({ crowd, streams }))),
  ];
  for (const [backend, url] of backends) {
    for (const { crowd, streams: streamCount } of cases) {
      const results = new Map<string, Figures[]>(variants.map(([name]) => [name, []]));
      // Alternating (the other order every other round), so a drift of the machine's speed falls on both alike.
      for (let round = 0; round < rounds; round += 1) {
        for (const [name, root] of round % 2 === 0 ? variants : [...variants].reverse()) results.get(name)!.push(await measure(root, crowd, streamCount, url));
      }
      for (const [name] of variants) {
        const figures = results.get(name)!;
        const latencies = figures.flatMap((figure) => figure.latencies);
        const { streams, lists, instruments } = figures[0]!;
        rows.push([
          backend,
          `${streams} (${lists} ${lists === 1 ? 'list' : 'lists'}, ${instruments} instruments)`,
          name,
          ms(percentile(latencies, 50)),
          ms(percentile(latencies, 99)),
          ms(median(figures.map((figure) => figure.cpuMsPerTick))),
          String(figures.reduce((sum, figure) => sum + figure.missing, 0)),
        ]);
      }
    }
  }
  archived?.remove();
  const clockFrom = from === 'tick' ? 'the clock from the start of a market-loop pass' : "the clock from the feed's poll";
  const where = values.follower ? ', the streams on a second instance (not the leader)' : '';
  console.log(`\nA tick to the price streams: ${tickCount} ticks × ${rounds} round(s) each, ${clockFrom}${where}, readers in their own process\n`);
  console.log(table(['database', 'streams (distinct)', 'code', 'tick to arrival p50', 'p99', 'server CPU a tick', 'deltas missing'], rows));
  if (values['database-url'] === '') console.log('\nPostgreSQL not measured: pass --database-url (or BENCH_DATABASE_URL).');
}

await main();
