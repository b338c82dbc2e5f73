// `COPY … FROM STDIN` on both drivers, for bulk rows (a day's bhavcopy is ~5,000 of them). COPY sends the rows
// as plain text that Postgres reads straight into the table: no parameter arrays for the driver to serialise
// and Postgres to parse back, which is what a history import spent most of its time on.
// - PostgreSQL answers the COPY with CopyInResponse and waits for CopyData messages then CopyDone. pg has no API
//   for that beyond its Submittable hooks, so a Query subclass answers the CopyInResponse with the data. This is
//   what the pg-copy-streams package does; the package is a dependency for these few lines, so it is not used.
// - PGlite runs in this process and has no connection to stream into. COPY reads its input from PGlite's
//   virtual device /dev/blob, given as the query's `blob` option (its documented way to COPY from memory).
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const fromStdin = /\bFROM\s+STDIN\b/i;

function checked(sql: string): string {
  if (!fromStdin.test(sql)) throw new Error(`copyFrom takes a COPY … FROM STDIN statement, not: ${sql.slice(0, 80)}`);
  return sql;
}

/** COPY on PGlite: the statement reads /dev/blob instead of STDIN, the data given as that blob. */
export async function pgliteCopyFrom(target: Pick<PGlite, 'query'>, sql: string, data: string): Promise<void> {
  await target.query(checked(sql).replace(fromStdin, "FROM '/dev/blob'"), [], { blob: new Blob([data]) });
}

/** The connection methods pg's own Query uses to answer a CopyInResponse (in pg, not in its typings). */
type CopyConnection = pg.Connection & { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void };

/** A simple-protocol query that sends `data` when the server asks for COPY input. */
class CopyFromQuery extends pg.Query {
  private readonly data: Buffer;

  constructor(sql: string, data: Buffer, callback: (error: Error | undefined) => void) {
    super(sql, callback);
    this.data = data;
  }

  /**
   * Called by pg's client on CopyInResponse. All the data goes at once: if Postgres refuses a row it answers
   * ErrorResponse and drops the rest of the copy (the protocol's rule for a simple-query COPY), and the
   * query's callback gets that error at ReadyForQuery, as for any statement.
   */
  handleCopyInResponse(connection: CopyConnection): void {
    connection.sendCopyFromChunk(this.data);
    connection.endCopyFrom();
  }
}

/** COPY on PostgreSQL through one client (a pool's query cannot take a Submittable: it would not wait for it). */
export function postgresCopyFrom(client: pg.PoolClient | pg.Client, sql: string, data: string): Promise<void> {
  const bytes = Buffer.from(data, 'utf8');
  return new Promise((resolve, reject) => {
    client.query(new CopyFromQuery(checked(sql), bytes, (error) => (error === undefined || error === null ? resolve() : reject(error))));
  });
}
