// PostgreSQL through a connection pool: how the server scales past one machine (DATABASE_URL).
import pg from 'pg';
import type { Database, Queryable } from './database.ts';

export type PostgresOptions = {
  connectionString: string;
  /** Schema to work in (tests give each file its own); `public` when absent. */
  schema?: string;
  maxConnections?: number;
};

type PgQueryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

function wrap(target: PgQueryable): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query(sql, [...params]);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await target.query(sql);
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
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
  });
  // An idle client losing its connection (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const outer = wrap(pool);
  return {
    kind: 'postgres',
    query: outer.query,
    exec: outer.exec,
    async transaction(fn) {
      const client = await pool.connect();
      let result;
      try {
        await client.query('BEGIN');
        result = await fn(wrap(client));
        await client.query('COMMIT');
      } catch (error) {
        // A connection that cannot even roll back is broken: destroy it rather than pool it.
        const broken = await client.query('ROLLBACK').then(
          () => false,
          () => true,
        );
        client.release(broken);
        throw error;
      }
      client.release();
      return result;
    },
    close: () => pool.end(),
  };
}
