// The server's database read from a worker thread through the thread that holds it (issue 61): a backtest's
// engine runs in a thread of its own (analysis/backtests/thread-runner.ts), while its history stays in the
// server's database (a PostgreSQL pool is the process's; the server's PGlite has a thread of its own, which answers
// these reads itself: Database.serveReads). The engine's reads of it are few and batched (history-prices.ts loads a
// run's days in three statements), so each is one message there and its rows one back. Reads only: the thread's
// Database refuses writes, which nothing there makes.
import type { MessagePort } from 'node:worker_threads';
import type { Database, DatabaseKind, Queryable, QueryResult } from './database.ts';
import { received, sendable, type SentError } from './worker-protocol.ts';

type ReadRequest = { id: number; sql: string; params: readonly unknown[] };
type ReadAnswer = { id: number; ok: true; rows: unknown[] } | { id: number; ok: false; error: SentError };

/** Answers each read that arrives on `port` from `db`, until the port is closed. */
export function serveReads(port: MessagePort, db: Queryable): void {
  port.on('message', (request: ReadRequest) => {
    db.query(request.sql, request.params).then(
      ({ rows }) => port.postMessage({ id: request.id, ok: true, rows } satisfies ReadAnswer),
      (error: unknown) => port.postMessage({ id: request.id, ok: false, error: sendable(error) } satisfies ReadAnswer),
    );
  });
}

/** The database `serveReads` serves on the other end of `port`, for reads (`kind`: the served database's). */
export function portReads(port: MessagePort, kind: DatabaseKind): Database {
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let next = 0;
  port.on('message', (answer: ReadAnswer) => {
    const waiting = pending.get(answer.id);
    if (waiting === undefined) return;
    pending.delete(answer.id);
    if (answer.ok) waiting.resolve(answer.rows);
    else waiting.reject(received(answer.error));
  });
  const refused = (what: string) => Promise.reject(new Error(`The server's database is read, not written, from this thread (${what})`));
  return {
    kind,
    query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      next += 1;
      const id = next;
      return new Promise<QueryResult<T>>((resolve, reject) => {
        pending.set(id, { resolve: (rows) => resolve({ rows: rows as T[] }), reject });
        port.postMessage({ id, sql, params } satisfies ReadRequest);
      });
    },
    exec: () => refused('exec'),
    copyFrom: () => refused('copy'),
    transaction: () => refused('transaction'),
    // The port held open keeps the thread alive while a read is out; closing it lets the thread end.
    close: async () => port.close(),
  };
}
