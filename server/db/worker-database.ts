// Databases whose database lives in a worker thread (worker-host.ts): replays' books (in-memory PGlite) and the
// server's own PGlite (pglite-database.ts `thread`). PGlite runs Postgres in WebAssembly on the thread that calls
// it, and starting one costs seconds of CPU (its data directory unpacked, Postgres started), as does each heavy
// statement, which on the request thread held every order, kill switch and health check behind it (issue 61). Here the services keep the same Database;
// each statement is a message to the worker and its rows a message back, so the request thread only waits. A
// worker hosts several databases (the books of one PGlite, a schema each: book-schemas.ts), each opened by
// `open`; ending the worker gives its WebAssembly memory back.
import type { MessagePort, TransferListItem, Worker } from 'node:worker_threads';
import type { Database, Listener, Queryable, QueryResult } from './database.ts';
import { currentLane } from './lanes.ts';
import { startWorker } from './worker-start.ts';
import { received, type HostAnswer, type HostNotice, type HostReady, type HostRequest } from './worker-protocol.ts';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Request = HostRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export type WorkerDatabase = Database & {
  /** The worker's thread id (tests: which worker a database is in). */
  readonly threadId: number;
};

export type WorkerHost = {
  readonly threadId: number;
  /**
   * One more database in the worker (a book). `listens`: it has `listen`, its notices forwarded (the server's
   * own database); a book's has none, as nothing shares it.
   */
  open(options?: { listens?: boolean }): Promise<WorkerDatabase>;
  /** Whether the worker has ended (or failed): nothing more opens in it. */
  readonly gone: boolean;
  /**
   * Lets the process exit while the worker lives (no database open in it), or not (ref). Either way a statement
   * under way holds the process until it is answered, as it would were the database in this thread.
   */
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
  worker.on('exit', (code) => fail(new Error(`The database's worker thread ended (exit code ${code})`)));

  await new Promise<void>((resolve, reject) => {
    const onReady = (message: HostReady) => {
      if (message.ready) resolve();
      else reject(received(message.error));
    };
    worker.once('message', onReady);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The database's worker thread ended before it opened (exit code ${code})`)));
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  worker.removeAllListeners('message');
  /** The LISTENs under way, by number: each notice the worker sends names one. */
  const listeners = new Map<number, Listener>();
  let listened = 0;
  worker.on('message', (message: HostAnswer | HostNotice) => {
    if ('notice' in message) return listeners.get(message.notice)?.notice(message.payload);
    const waiting = pending.get(message.id);
    if (waiting === undefined) return;
    pending.delete(message.id);
    if (pending.size === 0) holdProcess();
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(received(message.error));
  });

  // Whether the worker holds the process alive when nothing is under way (unref/ref).
  let held = true;
  const holdProcess = () => (held || pending.size > 0 ? worker.ref() : worker.unref());

  function send<T>(request: Request, transfer: TransferListItem[] = []): Promise<T> {
    if (gone !== null) return Promise.reject(gone);
    next += 1;
    const id = next;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (pending.size === 1) holdProcess();
      worker.postMessage({ ...request, id }, transfer);
    });
  }

  async function listen(db: number, channel: string, listener: Listener): Promise<() => Promise<void>> {
    listened += 1;
    const number = listened;
    listeners.set(number, listener);
    try {
      await send<void>({ op: 'listen', db, channel, listen: number });
    } catch (error) {
      listeners.delete(number);
      throw error;
    }
    listener.listening(true);
    return async () => {
      listeners.delete(number);
      listener.listening(false);
      await send<void>({ op: 'unlisten', listen: number }).catch(() => undefined);
    };
  }

  /** Numbered across the worker's databases (the worker keeps them in one map). */
  let transactions = 0;
  let ending: Promise<void> | null = null;

  function database(db: number, listens: boolean): WorkerDatabase {
    const queryable = (tx?: number): Queryable => ({
      async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
        return { rows: await send<T[]>({ op: 'query', db, sql, params, lane: currentLane(), ...(tx === undefined ? {} : { tx }) }) };
      },
      exec: (sql) => send<void>({ op: 'exec', db, sql, lane: currentLane(), ...(tx === undefined ? {} : { tx }) }),
      copyFrom: (sql, data) => send<void>({ op: 'copy', db, sql, data, lane: currentLane(), ...(tx === undefined ? {} : { tx }) }),
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
        await send<void>({ op: 'begin', db, tx, lane: currentLane() });
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
      ...(listens ? { listen: (channel: string, listener: Listener) => listen(db, channel, listener) } : {}),
      serveReads: (port: MessagePort) => send<void>({ op: 'serve-reads', db, port }, [port]),
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
    async open(options = {}) {
      return database(await send<number>({ op: 'open' }), options.listens === true);
    },
    unref() {
      held = false;
      holdProcess();
    },
    ref() {
      held = true;
      holdProcess();
    },
    end() {
      ending ??= worker.terminate().then(() => undefined);
      return ending;
    },
  };
}
