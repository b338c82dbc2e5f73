// The backtest book's Database over PGlite with named prepared statements. A backtest asks the same few
// dozen statements tens of thousands of times (the engine's reads on each look, the paper broker's writes);
// PGlite's own `query` sends every one as an unnamed statement in six calls into the WebAssembly (parse,
// describe, bind, describe, execute, sync), so Postgres parses and analyses the text again each time. Here a
// statement is parsed, described (its parameter types cached) and planned once per book, then each run is one
// call: bind, describe, execute, sync. The plan is generic (`plan_cache_mode = force_generic_plan`): planning
// the engine's joins over views took as long as running them. Postgres plans a statement again when the
// statistics it was planned with change (the runner's ANALYZE). A plan decides how rows are found, never
// which rows a query answers; the order of rows a query does not sort could differ from PGlite.query's, as
// it can between PGlite and PostgreSQL (the bench's year of trades and its report are identical either way).
// Like PGlite, one statement or transaction at a time: a query outside a transaction waits for the running
// one (and, as with PGlite, a query on the outer database inside `transaction` would wait for ever).
import { PGlite, TransactionAbortedError, parse, protocol } from '@electric-sql/pglite';
import { pgliteCopyFrom } from '../../db/copy-from.ts';
import type { Database, Queryable } from '../../db/database.ts';

const { serialize } = protocol;

type Prepared = { name: string; paramTypes: number[] };

const concat = (parts: readonly Uint8Array[]) => {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
};

export function preparedPglite(pg: PGlite): Database {
  const statements = new Map<string, Promise<Prepared>>();
  let named = 0;
  // One statement or transaction at a time (PGlite's single connection): each waits for the one before.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => {});
    return run;
  };

  // The book lives in memory (no file system to sync after a statement).
  const send = (parts: readonly Uint8Array[]) => pg.execProtocol(concat(parts), { syncToFs: false });

  function prepare(sql: string): Promise<Prepared> {
    let prepared = statements.get(sql);
    if (prepared === undefined) {
      const name = `book_${(named += 1)}`;
      prepared = send([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]).then(
        ({ messages }) => ({ name, paramTypes: parse.parseDescribeStatementResults(messages) }),
      );
      // A statement that does not parse (or arrived in an aborted transaction) is not kept: the next try parses it again.
      prepared.catch(() => statements.delete(sql));
      statements.set(sql, prepared);
    }
    return prepared;
  }

  async function run<T>(sql: string, params: readonly unknown[]): Promise<{ rows: T[] }> {
    const { name, paramTypes } = await prepare(sql);
    // The values serialised as PGlite's own query does (its serializer for the parameter's type, else text).
    const values = params.map((value, n) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[paramTypes[n]!];
      return serializer === undefined ? String(value) : serializer(value);
    });
    const { messages } = await send([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
    return { rows: (parse.parseResults(messages, pg.parsers)[0]?.rows ?? []) as T[] };
  }

  async function execute(sql: string): Promise<void> {
    await send([serialize.query(sql)]);
  }

  // COPY through PGlite's own query (its /dev/blob), in the turn of whoever holds the connection.
  const copy = (sql: string, data: string) => pgliteCopyFrom(pg, sql, data);
  const inside: Queryable = { query: run, exec: execute, copyFrom: copy };

  return {
    kind: 'pglite',
    query: <T>(sql: string, params: readonly unknown[] = []) => exclusive(() => run<T>(sql, params)),
    exec: (sql) => exclusive(() => execute(sql)),
    copyFrom: (sql, data) => exclusive(() => copy(sql, data)),
    transaction: (fn) =>
      exclusive(async () => {
        await execute('BEGIN');
        let result;
        try {
          result = await fn(inside);
        } catch (error) {
          await execute('ROLLBACK');
          throw error;
        }
        // As PGlite: a transaction whose statement failed (the error caught inside) rolls back at COMMIT and throws.
        const { messages } = await send([serialize.query('COMMIT')]);
        if (parse.parseResults(messages, pg.parsers)[0]?.command === 'ROLLBACK') throw new TransactionAbortedError();
        return result;
      }),
    close: () => exclusive(() => pg.close()),
  };
}

/** Opens an in-memory PGlite from a dump with prepared statements (see the header). */
export async function openPreparedPglite(dump: Blob): Promise<Database> {
  const pg = await PGlite.create({ loadDataDir: dump });
  // Planned once per statement (see the header).
  await pg.exec('SET plan_cache_mode = force_generic_plan');
  return preparedPglite(pg);
}
