/**
 * Whether this browser may have something of StrikeDesk's in IndexedDB, asked without opening it: a first
 * visit has nothing to restore, so boot then leaves the restore code (idb-keyval, the persisted values'
 * parsers, about 1 KB compressed) out of the entry and loads it only once something is to be saved (issue 24).
 * Anything but a clear "no" (a browser without indexedDB.databases(), an error, no answer in time) says yes,
 * and the stored values are read as before: a returning trader is never taken for a new one.
 */

/** idb-keyval's default database, the one lib/persist/idb-storage.ts uses. */
const STORED_STATE_DATABASE = 'keyval-store';
const PROBE_TIMEOUT_MS = 1000;

export async function mayHaveStoredState(timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  const factory = typeof indexedDB === 'undefined' ? undefined : indexedDB;
  if (factory === undefined || typeof factory.databases !== 'function') return true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const noAnswer = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), timeoutMs);
  });
  const answer = factory.databases().then(
    (databases) => databases.some((database) => database.name === STORED_STATE_DATABASE),
    () => true,
  );
  try {
    return await Promise.race([answer, noAnswer]);
  } finally {
    clearTimeout(timer);
  }
}
