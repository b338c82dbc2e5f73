// Databases whose database lives in a worker thread (worker-host.ts), for the databases the server opens for
// analysis: replays' books, in-memory PGlite. PGlite runs Postgres in WebAssembly on the thread that calls it, and
// starting one costs seconds of CPU (its data directory unpacked, Postgres started), which on the request thread
// held every order, kill switch and health check behind it (issue 61). Here the services keep the same Database;
// each statement is a message to the worker and its rows a message back, so the request thread only waits. A
// worker hosts several databases (the books of one PGlite, a schema each: book-schemas.ts), each opened by
// `open`; ending the worker gives its WebAssembly memory back.
import type { TransferListItem, Worker } from 'node:worker_threads';
import type { Database, Queryable, QueryResult } from './database.ts';
import { startWorker } from './worker-start.ts';
import { received, type HostAnswer, type HostReady, type HostRequest } from './worker-protocol.ts';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Request = HostRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export type WorkerDatabase = Database & {
  /** The worker's thread id (tests: which worker a database is in). */
  readonly threadId: number;
};

export type WorkerHost = {
  readonly threadId: number;
  /** One more database in the worker (a book). */
  open(): Promise<WorkerDatabase>;
  /** Whether the worker has ended (or failed): nothing more opens in it. */
  readonly gone: boolean;
  /** Lets the process exit while the worker lives (no database open in it), or not (ref). */
  unref(): void;
  ref(): void;
  /** Ends the worker and its memory: every database in it fails from then on. */
  end(): Promise<void>;
};

/**
 * Starts a worker thread running `entry` (a module that calls worker-host.ts hostDatabases) and answers it once
 * the worker is ready to open databases. `transfer`: buffers in `data` moved to the worker, not copied.
 */
export async function openWorkerHost(entry: URL, data: Record<string, unknown> = {}, transfer: TransferListItem[] = []): Promise<WorkerHost> {
  const worker: Worker = await startWorker(entry, data, transfer);
  const pending = new Map<number, Pending>();
  let next = 0;
  let gone: Error | null = null;

  const fail = (error: Error) => {
    gone ??= error;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('error', (error) => fail(error));
  worker.on('exit', (code) => fail(new Error(`The book database's worker ended (exit code ${code})`)));

  await new Promise<void>((resolve, reject) => {
    const onReady = (message: HostReady) => {
      if (message.ready) resolve();
      else reject(received(message.error));
    };
    worker.once('message', onReady);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The book database's worker ended before it opened (exit code ${code})`)));
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  worker.removeAllListeners('message');
  worker.on('message', (answer: HostAnswer) => {
    const waiting = pending.get(answer.id);
    if (waiting === undefined) return;
    pending.delete(answer.id);
    if (answer.ok) waiting.resolve(answer.value);
    else waiting.reject(received(answer.error));
  });

  function send<T>(request: Request): Promise<T> {
    if (gone !== null) return Promise.reject(gone);
    next += 1;
    const id = next;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  }

  /** Numbered across the worker's databases (the worker keeps them in one map). */
  let transactions = 0;
  let ending: Promise<void> | null = null;

  function database(db: number): WorkerDatabase {
    const queryable = (tx?: number): Queryable => ({
      async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
        return { rows: await send<T[]>({ op: 'query', db, sql, params, ...(tx === undefined ? {} : { tx }) }) };
      },
      exec: (sql) => send<void>({ op: 'exec', db, sql, ...(tx === undefined ? {} : { tx }) }),
      copyFrom: (sql, data) => send<void>({ op: 'copy', db, sql, data, ...(tx === undefined ? {} : { tx }) }),
    });
    const outer = queryable();
    let closing: Promise<void> | null = null;
    return {
      kind: 'pglite',
      threadId: worker.threadId,
      query: outer.query,
      exec: outer.exec,
      copyFrom: outer.copyFrom,
      async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
        transactions += 1;
        const tx = transactions;
        await send<void>({ op: 'begin', db, tx });
        let result: T;
        try {
          result = await fn(queryable(tx));
        } catch (error) {
          await send<void>({ op: 'end', tx, commit: false }).catch(() => undefined);
          throw error;
        }
        await send<void>({ op: 'end', tx, commit: true });
        return result;
      },
      close() {
        // Closed once, after its running statement: the worker puts its schema back for the next book.
        closing ??= send<void>({ op: 'close', db }).catch(() => undefined);
        return closing;
      },
    };
  }

  return {
    threadId: worker.threadId,
    get gone() {
      return gone !== null || ending !== null;
    },
    async open() {
      return database(await send<number>({ op: 'open' }));
    },
    unref: () => worker.unref(),
    ref: () => worker.ref(),
    end() {
      ending ??= worker.terminate().then(() => undefined);
      return ending;
    },
  };
}
