// The worker thread's side of worker-database.ts: serves the Databases the worker's entry module opens (each a
// book: a schema of the thread's one PGlite, book-schemas.ts; or the server's own PGlite, pglite-thread.ts) to the
// thread that started it, one message a statement. A transaction is held open here between its `begin` and its `end`, its statements run on it in the
// order they arrive; the databases' own queue (PGlite: one statement or transaction at a time, whichever book's)
// keeps the others waiting meanwhile, as it would in-thread.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, type MessagePort } from 'node:worker_threads';
import type { Database, Queryable } from './database.ts';
import type { Lane } from './lanes.ts';
import { serveReads } from './port-reads.ts';
import type { PriorityGate } from './priority-gate.ts';
import { sendable, type HostAnswer, type HostNotice, type HostReady, type HostRequest } from './worker-protocol.ts';

type OpenTransaction = { tx: Queryable; end: (commit: boolean) => void };

/** Thrown inside a transaction the other side rolled back: the database rolls it back, and nobody sees it. */
class RolledBack extends Error {}

/**
 * The nice value of every analysis thread (books, backtests, an import's reading): a tenth of the request thread's
 * weight. Not 19 (a 68th), though it took an arm's p99 under the heavy-work bench from 303-402 to 247 ms: a nice
 * value weighs against every process of the machine, not only this server's request thread, and on a busy
 * machine (CI's four browsers and servers) a book at 19 got so little CPU that a replay's first read took over two
 * minutes, where at 10 it takes seconds (docs/benchmarks.md, session 71).
 */
export const analysisNice = 10;

/**
 * Lowers this thread's CPU priority (Linux: a thread is a task of its own, named by /proc/thread-self, whose nice
 * value setpriority takes): when the cores are busy, the request thread's orders and kill switch run before a
 * book's statements (issue 61: trading has priority over analysis). Elsewhere the thread keeps its priority.
 */
export function yieldToRequests(nice = analysisNice): void {
  try {
    const task = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(task) && task > 0) setPriority(task, nice);
  } catch {
    // No /proc, or not allowed: the thread runs at the process's priority.
  }
}

/**
 * What the worker's entry hosts: a way to open one more database (a book), each closed by its own close(). `gate`:
 * the queue every statement and transaction outside a transaction waits in, by the lane the other side sent it in
 * (the server's database, pglite-thread.ts); without one they go to the database as they arrive (books, all of
 * them analysis).
 */
export type DatabaseHost = { open(): Promise<Database>; gate?: PriorityGate };

export async function hostDatabases(start: () => Promise<DatabaseHost>): Promise<void> {
  if (parentPort === null) throw new Error('hostDatabases runs in a worker thread');
  const port: MessagePort = parentPort;
  let host: DatabaseHost;
  try {
    host = await start();
  } catch (error) {
    port.postMessage({ ready: false, error: sendable(error) } satisfies HostReady);
    return;
  }
  const databases = new Map<number, Database>();
  let opened = 0;
  const transactions = new Map<number, OpenTransaction>();
  /** Each open transaction's outcome: committed, or why not. */
  const outcomes = new Map<number, Promise<unknown>>();
  /** Each LISTEN's stop, by the number the other side gave it. */
  const listens = new Map<number, () => Promise<void>>();
  const { gate } = host;
  /** Runs `work` at its turn: statements in a transaction run when they arrive, the transaction holding the turn. */
  const atTurn = <T>(work: () => Promise<T>, lane: Lane, tx: number | undefined): Promise<T> =>
    gate === undefined || tx !== undefined ? work() : gate.run(work, lane);

  const database = (db: number): Database => {
    const found = databases.get(db);
    if (found === undefined) throw new Error(`No database ${db} is open`);
    return found;
  };

  const target = (db: number, tx: number | undefined): Queryable => {
    if (tx === undefined) return database(db);
    const open = transactions.get(tx);
    if (open === undefined) throw new Error(`No transaction ${tx} is open`);
    return open.tx;
  };

  function begin(db: number, tx: number, lane: Lane): Promise<void> {
    return new Promise<void>((started, failed) => {
      let begun = false;
      const done = atTurn(
        () =>
          database(db).transaction(
            (inner) =>
              new Promise((resolve, reject) => {
                begun = true;
                transactions.set(tx, { tx: inner, end: (commit) => (commit ? resolve(undefined) : reject(new RolledBack())) });
                started();
              }),
          ),
        lane,
        undefined,
      );
      outcomes.set(tx, done);
      // A BEGIN that failed never started the transaction: its `begin` fails.
      done.catch((error: unknown) => {
        if (begun) return;
        outcomes.delete(tx);
        failed(error);
      });
    });
  }

  async function end(tx: number, commit: boolean): Promise<void> {
    const open = transactions.get(tx);
    if (open === undefined) throw new Error(`No transaction ${tx} is open`);
    const done = outcomes.get(tx)!;
    transactions.delete(tx);
    outcomes.delete(tx);
    open.end(commit);
    try {
      await done;
    } catch (error) {
      if (!(error instanceof RolledBack)) throw error;
    }
  }

  async function answer(request: HostRequest): Promise<unknown> {
    switch (request.op) {
      case 'open': {
        const db = await host.open();
        opened += 1;
        databases.set(opened, db);
        return opened;
      }
      case 'query':
        return (await atTurn(() => target(request.db, request.tx).query(request.sql, request.params), request.lane, request.tx)).rows;
      case 'exec':
        return atTurn(() => target(request.db, request.tx).exec(request.sql), request.lane, request.tx);
      case 'copy':
        return atTurn(() => target(request.db, request.tx).copyFrom(request.sql, request.data), request.lane, request.tx);
      case 'begin':
        return begin(request.db, request.tx, request.lane);
      case 'end':
        return end(request.tx, request.commit);
      case 'close': {
        const db = databases.get(request.db);
        databases.delete(request.db);
        return db?.close();
      }
      case 'listen': {
        const db = database(request.db);
        if (db.listen === undefined) throw new Error(`Database ${request.db} does not listen`);
        const { listen } = request;
        const notice = (payload: string) => port.postMessage({ notice: listen, payload } satisfies HostNotice);
        listens.set(listen, await db.listen(request.channel, { notice, listening: () => undefined }));
        return undefined;
      }
      case 'serve-reads': {
        const db = database(request.db);
        return serveReads(request.port, { ...db, query: (sql, params) => atTurn(() => db.query(sql, params), 'analysis', undefined) });
      }
      case 'unlisten': {
        const stop = listens.get(request.listen);
        listens.delete(request.listen);
        return stop?.();
      }
    }
  }

  port.on('message', (request: HostRequest) => {
    answer(request).then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies HostAnswer),
      (error: unknown) => port.postMessage({ id: request.id, ok: false, error: sendable(error) } satisfies HostAnswer),
    );
  });
  port.postMessage({ ready: true } satisfies HostReady);
}
