// PGlite's WebAssembly and its file-system bundle, made ready once per process for every PGlite.create (issue 61:
// the first replay read after a restart). Left to itself each PGlite reads its 9 MB pglite.wasm and compiles it
// (a quarter of a second of CPU on each book thread's start), and reads its 6 MB pglite.data; a compiled
// WebAssembly.Module and a Blob can be handed to a worker thread (workerData or postMessage: the module's
// compiled code is shared, not compiled again, and so is whatever V8 compiles of it later), so a book thread
// starts from the process's own. Pass the answer as PGlite.create's options: `PGlite.create({ ...modules, … })`.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** PGlite.create's options for its WebAssembly modules and file-system bundle (its interface's names). */
export type PgliteModules = { pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module; fsBundle: Blob };

/** PGlite's dist/ folder, where its entry and its .wasm and .data files are (its package.json names no files). */
function pgliteDist(): string {
  return dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
}

/** The global WebAssembly object: the server's TypeScript libraries (no DOM) declare its types only. */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;

async function load(): Promise<PgliteModules> {
  const dist = pgliteDist();
  // Compiled off the calling thread (V8's background compile), the files read by libuv's pool.
  const [pgliteWasmModule, initdbWasmModule, bundle] = await Promise.all([
    readFile(join(dist, 'pglite.wasm')).then((bytes) => wasm.compile(bytes)),
    readFile(join(dist, 'initdb.wasm')).then((bytes) => wasm.compile(bytes)),
    readFile(join(dist, 'pglite.data')),
  ]);
  return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([bundle]) };
}

let loading: Promise<PgliteModules> | undefined;

/** PGlite's modules, once per process (a failure is not kept: the next call tries again). */
export function pgliteModules(): Promise<PgliteModules> {
  if (loading === undefined) {
    loading = load();
    loading.catch(() => (loading = undefined));
  }
  return loading;
}
