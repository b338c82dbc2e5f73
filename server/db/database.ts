// The one database interface the services see. Two implementations: PGlite (embedded Postgres in
// WebAssembly, the default) and a PostgreSQL server through pg.Pool (DATABASE_URL). Both speak the same
// SQL; services write plain Postgres and never ask which one they have.
import type { MessagePort } from 'node:worker_threads';

export type QueryResult<T> = { rows: T[] };

/**
 * `last`: the transaction's last statement. Its COMMIT may go out with it, without waiting for its answer
 * (PostgreSQL: one round trip for both), so nothing may be sent or fail after it, and a statement whose
 * outcome decides whether the transaction may commit must raise in SQL when it may not (a check of its
 * answer in JavaScript would come after the COMMIT). A statement that fails rolls the transaction back, as
 * any. Ignored outside a transaction and where statements are not round trips (PGlite): the transaction
 * then commits when its function returns, as without it.
 */
export type QueryOptions = { last?: boolean };

export type Queryable = {
  /** One statement with $1, $2… parameters. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * `COPY table (columns) FROM STDIN` with `data` as its input, in COPY's text format (tab-separated, `\N`
   * for null, one row a line): bulk rows in one statement, no parameter arrays to serialise and parse
   * (server/db/copy-from.ts has each driver's way).
   */
  copyFrom(sql: string, data: string): Promise<void>;
};

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * What a LISTEN hears: each NOTIFY's payload on the channel once its transaction commits, and whether the
 * database is listening at all (false while a lost connection is being replaced: notices sent meanwhile are
 * lost, so whatever they keep fresh must not be trusted until it is true again).
 */
export type Listener = { notice: (payload: string) => void; listening: (listening: boolean) => void };

/** A read by its statement and parameters, as `query` takes them. */
export type Read = readonly [sql: string, params: readonly unknown[]];

export type Database = Queryable & {
  readonly kind: DatabaseKind;
  /**
   * Asks reads a caller is about to ask, ahead and together: where each statement is a call of its own (a
   * backtest's book on PGlite, analysis/backtests/prepared-pglite.ts) they go in one call, and a read then asked
   * with nothing it reads written meanwhile is answered from what this one found. A hint only: it answers
   * nothing, fails nothing (a read that fails is asked again as usual), and is absent where round trips are
   * not calls into the process (PostgreSQL, the server's PGlite).
   */
  prefetch?(reads: readonly Read[]): Promise<void>;
  /**
   * The tables written since the last call (sorted; null: some write's tables are not known, so any), the
   * statements that failed or were rolled back counted too. A backtest's book has it (prepared-pglite.ts), so
   * its runner analyses only the tables that changed; absent elsewhere.
   */
  tablesWritten?(): string[] | null;
  /**
   * Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. Inside, use only
   * `tx`: on PGlite (a single connection) a query on the outer database would wait for the transaction
   * to end, forever.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTENs on `channel` until the returned stop is called (or the database closed). Absent where no other
   * process shares the database and nothing listens (a backtest's private copy).
   */
  listen?(channel: string, listener: Listener): Promise<() => Promise<void>>;
  /** How many connections, of every process on the database, LISTEN on `channel` through `listen` now. */
  listeners?(channel: string): Promise<number>;
  /**
   * Serves reads in the analysis lane on `port` (port-reads.ts's messages) where the database runs: a worker
   * thread's reads of the server's PGlite go to its thread straight, their rows never through the request thread.
   * Absent where the database runs in this thread (port-reads.ts serveReads serves them here).
   */
  serveReads?(port: MessagePort): Promise<void>;
  close(): Promise<void>;
};

/** Postgres error codes the services act on. */
export const pgErrorCodes = { uniqueViolation: '23505' } as const;

export function isPgError(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

/**
 * The SQLSTATE of an error the database itself raised, else null. Both drivers throw a DatabaseError
 * carrying `code` (five characters) and `severity`; Node's own errors carry a `code` too (EPIPE), never
 * a severity.
 */
export function sqlStateOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('severity' in error) || !('code' in error)) return null;
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) ? error.code : null;
}
