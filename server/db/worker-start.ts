// How the server starts a worker thread from a TypeScript entry (a book's database, a backtest's run): built ahead
// with the server when it runs from dist-server/ (`npm start`, worker-entry.ts); else bundled once per process into
// plain JavaScript (worker-bundle.ts: no TypeScript loader in the thread, about 60 MB a thread less); should
// bundling fail (esbuild missing), through worker-boot.mjs, which registers tsx in the thread and imports the entry.
import { Worker, type TransferListItem } from 'node:worker_threads';
import { bundledEntry as builtAheadEntry } from '../worker-entry.ts';
import { bundledEntry } from './worker-bundle.ts';

const boot = new URL('./worker-boot.mjs', import.meta.url);

export async function startWorker(entry: URL, data: Record<string, unknown>, transferList: TransferListItem[] = []): Promise<Worker> {
  const builtAhead = builtAheadEntry(entry);
  if (builtAhead !== undefined) return new Worker(builtAhead, { workerData: data, transferList });
  const bundled = await bundledEntry(entry).catch(() => null);
  if (bundled !== null) return new Worker(bundled, { workerData: data, transferList });
  return new Worker(boot, { workerData: { ...data, entry: entry.href }, transferList });
}
