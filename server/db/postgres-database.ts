// PostgreSQL through a connection pool: how the server scales past one machine (DATABASE_URL). Statements and
// transactions take their turn for a connection in priority-gate.ts: trading first, and a few connections
// analysis never takes.
import pg from 'pg';
import { postgresCopyFrom } from './copy-from.ts';
import { describedQuery } from './described-statements.ts';
import type { Database, Queryable, QueryOptions } from './database.ts';
import { listenOnPostgres, listenStatement } from './postgres-listen.ts';
import { createPriorityGate } from './priority-gate.ts';

export type PostgresOptions = {
  connectionString: string;
  /** Schema to work in (tests give each file its own); `public` when absent. */
  schema?: string;
  maxConnections?: number;
};

type PgQueryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/** COPY needs one client for its whole exchange: a transaction's own, or one borrowed from the pool. */
async function copyOnPool(pool: pg.Pool, sql: string, data: string): Promise<void> {
  const client = await pool.connect();
  try {
    await postgresCopyFrom(client, sql, data);
  } finally {
    client.release();
  }
}

/**
 * Names for the statements the server sends, so each connection parses and plans a statement once and then
 * only binds and executes it (PostgreSQL's extended protocol): an order runs about fifteen of them, and
 * parsing and planning them again each time was a good part of the database's work; their rows' shape is
 * described once a connection too (described-statements.ts). The server's SQL is
 * a fixed set of texts; the cap keeps a text built from variable parts from growing every connection's
 * statement cache without bound (past it, statements go unnamed, as before).
 */
const statementNames = new Map<string, string>();
const maxNamedStatements = 2000;

function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < maxNamedStatements) {
    name = `s${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** Inside a transaction, how its statements go out (pipelined below): each is sent through it, the last with its COMMIT. */
type Opening = { with: <R>(send: () => Promise<R>, last?: boolean) => Promise<R> };

function wrap(target: PgQueryable, copyFrom: Queryable['copyFrom'], opening?: Opening): Queryable {
  const sent = <R>(send: () => Promise<R>, last = false) => (opening === undefined ? send() : opening.with(send, last));
  return {
    async query<T>(sql: string, params: readonly unknown[] = [], options: QueryOptions = {}) {
      const name = statementName(sql);
      const result = await sent(
        () => (name === undefined ? target.query({ text: sql, values: [...params] }) : describedQuery(target, name, sql, [...params])),
        options.last,
      );
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await sent(() => target.query(sql));
    },
    async copyFrom(sql, data) {
      // A COPY answers the server's request for its rows, so it is not pipelined: its BEGIN is answered first.
      await sent(() => Promise.resolve());
      await copyFrom(sql, data);
    },
  };
}

/**
 * A transaction's statements, pipelined where the caller lets them be (issue 37: a round trip is CPU on both
 * sides of the socket, and most of what an order costs):
 * - its BEGIN goes out with its first statement, in one write and answered in one round trip where they were
 *   two; `sent` says whether it went out (a transaction that made no statement has nothing to commit);
 * - statements sent in one tick without waiting for one another (a caller that sends a read behind another,
 *   pacing-step.ts) leave in one write too: the socket is corked for the rest of the tick.
 * pg's pipeline mode sends a statement without waiting for the answer to the one before, and PostgreSQL runs
 * them one after the other in the order they came, each its own statement (its own snapshot, its own error),
 * so the first statement runs inside the transaction and every statement after the one sent before it;
 * - the statement marked last (QueryOptions) leaves with the COMMIT in one write: one round trip for both.
 *   Should it fail, PostgreSQL answers that COMMIT in the failed transaction with a ROLLBACK, and nothing of
 *   the transaction is kept. `committed`: the COMMIT went out (the transaction ends with its answer).
 */
function pipelined(client: pg.PoolClient) {
  const { stream } = (client as unknown as pg.Client).connection;
  let begun: Promise<unknown> | null = null;
  let committed = false;
  let corked = false;
  const gather = () => {
    if (corked) return;
    corked = true;
    stream.cork();
    // Once this tick's synchronous work is done: whatever it sent leaves then, in one write.
    process.nextTick(() => {
      corked = false;
      stream.uncork();
    });
  };
  return {
    async with<R>(send: () => Promise<R>, last = false): Promise<R> {
      // Sent after the COMMIT, it would run outside the transaction.
      if (committed) throw new Error('A statement after the last one of its transaction');
      gather();
      if (!last) {
        if (begun !== null) return send();
        begun = client.query('BEGIN');
        const [, answer] = await Promise.all([begun, send()]);
        return answer;
      }
      const opening = begun ?? (begun = client.query('BEGIN'));
      const result = send();
      committed = true;
      // Every answer awaited, the COMMIT's too, before the connection can go back to the pool.
      const [begin, answer, commit] = await Promise.allSettled([opening, result, client.query('COMMIT')]);
      for (const outcome of [begin, answer, commit]) if (outcome.status === 'rejected') throw outcome.reason;
      return (answer as PromiseFulfilledResult<R>).value;
    },
    get sent() {
      return begun !== null;
    },
    get committed() {
      return committed;
    },
  };
}

export function isSafeIdentifier(name: string): boolean {
  return /^[a-z_][a-z0-9_]{0,62}$/.test(name);
}

export function openPostgresDatabase(options: PostgresOptions): Database {
  if (options.schema !== undefined && !isSafeIdentifier(options.schema)) {
    throw new Error(`Not a safe schema name: "${options.schema}"`);
  }
  const max = options.maxConnections ?? 10;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max,
    // A statement may be sent before the one ahead of it is answered (a transaction's BEGIN with its first
    // statement, above); one at a time otherwise, as every caller awaits its statement.
    pipeline: true,
    ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
  });
  // An idle client losing its connection (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const outer = wrap(pool, (sql, data) => copyOnPool(pool, sql, data));
  // Every LISTEN's own connection, ended with the pool.
  const listening = new Set<() => Promise<void>>();
  const database: Database = {
    kind: 'postgres',
    query: outer.query,
    exec: outer.exec,
    copyFrom: outer.copyFrom,
    async transaction(fn) {
      const client = await pool.connect();
      const begin = pipelined(client);
      let result;
      try {
        result = await fn(wrap(client, (sql, data) => postgresCopyFrom(client, sql, data), begin));
        if (begin.sent && !begin.committed) await client.query('COMMIT');
      } catch (error) {
        // A connection that cannot even roll back is broken: destroy it rather than pool it. Once its COMMIT
        // went out, the transaction is over either way (committed, or rolled back by the failure).
        const broken = begin.sent && !begin.committed
          ? await client.query('ROLLBACK').then(
              () => false,
              () => true,
            )
          : false;
        client.release(broken);
        throw error;
      }
      client.release();
      return result;
    },
    async listen(channel, listener) {
      const stop = await listenOnPostgres({ connectionString: options.connectionString }, channel, listener);
      const stopOnce = async () => {
        listening.delete(stopOnce);
        await stop();
      };
      listening.add(stopOnce);
      return stopOnce;
    },
    async listeners(channel) {
      // By the last statement a listening connection ran (its only one), not its name: a DATABASE_URL naming
      // the application names every connection, the listening ones too.
      const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = $1', [
        listenStatement(channel),
      ]);
      return rows[0]?.n ?? 0;
    },
    async close() {
      await Promise.all([...listening].map((stop) => stop()));
      await pool.end();
    },
  };
  // One turn a connection (a statement outside a transaction, a COPY, or a whole transaction); a fifth of the
  // pool (at least one) is kept for the trading lane.
  const gate = createPriorityGate({ capacity: max, reserved: Math.max(1, Math.floor(max / 5)) });
  return {
    ...database,
    query: <T>(sql: string, params?: readonly unknown[], queryOptions?: QueryOptions) => gate.run(() => database.query<T>(sql, params, queryOptions)),
    exec: (sql) => gate.run(() => database.exec(sql)),
    copyFrom: (sql, data) => gate.run(() => database.copyFrom(sql, data)),
    transaction: (fn) => gate.run(() => database.transaction(fn)),
  };
}
