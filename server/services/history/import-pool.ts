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
  list(name: string, bytes: Uint8Array): Promise<UploadListing>;
  /** `stocks`: the stocks whose options and futures a bhavcopy's import keeps (the underlyings table's). */
  read(name: string, entry: string | null, bytes: Uint8Array, index: HistoryIndex | null, indexNames: IndexNames, stocks: readonly string[]): Promise<ReadCsv>;
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
    read: (name, entry, bytes, index, indexNames, stocks) => run<ReadCsv>({ op: 'read', name, entry, bytes, index, indexNames, stocks }),
    async close() {
      const stopping = pool;
      pool = null;
      await stopping?.destroy();
    },
  };
}

/** Bytes copied into shared memory in one turn of the loop (a copy into shared memory goes byte by byte). */
const sharedCopyBytes = 1024 * 1024;

/** Copies `source` into `target` from `at`, a megabyte a turn of the loop. */
export async function copyInTurns(source: Uint8Array, target: Uint8Array, at: number): Promise<void> {
  for (let from = 0; from < source.length; from += sharedCopyBytes) {
    if (from > 0) await nextTurn();
    target.set(source.subarray(from, from + sharedCopyBytes), at + from);
  }
}

/**
 * The upload's bytes where every thread reads them without a copy of its own: as they are when they already are
 * in shared memory (an upload's body is read there as it arrives: http/shared-body.ts), else copied in (an upload
 * kept in the database, read back by the instance running its job).
 */
export async function sharedBytes(bytes: Buffer): Promise<Uint8Array> {
  if (bytes.buffer instanceof SharedArrayBuffer) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const view = new Uint8Array(new SharedArrayBuffer(bytes.length));
  await copyInTurns(bytes, view, 0);
  return view;
}
