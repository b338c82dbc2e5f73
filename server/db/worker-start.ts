// How the server starts a worker thread from a TypeScript entry (a book's database, a backtest's run): built ahead
// with the server when it runs from dist-server/ (`npm start`, worker-entry.ts); else bundled once per process into
// plain JavaScript (worker-bundle.ts: no TypeScript loader in the thread, about 60 MB a thread less); should
// bundling fail (esbuild missing), through worker-boot.mjs, which registers tsx in the thread and imports the entry.
import { Worker, type TransferListItem } from 'node:worker_threads';
import { bundledEntry as builtAheadEntry } from '../worker-entry.ts';
import { bundledEntry } from './worker-bundle.ts';

const boot = new URL('./worker-boot.mjs', import.meta.url);

/**
 * The process's Node options less its TypeScript loader (`node --import tsx`, `npx tsx`: the tests, the benches,
 * the dev server), which a Worker inherits by default: a bundled or built entry is plain JavaScript, and tsx
 * started in the thread only loaded its hooks and read every module's source map (a second or more of a
 * backtest thread's start). Every other option (memory limits, profiling) is kept.
 */
export function withoutTypeScriptLoader(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let at = 0; at < execArgv.length; at += 1) {
    const option = execArgv[at]!;
    const named = /^--(import|require|loader|experimental-loader)(=(.*))?$/.exec(option);
    if (named === null) {
      kept.push(option);
      continue;
    }
    const value = named[3] ?? execArgv[at + 1] ?? '';
    const isTsx = /(^|[\\/])tsx([\\/]|$)/.test(value) || value === 'tsx';
    if (!isTsx) {
      kept.push(option);
      if (named[3] === undefined && execArgv[at + 1] !== undefined) kept.push(execArgv[at + 1]!);
    }
    if (named[3] === undefined) at += 1;
  }
  return kept;
}

export async function startWorker(entry: URL, data: Record<string, unknown>, transferList: TransferListItem[] = []): Promise<Worker> {
  const builtAhead = builtAheadEntry(entry);
  const execArgv = withoutTypeScriptLoader(process.execArgv);
  if (builtAhead !== undefined) return new Worker(builtAhead, { workerData: data, transferList, execArgv });
  const bundled = await bundledEntry(entry).catch(() => null);
  if (bundled !== null) return new Worker(bundled, { workerData: data, transferList, execArgv });
  return new Worker(boot, { workerData: { ...data, entry: entry.href }, transferList });
}
