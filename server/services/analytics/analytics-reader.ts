// Runs a parsed PostgREST read (postgrest-query.ts) on the database: the page as JSON text built by
// PostgreSQL itself (numbers stay numbers, timestamps ISO 8601, as PostgREST answers), and the exact count
// when it was asked for.
import { sqlStateOf, type Queryable } from '../../db/database.ts';
import { PostgrestRefusal, readSql, type ReadQuery } from './postgrest-query.ts';

export type ReadResult = {
  /** The JSON array of the page. */
  body: string;
  rows: number;
  /** How many rows the filters match, when the read asked for a count. */
  total: number | null;
};

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // The parser checks every value's form first; a value of the right form the database still cannot
    // take (a date like 2026-02-30) is the caller's mistake, not the server's.
    const state = sqlStateOf(error);
    if (state?.startsWith('22')) throw new PostgrestRefusal(400, state, 'A filter value is not valid for its column', null, 'Check the dates, times and numbers in the filters.');
    throw error;
  }
}

export async function runRead(db: Queryable, read: ReadQuery): Promise<ReadResult> {
  const sql = readSql(read);
  return guarded(async () => {
    const { rows } = await db.query<{ body: string; rows: string | number }>(sql.rows.sql, sql.rows.params);
    const page = rows[0] ?? { body: '[]', rows: 0 };
    let total: number | null = null;
    if (read.count) {
      const counted = await db.query<{ total: string | number }>(sql.count.sql, sql.count.params);
      total = Number(counted.rows[0]?.total ?? 0);
    }
    return { body: page.body, rows: Number(page.rows), total };
  });
}
