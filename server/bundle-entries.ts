// Where the worker threads' entries are when the server runs from its bundle (`npm start`: dist-server/, built by
// scripts/server-bundle.mjs, which puts a map of them in place of this module). Run from its TypeScript (tsx: the
// tests, `npm run dev`, the benchmarks' older code) the map is empty and a worker registers tsx first.
/** Source path from the repository root (server/…/x.ts) → the bundled module's URL. */
export const bundledEntries: ReadonlyMap<string, URL> = new Map();
