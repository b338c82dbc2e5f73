/**
 * A first visit to /auth/login on the wire, against a bare React 19 + router app measured the same way in
 * the same run: every file fetched until the network is idle (the service worker's precache, /config.json
 * and the favicon included), compressed as served, headers included. Run after `vite build`.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../server/paths.ts';
import { buildBaselineApp } from '../bench/support/baseline-app.ts';
import { serve, type Served } from '../bench/support/serve.ts';
import { filesUntilIdle, totalBytes, type FetchedFile } from './first-visit-network.ts';

const KB = 1000;
/**
 * 19 files and about 1.6× the bare app before issue 24's work (not counting the service worker's precache
 * of some 1.5 MB, which also ran); 1.35× in 6 files after it: the worker, the toasts, the update offer, the error screen and the
 * API clients wait until the trader signs in or acts. The goal is 1.2×, met since the public pages run
 * without react-router (below).
 */
// 1.36× in 6 files once the other work merged (118.7 KB against 87.3 KB); 1.32× in 3 files (115.7 KB,
// as many files as the bare app) once /config.json and its reader waited for the trader to act and the favicon
// moved into index.html. The gauge keeps about 1.5 KB of room so that chunk-name noise does not fail it, and
// still fails any real regression. 1.29× (112.7 KB) once sign-in checked its two rules without the whole rule
// set, its request and refusal texts waited for its first input, registration's words left, and a first visit
// stopped loading the session's restore (nothing is stored yet); about 1 KB of room again. 1.26× (110.0 KB) once
// the app's intl formatted messages only (react-intl's other formatters come with the signed-in shell), the
// public stylesheet carried only the preflight its elements need, and reading a failed response waited for the
// API clients; about 1 KB of room. 1.25× (109.3 KB) once the public pages read the Jotai store through
// useSyncExternalStore and jotai's React bindings came with the signed-in screens; 0.8 KB of room. 0.93×
// (81.6 KB against 87.3 KB) once sign-in and registration moved between each other on the History API and
// react-router came with the app (app/public-pages.tsx): the gauge keeps about 5 KB of room under the bare app.
const RATIO_BUDGET = 1.0;
const FILES_BUDGET = 3;

describe('the first visit on the wire', () => {
  let servers: Served[] = [];
  let app: FetchedFile[] = [];
  let bare: FetchedFile[] = [];

  beforeAll(async () => {
    const baselineDist = await buildBaselineApp(repoRoot);
    servers = [await serve(repoRoot, join(repoRoot, 'dist')), await serve(repoRoot, baselineDist)];
    app = await filesUntilIdle(`${servers[0]!.url}/auth/login`);
    bare = await filesUntilIdle(`${servers[1]!.url}/auth/login`);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it(`fetches at most ${RATIO_BUDGET}× the bare app's bytes in at most ${FILES_BUDGET} files, counting every file until the network is idle`, () => {
    const ratio = totalBytes(app) / totalBytes(bare);
    console.info(`first visit until idle: ${(totalBytes(app) / KB).toFixed(1)} KB in ${app.length} files, ${ratio.toFixed(2)}× the bare app's ${(totalBytes(bare) / KB).toFixed(1)} KB in ${bare.length}`);
    for (const file of app) console.info(`  ${file.path}${file.byServiceWorker ? ' (service worker)' : ''}: ${(file.bytes / KB).toFixed(1)} KB`);
    expect(app.filter((file) => file.byServiceWorker)).toEqual([]);
    expect(app.length).toBeLessThanOrEqual(FILES_BUDGET);
    expect(ratio).toBeLessThanOrEqual(RATIO_BUDGET);
  });
});
