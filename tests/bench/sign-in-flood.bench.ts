/**
 * The sign-in flood benchmark (issue 21): how long a trader's sign-in takes while strangers flood the
 * server with failed sign-ins from many addresses, on the embedded PGlite and (given a URL) PostgreSQL.
 *
 *   npm run bench -- sign-in-flood                                  PGlite, a 30 s flood
 *   npm run bench -- sign-in-flood --database-url postgres://…      and PostgreSQL too
 *   npm run bench -- sign-in-flood --seconds 20 --concurrency 32
 *
 * The server hashes passwords at the real OWASP cost, two at a time (the default). The flood comes from
 * a load generator in its own process: `--concurrency` failed sign-ins in flight, each from its own
 * loopback source address (127.0.0.0/8 is all local on Linux), rotating over `--networks` /24s. Two
 * floods run one after the other: made-up emails only (the attack issue 21 measured), then one guess in
 * five a wrong password at one of 40 real accounts (an attacker who knows some emails: those guesses
 * cost real hashes). Meanwhile the trader signs in every 500 ms from a second process, from a device that
 * signed in before (its device cookie) and, side by side, from a new one, retrying after 429 or 503 as
 * Retry-After says; a sign-in is timed from its first try to its 200, and given up after 30 s. Bounded:
 * loopback only, at most `--max-requests` guesses a flood. A benchmark, not a test: it prints a table
 * and passes or fails nothing.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../server/app.ts';
import type { FloodJob, FloodResult, ProbeJob, ProbeResult, SignInSample } from './support/sign-in-load.ts';
import { table } from './support/stats.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    concurrency: { type: 'string', default: '128' },
    networks: { type: 'string', default: '1000' },
    'max-requests': { type: 'string', default: '50000' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? '' },
  },
});
const seconds = Number(values.seconds);
const decoys = 40;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Runs one of support/sign-in-load.ts's jobs in a process of its own. */
async function client<T>(job: FloodJob | ProbeJob): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'support', 'sign-in-load.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(job));
  const [output, code] = await Promise.all([text(child.stdout), new Promise<number | null>((resolve) => child.on('close', resolve))]);
  if (code !== 0) throw new Error(`The ${job.role} client stopped with code ${code}`);
  return JSON.parse(output) as T;
}

let registrations = 0;

/** Registers through the real endpoint, each from an address of its own (198.18.0.0/15 is for benchmarks). */
async function registered(app: FastifyInstance, email: string, password: string): Promise<void> {
  registrations += 1;
  const remoteAddress = `198.${18 + (registrations >> 16)}.${(registrations >> 8) & 255}.${registrations & 255}`;
  const res = await app.inject({ method: 'POST', url: '/api/authenticate/register/', remoteAddress, payload: { email, password, name: 'Bench', mobile: '+919876543210' } });
  if (res.statusCode !== 201) throw new Error(`registration answered ${res.statusCode} ${res.body}`);
}

type Flood = { name: string; realShare: number };
type Run = Flood & { flood: FloodResult; probes: ProbeResult };

const floods: Flood[] = [
  { name: 'made-up emails', realShare: 0 },
  { name: '1 in 5 at real accounts', realShare: 0.2 },
];

async function run(databaseUrl: string | undefined): Promise<Run[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'strikedesk-sign-in-bench-'));
  const app = await buildServer({ distDir: join(dataDir, 'dist'), dataDir, databaseUrl });
  try {
    const stamp = randomUUID().slice(0, 8);
    const trader = { email: `trader-${stamp}@example.in`, password: 'Iron-Condor-Weekly-2026' };
    await registered(app, trader.email, trader.password);
    const realEmails: string[] = [];
    for (let i = 0; i < decoys; i++) {
      realEmails.push(`decoy-${i}-${stamp}@example.in`);
      await registered(app, realEmails[i]!, `Decoy-Password-${i}-Strangle`);
    }
    const first = await app.inject({ method: 'POST', url: '/api/authenticate/login/', remoteAddress: '127.0.0.1', payload: trader });
    const cookie = String(first.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/authenticate/login/`;
    const runs: Run[] = [];
    for (const { name, realShare } of floods) {
      const flooding = client<FloodResult>({
        role: 'flood',
        url,
        concurrency: Number(values.concurrency),
        seconds,
        maxRequests: Number(values['max-requests']),
        networks: Number(values.networks),
        tag: randomUUID().slice(0, 8),
        realEmails: realShare > 0 ? realEmails : [],
        realShare,
      });
      // The trader starts once the flood is under way and stops before it ends.
      const probing = client<ProbeResult>({ role: 'probe', url, seconds: seconds - 4, startAfterMs: 2000, intervalMs: 500, giveUpMs: 30_000, ...trader, cookie });
      const [flood, probes] = await Promise.all([flooding, probing]);
      runs.push({ name, realShare, flood, probes });
    }
    return runs;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function row(backend: string, flood: string, device: string, samples: SignInSample[]): string[] {
  const done = samples.filter((sample) => sample.signedIn);
  const sorted = done.map((sample) => sample.ms).sort((a, b) => a - b);
  const ms = (value: number) => (Number.isNaN(value) ? '–' : value < 1000 ? `${value.toFixed(0)} ms` : `${(value / 1000).toFixed(2)} s`);
  const tries = done.map((sample) => sample.tries);
  return [backend, flood, device, `${done.length} of ${samples.length}`, ms(percentile(sorted, 50)), ms(percentile(sorted, 99)), ms(sorted.at(-1) ?? Number.NaN), String(Math.max(0, ...tries))];
}

async function main(): Promise<void> {
  const backends: Array<[string, string | undefined]> = [['PGlite', undefined]];
  const databaseUrl = values['database-url'];
  if (databaseUrl !== '') backends.push(['PostgreSQL', databaseUrl]);
  const rows: string[][] = [];
  const floodLines: string[] = [];
  for (const [backend, url] of backends) {
    for (const result of await run(url)) {
      rows.push(row(backend, result.name, 'known device', result.probes.known), row(backend, result.name, 'new device', result.probes.fresh));
      const tally = (counts: Record<string, number>) => Object.entries(counts).map(([status, count]) => `${count} × ${status}`).join(', ');
      const real = Object.keys(result.flood.statuses.real).length === 0 ? '' : `; at real accounts ${tally(result.flood.statuses.real)}`;
      const statuses = `made-up emails ${tally(result.flood.statuses['made-up'])}${real}`;
      const rate = (result.flood.sent / result.flood.seconds).toFixed(0);
      floodLines.push(`${backend}, ${result.name}: ${result.flood.sent} guesses in ${result.flood.seconds.toFixed(1)} s (${rate}/s): ${statuses}`);
    }
  }
  console.log(table(['database', 'flood', 'trader signs in from', 'signed in', 'p50', 'p99', 'worst', 'most tries'], rows));
  console.log(`\nThe floods (${values.concurrency} in flight, from ${values.networks} /24s; real accounts: ${decoys}):\n${floodLines.join('\n')}`);
  console.log('Goal: a legitimate sign-in completes in under 2 s at the 99th percentile.');
  if (databaseUrl === '') console.log('PostgreSQL not measured: pass --database-url (or BENCH_DATABASE_URL).');
}

await main();
