// `npm start`: the server runs from its bundle (dist-server/, scripts/server-bundle.mjs), built here first when
// a source changed since (or never built). Running the TypeScript through tsx instead cost a start 5-11 s of
// transpiling, and each replay's or backtest's worker thread as much again (issue 61). Plain JavaScript, so
// nothing is transpiled before the check; a migration written in TypeScript is in the bundle too (server/db/migrate.ts),
// so no TypeScript loader runs in the server. What it prints after that is scripts/start.ts's. The server's
// process gets the environment it needs from its start (scripts/server-process.mjs: glibc's malloc arenas).
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleFolder, ensureServerBundle } from './server-bundle.mjs';
import { needsServerEnvironment, runWithServerEnvironment, stopWithParent } from './server-process.mjs';

if (needsServerEnvironment()) await runWithServerEnvironment();
stopWithParent();
const root = dirname(dirname(fileURLToPath(import.meta.url)));
await ensureServerBundle(root);
const { main } = await import(pathToFileURL(join(root, bundleFolder, 'start.mjs')).href);
await main();
