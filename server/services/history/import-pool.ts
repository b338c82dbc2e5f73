// The threads that read uploaded history files (upload-reader.ts), through Piscina: inflating and parsing a day's
// bhavcopy is ~100-300 ms of a core, which on the request loop held every order, kill switch and health check
// behind it (four 62 MB imports kept health checks at 1.5 s for 30 s). No thread is started until the first
// import, and an idle one ends, so a start and a server that imports nothing pay nothing.
import { availableParallelism } from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Piscina } from 'piscina';
import { analysisNice } from '../../db/worker-host.ts';
import { bundledEntry } from '../../worker-entry.ts';
import type { IndexNames } from './index-names.ts';
import type { HistoryIndex } from './history-files.ts';
import type { ReadCsv, UploadListing, UploadTask } from './upload-reader.ts';

export type ImportPool = {
  list(name: string, bytes: SharedArrayBuffer): Promise<UploadListing>;
  read(name: string, entry: string | null, bytes: SharedArrayBuffer, index: HistoryIndex | null, indexNames: IndexNames): Promise<ReadCsv>;
  close(): Promise<void>;
};

/** One core is left to the request loop and the server's database thread: on 2 cores, one reading thread. */
export const defaultImportThreads = Math.max(1, availableParallelism() - 1);

const idleThreadMs = 30_000;
// The reading threads run at the analysis threads' nice value (Linux: per thread, through @napi-rs/nice): when the
// cores are busy, orders and the kill switch run before an import's parsing. Where it cannot be set, as before.

export function createImportPool(threads = defaultImportThreads): ImportPool {
  let pool: Piscina | null = null;
  // Bundled (`npm start`), the reader runs as it is; from TypeScript, import-worker.mjs registers tsx first.
  const filename = (bundledEntry(new URL('./upload-reader.ts', import.meta.url)) ?? new URL('./import-worker.mjs', import.meta.url)).href;
  const started = () =>
    (pool ??= new Piscina({ filename, name: 'runUploadTask', minThreads: 0, maxThreads: threads, idleTimeout: idleThreadMs, niceIncrement: analysisNice }));
  const run = <Answer>(task: UploadTask) => started().run(task) as Promise<Answer>;
  return {
    list: (name, bytes) => run<UploadListing>({ op: 'list', name, bytes }),
    read: (name, entry, bytes, index, indexNames) => run<ReadCsv>({ op: 'read', name, entry, bytes, index, indexNames }),
    async close() {
      const stopping = pool;
      pool = null;
      await stopping?.destroy();
    },
  };
}

/** Bytes copied into shared memory in one turn of the loop (a copy into shared memory goes byte by byte). */
const sharedCopyBytes = 1024 * 1024;

/** The upload's bytes where every thread reads them without a copy of its own; copied a megabyte a turn. */
export async function sharedBytes(bytes: Buffer): Promise<SharedArrayBuffer> {
  const shared = new SharedArrayBuffer(bytes.length);
  const view = new Uint8Array(shared);
  for (let at = 0; at < bytes.length; at += sharedCopyBytes) {
    if (at > 0) await nextTurn();
    view.set(bytes.subarray(at, at + sharedCopyBytes), at);
  }
  return shared;
}
