/**
 * The first-visit benchmark: what a first visit to /auth/login costs, beside a bare React 19 + router app
 * measured the same way in the same run. Prints a table of medians (min–max over the runs); a benchmark, not a test.
 *
 *   npm run bench -- first-visit                  5 runs of each measure
 *   npm run bench -- first-visit --runs 9         more runs, steadier medians
 *   npm run bench -- first-visit --no-baseline
 *   npm run bench -- first-visit --compare /tmp/old/dist   adds a column for another build (e.g. before a change)
 *
 * Builds the app first when its sources changed (as `npm start` does), serves each build with the real
 * server on 127.0.0.1 (started and stopped here), and uses the system Chromium (CHROME_PATH, default
 * /usr/bin/chromium): nothing is downloaded and nothing but 127.0.0.1 is contacted.
 */
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { repoRoot } from '../../server/paths.ts';
import { firstVisitFiles, gzipSizes, loadManifest, SIGN_IN_SCREEN } from '../budget/first-visit-files.ts';
import { filesUntilIdle, totalBytes } from '../budget/first-visit-network.ts';
import { buildBaselineApp } from './support/baseline-app.ts';
import { lighthouseRuns, type LighthouseRun } from './support/lighthouse-runs.ts';
import { buildIfChanged, serve, type Served } from './support/serve.ts';
import { spread, table, type Spread } from './support/stats.ts';
import { throttledLcpRuns } from './support/throttled-lcp.ts';

type App = { name: string; dist: string; screen: string | null };
type Figures = { bytes: number; untilIdle: { bytes: number; files: number }; lighthouse: LighthouseRun[]; lcp: number[] };

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'no-baseline': { type: 'boolean', default: false },
    compare: { type: 'string', multiple: true, default: [] },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs, 1 or more');

async function prepareApps(): Promise<App[]> {
  await buildIfChanged();
  const apps: App[] = [];
  if (!values['no-baseline']) {
    console.log('Building the bare React 19 + router baseline…');
    apps.push({ name: 'bare React 19 + router', dist: await buildBaselineApp(repoRoot), screen: null });
  }
  for (const dist of values.compare) apps.push({ name: `StrikeDesk (${dist})`, dist, screen: SIGN_IN_SCREEN });
  apps.push({ name: 'StrikeDesk sign-in', dist: join(repoRoot, 'dist'), screen: SIGN_IN_SCREEN });
  return apps;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`);
const cell = (s: Spread, format: (n: number) => string) => `${format(s.median)} (${format(s.min)}–${format(s.max)})`;

async function main(): Promise<void> {
  const apps = await prepareApps();
  const servers: Served[] = [];
  const figures: Figures[] = [];
  try {
    for (const app of apps) {
      const server = await serve(repoRoot, app.dist);
      servers.push(server);
      const fetched = await filesUntilIdle(`${server.url}/auth/login`);
      figures.push({
        bytes: gzipSizes(app.dist, firstVisitFiles(loadManifest(app.dist), app.screen)).total,
        untilIdle: { bytes: totalBytes(fetched), files: fetched.length },
        lighthouse: [],
        lcp: [],
      });
    }
    // Interleaved, run by run, so a busy moment of the machine falls on both apps alike.
    for (let run = 1; run <= runs; run += 1) {
      console.log(`Run ${run} of ${runs}…`);
      for (const [i, server] of servers.entries()) {
        const url = `${server.url}/auth/login`;
        figures[i]?.lighthouse.push(...(await lighthouseRuns(url, 1)));
        figures[i]?.lcp.push(...(await throttledLcpRuns(url, 1)));
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
  const column = (pick: (f: Figures) => string) => figures.map(pick);
  const lh = (f: Figures, key: keyof LighthouseRun) => spread(f.lighthouse.map((r) => r[key]));
  console.log(`\nFirst visit to /auth/login: medians of ${runs} runs (min–max)\n`);
  console.log(
    table(
      ['', ...apps.map((app) => app.name)],
      [
        ['JS + CSS, gzip (what sign-in needs; budget test)', ...column((f) => kb(f.bytes))],
        ['Every file until the network is idle, on the wire (budget test)', ...column((f) => `${kb(f.untilIdle.bytes)} in ${f.untilIdle.files} files`)],
        ['JS + CSS the page fetched until idle, on the wire with headers (Lighthouse)', ...column((f) => kb(lh(f, 'scriptCssBytes').median))],
        ['Lighthouse mobile performance', ...column((f) => cell(lh(f, 'score'), String))],
        ['Total Blocking Time (Lighthouse)', ...column((f) => cell(lh(f, 'tbtMs'), ms))],
        ['LCP (Lighthouse, simulated)', ...column((f) => cell(lh(f, 'lcpMs'), ms))],
        ['LCP, Slow 4G + 4× CPU', ...column((f) => cell(spread(f.lcp), ms))],
      ],
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
